import { z } from "@hono/zod-openapi";

/**
 * Where a message the platform sends comes from, carried by every send's events (email.*, sms.*,
 * whatsapp.message.*): a request of the API, a campaign, a sequence step, or a conversation.
 */
export const sendSources = ["api", "campaign", "sequence", "conversation"] as const;
export type SendSource = (typeof sendSources)[number];

export const SendSourceSchema = z.enum(sendSources).openapi({
  description:
    "What sent it: api (a request of the API), campaign, sequence (a step of an enrollment) or conversation (a reply in a conversation)",
  example: "api",
});

/**
 * How long a send may stay `sending` (its request died between recording it and recording the
 * provider's answer) before due work reconciles it: far beyond any request's life, so a send in
 * progress is never reconciled under it.
 */
export const SEND_RECONCILE_AFTER_MS = 15 * 60_000;
