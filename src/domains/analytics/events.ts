import type { EventDefinition } from "../../core/events";

/** None: analytics only reads. */
export const analyticsEvents: EventDefinition[] = [];
