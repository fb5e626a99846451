import { z } from "@hono/zod-openapi";
import { and, eq, inArray } from "drizzle-orm";
import { defineCallback } from "../../core/callbacks";
import { sha256Hex } from "../../keys/auth";
import { clock } from "../../lib/clock";
import { defineJob } from "../../work/jobs";
import { mailboxes } from "./schema";
import { syncMessage } from "./sync";

/**
 * Forwarding mailboxes: mail the company forwards to the address the platform gave the mailbox
 * arrives through Postmark's inbound webhook (the inbound stream's webhook URL, HTTP Basic
 * credentials like the other Postmark callbacks). The mailbox, and so the company, is the one
 * whose inbound address the mail was sent to; an address of no mailbox is acknowledged and ignored.
 * Attachments come base64 in the JSON: they are put in R2 before the callback is recorded, so the
 * job's payload holds only their names, and the job stores the message with them (sync.ts).
 */

/** Postmark accepts inbound mail up to 35 MB; a Worker holds this much of it at once (larger is answered 413). */
const INBOUND_MAIL_MAX_BYTES = 20 * 1024 * 1024;

const Address = z.object({ Email: z.string().min(1).max(320), Name: z.string().max(500).optional().nullable() });

const InboundAttachment = z.object({
  Name: z.string().max(500),
  ContentType: z.string().max(255),
  ContentLength: z.number().int().min(0).optional(),
  /** Base64, as Postmark posts it; removed once staged. */
  Content: z.string().optional(),
  /** Where `stage` put the bytes (ATTACHMENTS), as the job reads them. */
  StagedKey: z.string().optional(),
});

const PostmarkInbound = z.object({
  body: z.object({
    /** Postmark's id of this inbound message: the same on every retry of the webhook. */
    MessageID: z.string().min(1).max(200),
    FromFull: Address,
    ToFull: z.array(Address).default([]),
    CcFull: z.array(Address).default([]),
    BccFull: z.array(Address).default([]),
    OriginalRecipient: z.string().max(320).optional().nullable(),
    Subject: z.string().default(""),
    Date: z.string().optional().nullable(),
    TextBody: z.string().default(""),
    HtmlBody: z.string().optional().nullable(),
    Headers: z.array(z.object({ Name: z.string(), Value: z.string() })).default([]),
    Attachments: z.array(InboundAttachment).max(100).default([]),
  }),
});

type PostmarkInbound = z.output<typeof PostmarkInbound>;

/** Every address the mail was sent to, lowercased: the forwarding address is one of them. */
const recipientsOf = ({ body }: PostmarkInbound) =>
  [
    ...new Set(
      [
        body.OriginalRecipient ?? "",
        ...[...body.ToFull, ...body.CcFull, ...body.BccFull].map((address) => address.Email),
      ]
        .map((address) => address.trim().toLowerCase())
        .filter(Boolean),
    ),
  ].slice(0, 50);

const stagedKey = (companyId: string, eventHash: string, index: number) =>
  `inbound-staging/${companyId}/${eventHash}/${index}`;

/** The mail's own date when it reads, else when it arrived. */
function receivedAt(date: string | null | undefined): string {
  const parsed = date ? Date.parse(date) : Number.NaN;
  return Number.isFinite(parsed) ? new Date(parsed).toISOString() : clock.iso();
}

/** Stores the forwarded mail in its mailbox (once, by Postmark's MessageID), then drops the staged attachments. */
const receiveForwardedMail = defineJob({
  kind: "inbox.forwarded_mail",
  payload: PostmarkInbound,
  async run(job, payload) {
    const { body } = payload;
    const mailbox = await job.db
      .select({ id: mailboxes.id })
      .from(mailboxes)
      .where(
        and(
          eq(mailboxes.companyId, job.companyId),
          eq(mailboxes.kind, "forwarding"),
          inArray(mailboxes.inboundAddress, recipientsOf(payload)),
        ),
      )
      .get();
    // Removed since: nothing to store it in.
    if (!mailbox) return { status: "done" };
    const staged = body.Attachments.flatMap((attachment) => (attachment.StagedKey ? [attachment.StagedKey] : []));
    const attachments = [];
    for (const attachment of body.Attachments) {
      if (!attachment.StagedKey) continue;
      const object = await job.env.ATTACHMENTS.get(attachment.StagedKey);
      // Gone: an earlier run stored the message and removed it; the duplicate check below ends this one.
      if (!object) continue;
      attachments.push({
        fileName: attachment.Name || "attachment",
        contentType: attachment.ContentType || "application/octet-stream",
        content: new Uint8Array(await object.arrayBuffer()),
      });
    }
    await syncMessage(job.db, job.env.ATTACHMENTS, {
      companyId: job.companyId,
      mailboxId: mailbox.id,
      folderId: null,
      thread: null,
      from: { address: body.FromFull.Email, name: body.FromFull.Name || null },
      to: body.ToFull.map((address) => address.Email),
      cc: body.CcFull.map((address) => address.Email),
      subject: body.Subject,
      bodyText: body.TextBody,
      bodyHtml: body.HtmlBody || null,
      read: false,
      receivedAt: receivedAt(body.Date),
      attachments,
      remoteId: `postmark:${body.MessageID}`,
    });
    if (staged.length > 0) await job.env.ATTACHMENTS.delete(staged);
    return { status: "done" };
  },
});

/** POST /providers/postmark/inbound: the inbound stream's webhook. */
export const forwardedMailCallback = defineCallback({
  provider: "postmark",
  topic: "inbound",
  job: receiveForwardedMail,
  maxBodyBytes: INBOUND_MAIL_MAX_BYTES,
  eventId: ({ body }) => `inbound:${body.MessageID}`,
  companyOf: async (db, payload) => {
    const recipients = recipientsOf(payload);
    if (recipients.length === 0) return undefined;
    const mailbox = await db
      .select({ companyId: mailboxes.companyId })
      .from(mailboxes)
      .where(and(inArray(mailboxes.inboundAddress, recipients), eq(mailboxes.kind, "forwarding")))
      .get();
    return mailbox?.companyId;
  },
  // The attachments' bytes go to R2 under keys named by the event, so a repeat overwrites the same objects.
  async stage(env, companyId, eventId, payload) {
    const eventHash = (await sha256Hex(eventId)).slice(0, 32);
    const attachments = await Promise.all(
      payload.body.Attachments.map(async (attachment, index) => {
        if (attachment.Content === undefined) return attachment;
        const { Content: content, ...rest } = attachment;
        let bytes: Uint8Array;
        try {
          // The runtime's decoder (ES2026; workerd alone runs this job): line breaks skipped, padding optional.
          bytes = Uint8Array.fromBase64(content);
        } catch {
          // Not base64: the attachment cannot be read, the mail still can.
          return rest;
        }
        const key = stagedKey(companyId, eventHash, index);
        await env.ATTACHMENTS.put(key, bytes, { httpMetadata: { contentType: attachment.ContentType } });
        return { ...rest, StagedKey: key };
      }),
    );
    return { ...payload, body: { ...payload.body, Attachments: attachments } };
  },
});
