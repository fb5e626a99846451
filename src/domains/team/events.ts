import { z } from "@hono/zod-openapi";
import { defineEvent, type EventDefinition } from "../../core/events";

export const inviteRevoked = defineEvent(
  "invite.revoked",
  "A pending team invitation was revoked; its link no longer admits anyone.",
  z.object({
    id: z.string(),
    email: z.string(),
    role_id: z.string().nullable(),
    revoked_at: z.string(),
  }),
);

export const teamEvents: EventDefinition[] = [inviteRevoked];
