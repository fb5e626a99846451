import type { EventDefinition } from "../../core/events";

/** None yet: a send answers its outcome synchronously (history keeps it). */
export const smsEvents: EventDefinition[] = [];
