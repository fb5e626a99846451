import { z } from "@hono/zod-openapi";
import { defineEvent, type EventDefinition } from "../../data/events";
import { timestamp } from "../../lib/schemas";

export const inviteRevoked = defineEvent(
  "invite.revoked",
  "A pending team invitation was revoked; its link no longer admits anyone.",
  z.object({
    id: z.string().openapi({ format: "uuid" }),
    email: z.string().openapi({ format: "email" }),
    role_id: z.string().nullable(),
    revoked_at: timestamp(),
  }),
);

export const teamEvents: EventDefinition[] = [inviteRevoked];
