import type { EventDefinition } from "../../data/events";

/** None: the archive is only read through the API. */
export const documentEvents: EventDefinition[] = [];
