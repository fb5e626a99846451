import type { EventDefinition } from "../../core/events";

/** None: the archive is only read through the API. */
export const documentEvents: EventDefinition[] = [];
