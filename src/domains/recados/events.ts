import type { EventDefinition } from "../../core/events";

/** None: message slips are only read through the API (agents take them during calls). */
export const recadoEvents: EventDefinition[] = [];
