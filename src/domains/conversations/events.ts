import { z } from "@hono/zod-openapi";
import { defineEvent, type EventDefinition } from "../../core/events";
import { Message } from "./model";

const conversationId = z.string().uuid().openapi({ description: "The conversation" });
const at = z.string().openapi({ format: "date-time" });

export const conversationTakenOver = defineEvent(
  "conversation.taken_over",
  "A person of the team took a conversation over from the automation (POST /conversations/{conversation_uuid}/takeover).",
  z.object({ conversation_id: conversationId, taken_over_by: z.object({ key_id: z.string(), name: z.string() }), taken_over_at: at }),
);

export const conversationResumed = defineEvent(
  "conversation.resumed",
  "A conversation was returned to the automation (POST /conversations/{conversation_uuid}/resume).",
  z.object({ conversation_id: conversationId, resumed_at: at }),
);

export const whatsappMessageSent = defineEvent(
  "whatsapp.message.sent",
  "The provider accepted an outbound WhatsApp message (a queued conversation reply once the gateway sent it, or POST /whatsapp/send).",
  Message,
);

export const whatsappMessageFailed = defineEvent(
  "whatsapp.message.failed",
  "An outbound WhatsApp message could not be sent: the provider refused it, or failed on every retry of a queued reply. `error` says why.",
  Message,
);

export const conversationEvents: EventDefinition[] = [conversationTakenOver, conversationResumed, whatsappMessageSent, whatsappMessageFailed];
