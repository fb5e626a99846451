import type { EventDefinition } from "../../data/events";

/**
 * None: announcements change only in the panel (the admin CLI), never through an API write, and
 * events are emitted by API writes through their commit (the outbox joins the write's batch).
 */
export const announcementEvents: EventDefinition[] = [];
