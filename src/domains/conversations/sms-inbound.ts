import { z } from "@hono/zod-openapi";
import { and, eq, sql } from "drizzle-orm";
import { defineCallback } from "../../core/callbacks";
import type { Database } from "../../data/client";
import { precondition } from "../../data/precondition";
import { ApiError } from "../../lib/errors";
import { ofCompany, rowOf } from "../../data/rows";
import { clock } from "../../lib/clock";
import { defineJob } from "../../work/jobs";
import { inboundTopics, phoneNumbers } from "../telephony";
import { smsReceived } from "./events";
import { toMessage } from "./model";
import { conversationOf, recordMessage } from "./queries";
import { messages } from "./schema";

/**
 * SMS that contacts send to the company's rented numbers (the number's SmsUrl, set when it was
 * rented: telephony's numberWebhooks). Each lands, once per provider message, in the SMS
 * conversation of the number and the sender (channel sms, its connection the number), created for
 * a new sender, through the same writer as WhatsApp's inbound messages (recordMessage), with
 * sms.received. Twilio is answered 200 with no TwiML: nothing is sent back.
 */

/** Twilio's inbound message request (https://www.twilio.com/docs/messaging/guides/webhook-request). */
const InboundSmsWebhook = z.object({
  query: z.object({ company: z.string().min(1), number: z.string().min(1) }),
  body: z.object({
    MessageSid: z.string().min(1).max(64),
    From: z.string().min(1).max(200),
    To: z.string().min(1).max(200),
    Body: z.string().max(1600).default(""),
    NumMedia: z.string().optional(),
  }),
});

/** The company's rented number of this id (telephony's phone_numbers): an SMS conversation's connection. */
export const numberOf = (db: Database, companyId: string, numberId: string) =>
  db
    .select({ id: phoneNumbers.id, e164: phoneNumbers.e164 })
    .from(phoneNumbers)
    .where(rowOf(phoneNumbers, companyId, numberId))
    .get();

const recordInboundSms = defineJob({
  kind: "conversations.inbound_sms",
  payload: InboundSmsWebhook,
  async run(job, { query, body }) {
    const number = await numberOf(job.db, job.companyId, query.number);
    if (!number) return { status: "done" };
    // Recorded already (the provider's message id, among the company's inbound messages): nothing more.
    const known = await job.db
      .select({ id: messages.id })
      .from(messages)
      .where(
        ofCompany(
          messages,
          job.companyId,
          eq(messages.providerMessageId, body.MessageSid),
          and(eq(messages.direction, "inbound"), eq(messages.channel, "sms")),
        ),
      )
      .get();
    if (known) return { status: "done" };
    const at = clock.iso();
    const id = crypto.randomUUID();
    const text = body.Body === "" && Number(body.NumMedia ?? "0") > 0 ? "[media]" : body.Body;
    const record = {
      id,
      companyId: job.companyId,
      connectionId: number.id,
      channel: "sms" as const,
      contactPhone: body.From,
      direction: "inbound" as const,
      type: "text" as const,
      author: "contact" as const,
      text,
      status: "delivered" as const,
      providerMessageId: body.MessageSid,
      at,
    };
    const view = toMessage({
      seq: 0,
      id,
      companyId: job.companyId,
      // Only known inside the batch when the conversation is new: the fill below sets it.
      conversationId: "00000000-0000-4000-8000-000000000000",
      connectionId: number.id,
      channel: "sms",
      contactPhone: body.From,
      direction: "inbound",
      type: "text",
      author: "contact",
      text,
      mediaId: null,
      mediaMimeType: null,
      mediaObjectKey: null,
      templateName: null,
      templateLanguage: null,
      templateParameters: null,
      status: "delivered",
      providerMessageId: body.MessageSid,
      error: null,
      createdAt: at,
      sentAt: null,
      deliveredAt: at,
      readAt: null,
      failedAt: null,
      updatedAt: at,
      sequence: 0,
    });
    return {
      status: "done",
      // Recorded once, whoever else records it meanwhile (a rerun then finds it).
      statements: [
        precondition(
          job.db,
          sql`NOT EXISTS (SELECT 1 FROM ${messages} WHERE ${and(eq(messages.companyId, job.companyId), eq(messages.providerMessageId, body.MessageSid), eq(messages.direction, "inbound"), eq(messages.channel, "sms"))})`,
          () => new ApiError("conflict", "The message was recorded meanwhile."),
        ),
        ...recordMessage(job.db, record),
      ],
      events: [
        smsReceived.of(
          { ...view, number: number.e164, previous_status: null },
          { conversation_id: conversationOf(job.companyId, number.id, body.From) },
        ),
      ],
    };
  },
});

/** POST /providers/twilio/inbound-sms?company=&number=: the rented number's SmsUrl. */
export const inboundSmsCallback = defineCallback({
  provider: "twilio",
  topic: inboundTopics.sms,
  job: recordInboundSms,
  eventId: ({ body }) => `inbound-sms:${body.MessageSid}`,
  companyOf: async (db, { query }) => ((await numberOf(db, query.company, query.number)) ? query.company : undefined),
  // Twilio reads the answer as TwiML: an empty response sends nothing back to the contact.
  answer: () => ({ contentType: "text/xml", body: '<?xml version="1.0" encoding="UTF-8"?><Response></Response>' }),
});
