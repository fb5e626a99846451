import type { EventDefinition } from "../../data/events";

/** None: analytics only reads. */
export const analyticsEvents: EventDefinition[] = [];
