import type { EventDefinition } from "../../data/events";

/** Event types this domain emits (declared here with defineEvent). */
export const webhookEventTypes: EventDefinition[] = [];
