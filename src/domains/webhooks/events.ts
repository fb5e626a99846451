import type { EventDefinition } from "../../core/events";

/** Event types this domain emits (declared here with defineEvent). */
export const webhookEventTypes: EventDefinition[] = [];
