import type { EventDefinition } from "../../core/events";

/** None: the mailbox inbox is read only through the API. */
export const inboxEvents: EventDefinition[] = [];
