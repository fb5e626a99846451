import type { EventDefinition } from "../../data/events";

/** None: the mailbox inbox is read only through the API. */
export const inboxEvents: EventDefinition[] = [];
