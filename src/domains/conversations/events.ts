import { z } from "@hono/zod-openapi";
import { defineEvent, defineResourceEvent, type EventDefinition, type Fill } from "../../data/events";
import { eventSequenceField } from "../../lib/schemas";
import { SendSourceSchema, type SendSource } from "../../work/sends";
import { Message, type MessageView } from "./model";
import { messages, messageStatuses, type MessageStatus } from "./schema";

const conversationId = z.string().uuid().openapi({ description: "The conversation" });
const at = z.string().openapi({ format: "date-time" });

export const conversationTakenOver = defineEvent(
  "conversation.taken_over",
  "A person of the team took a conversation over from the automation (POST /conversations/{conversation_uuid}/takeover).",
  z.object({
    conversation_id: conversationId,
    taken_over_by: z.object({ key_id: z.string(), name: z.string() }),
    taken_over_at: at,
  }),
);

export const conversationResumed = defineEvent(
  "conversation.resumed",
  "A conversation was returned to the automation (POST /conversations/{conversation_uuid}/resume).",
  z.object({ conversation_id: conversationId, resumed_at: at }),
);

/** What every whatsapp.message.* event adds to the message: the status it left and the event's number. */
const ordering = {
  previous_status: z
    .enum(messageStatuses)
    .nullable()
    .describe("The message's status before this event; null for whatsapp.message.received, where the message begins"),
  sequence: eventSequenceField(),
};

/** A WhatsApp message event's data: the message, what sent it, the status it left and its number. */
// A schema of its own (not an extension, which the document would write as allOf): the catalogue lists its members.
const MessageEventData = z
  .object({ ...Message.shape, source: SendSourceSchema, ...ordering })
  .strict()
  .openapi("WhatsAppMessageEventData", {
    description:
      "A WhatsApp message (as GET /conversations/{conversation_uuid}/messages shows it) and what sent it: api (POST /whatsapp/send) or conversation (a reply).",
  });

/** Each event about a message draws the message's next sequence number. */
const ofMessage = ({ id }: { id: string }) => ({ table: messages, id });

/** What sent a message: an API client's send, else a conversation (a reply of the team or the automation). */
const sourceOf = (message: Pick<MessageView, "author">): SendSource =>
  message.author === "api" ? "api" : "conversation";

/** A whatsapp.message.* event, whose `of` takes the message's view (as the change leaves it) with the status it left, and adds its source. */
function messageEvent(type: string, description: string) {
  const definition = defineResourceEvent(type, description, MessageEventData, ofMessage);
  return {
    ...definition,
    of: (message: MessageView & { previous_status: MessageStatus | null }, fill?: Record<string, Fill>) =>
      definition.of({ ...message, source: sourceOf(message) }, fill),
  };
}

export const whatsappMessageSent = messageEvent(
  "whatsapp.message.sent",
  "The provider accepted an outbound WhatsApp message (a queued conversation reply once the gateway sent it, or POST /whatsapp/send).",
);

export const whatsappMessageDelivered = messageEvent(
  "whatsapp.message.delivered",
  "WhatsApp reported an outbound message delivered to the contact's phone (the provider's status webhook).",
);

export const whatsappMessageRead = messageEvent(
  "whatsapp.message.read",
  "WhatsApp reported an outbound message read by the contact (the provider's status webhook).",
);

export const whatsappMessageFailed = messageEvent(
  "whatsapp.message.failed",
  "An outbound WhatsApp message could not be sent or delivered: the provider refused it, failed on every retry of a queued reply, or reported it undeliverable. `error` says why.",
);

export const whatsappConnectionDisabled = defineEvent(
  "whatsapp.connection.disabled",
  "The service could not refresh a WhatsApp number's provider token before it expired (Meta refused the exchange, or kept failing until the expiry), so the number was disabled: " +
    "nothing is sent from it until the operator connects it again. `reason` says why.",
  z.object({
    connection_id: z.string().uuid().openapi({ description: "The disabled connection (GET /whatsapp/connections)" }),
    phone_number: z.string().openapi({ description: "Its number (E.164)" }),
    reason: z
      .string()
      .openapi({ description: "Why the token could not be refreshed (never the token or the provider's answer)" }),
    disabled_at: at,
  }),
);

export const whatsappMessageReceived = defineResourceEvent(
  "whatsapp.message.received",
  "A contact wrote to one of the company's WhatsApp numbers (the provider's inbound webhook): the message is in its conversation, " +
    "created for a new number. `answered_by` says who answers it: the automation (ai), the team (the conversation was taken over) " +
    "or an external bot (the phone is on the whitelist). Media is stored by the service; `media.id` is the provider's id.",
  // A new object of the message's members (not an extension of the named component, which the document would show as allOf).
  z.object({
    ...Message.shape,
    answered_by: z
      .enum(["ai", "team", "external_bot"])
      .openapi({ description: "Who answers the message, as the conversation was when it was recorded" }),
    ...ordering,
  }),
  ofMessage,
);

export const smsReceived = defineResourceEvent(
  "sms.received",
  "A contact sent an SMS to one of the company's rented numbers (the provider's inbound webhook, the number's SmsUrl): the message is in its SMS conversation " +
    "(channel sms, created for a new contact; GET /conversations/{conversation_uuid}/messages). `connection_id` is the company's number.",
  z.object({
    ...Message.shape,
    number: z.string().openapi({ description: "The company's number it was sent to (E.164)" }),
    ...ordering,
  }),
  ofMessage,
);

export const conversationEvents: EventDefinition[] = [
  smsReceived,
  conversationTakenOver,
  conversationResumed,
  whatsappMessageSent,
  whatsappMessageDelivered,
  whatsappMessageRead,
  whatsappMessageFailed,
  whatsappMessageReceived,
  whatsappConnectionDisabled,
];
