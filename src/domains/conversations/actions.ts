import type { z } from "@hono/zod-openapi";
import type { Uses } from "../../core/action";
import { nowIso } from "../../data/schema";
import { ApiError, notFound } from "../../lib/errors";
import { enqueueJob } from "../../work/jobs";
import type { Reply } from "../../core/operation";
import type { CursorPage } from "../../lib/pagination";
import { conversationResumed, conversationTakenOver } from "./events";
import { sendReply, sendSmsReply, smsReplyIntent } from "./jobs";
import { smsRecipient, smsSending } from "../sms";
import { openNewIntent } from "../../work/intents";
import {
  SERVICE_WINDOW_HOURS,
  toConversation,
  toMessage,
  windowOpen,
  type MessageView,
  type ReplyInput,
} from "./model";
import {
  findConversation,
  findMessage,
  listMessages,
  messageView,
  recordMessage,
  replyAllowed,
  resume,
  takeOver,
  type NewMessage,
} from "./queries";
import { clock } from "../../lib/clock";

/*
 * What the conversation operations do between their declarations (routes.ts) and their SQL
 * (queries.ts): the conversation of an id, its messages, replies and notes, and who has it (the
 * automation or a person of the team).
 */

/** The company's conversation of this id, or 404. */
export async function requireConversation({ db, caller }: Uses<"db" | "caller">, conversationId: string) {
  const conversation = await findConversation(db, caller.company.id, conversationId);
  if (!conversation) throw notFound("conversation");
  return conversation;
}

/** A page of the conversation's messages. */
export async function messagePage(
  { db, caller }: Uses<"db" | "caller">,
  { conversationId, page }: { conversationId: string; page: CursorPage },
) {
  const conversation = await requireConversation({ db, caller }, conversationId);
  return listMessages(db, caller.company.id, conversation.id, page);
}

/**
 * A note (stored, 200) or a text reply (queued for the send job, 202). A text reply needs the
 * conversation open, taken over by a person and within the contact's service window; the batch
 * checks the window again.
 */
export async function replyToConversation(
  { db, caller, requestId, commit }: Uses<"db" | "caller" | "requestId" | "commit">,
  { conversationId, body }: { conversationId: string; body: z.output<typeof ReplyInput> },
): Promise<Reply<MessageView>> {
  const companyId = caller.company.id;
  const conversation = await requireConversation({ db, caller }, conversationId);
  const now = clock.now();
  const at = new Date(now).toISOString();
  const message = {
    id: crypto.randomUUID(),
    companyId,
    connectionId: conversation.connectionId,
    contactPhone: conversation.contactPhone,
    direction: "outbound",
    author: "team",
    text: body.text,
    at,
  } as const;
  if (body.type === "note") {
    await commit(recordMessage(db, { ...message, type: "note", status: null }), {
      resourceType: "whatsapp_message",
      resourceId: message.id,
    });
    return { status: 200, body: await messageView(db, companyId, message.id) };
  }
  if (conversation.mode === "ai")
    throw new ApiError(
      "conflict",
      "The automation has this conversation (mode ai): take it over first (POST …/takeover).",
    );
  if (conversation.status === "closed") throw new ApiError("conflict", "The conversation is closed.");
  if (conversation.channel === "sms")
    return replyBySms({ db, caller, requestId, commit }, { conversationId: conversation.id, message });
  if (!windowOpen(conversation.lastInboundAt, now)) {
    throw new ApiError(
      "conflict",
      `The contact has not written in the last ${SERVICE_WINDOW_HOURS} hours, so free text cannot be sent; send a template with POST /whatsapp/send.`,
    );
  }
  await commit(
    [
      replyAllowed(db, companyId, conversation.id, now),
      ...recordMessage(db, { ...message, type: "text", status: "queued" }),
      enqueueJob(sendReply, companyId, { messageId: message.id, requestId }),
    ],
    { resourceType: "whatsapp_message", resourceId: message.id },
  );
  return { status: 202, body: await messageView(db, companyId, message.id) };
}

/**
 * A reply's answer rebuilt from what its batch wrote (its replay): a note, as stored. A text reply
 * is not: it was answered `queued`, and its job has moved it on since, so the retry is told that
 * the request completed (409) rather than shown another answer.
 */
export async function replayedReply(
  { db, caller }: Uses<"db" | "caller">,
  { conversationId, body, messageId }: { conversationId: string; body: z.output<typeof ReplyInput>; messageId: string },
): Promise<Reply<MessageView> | undefined> {
  if (body.type !== "note") return undefined;
  const row = await findMessage(db, caller.company.id, messageId);
  return row?.conversationId === conversationId ? { status: 200, body: toMessage(row) } : undefined;
}

/**
 * A text reply in an SMS conversation, sent as an SMS from the conversation's number by the same
 * path as POST /sms/send: one batch records the SMS `sending` (source conversation) with its charge
 * (409 when the wallet does not cover it), its reconciliation and its intent (opened for this
 * request), the conversation's message (queued, the same id) and the job that sends it
 * (sendSmsReply). A contact whose number cannot be sent an SMS (no rate for its country, not a
 * mobile) is 409, nothing recorded.
 */
async function replyBySms(
  { db, caller, requestId, commit }: Uses<"db" | "caller" | "requestId" | "commit">,
  { conversationId, message }: { conversationId: string; message: Omit<NewMessage, "type" | "status"> },
): Promise<Reply<MessageView>> {
  const companyId = caller.company.id;
  const recipient = await smsRecipient(db, caller.company, message.contactPhone);
  if ("refused" in recipient)
    throw new ApiError("conflict", `The contact's number cannot be sent an SMS: ${recipient.refused}`);
  const sending = await smsSending(db, caller.company, {
    id: message.id,
    ...recipient,
    text: message.text ?? "",
    source: "conversation",
    open: openNewIntent(db, smsReplyIntent(companyId, message.id, requestId)),
  });
  await commit(
    [
      replyAllowed(db, companyId, conversationId, null),
      ...sending.statements,
      ...recordMessage(db, { ...message, channel: "sms", type: "text", status: "queued" }),
      enqueueJob(sendSmsReply, companyId, { messageId: message.id }),
    ],
    { resourceType: "sms_message", resourceId: message.id },
  );
  return { status: 202, body: await messageView(db, companyId, message.id) };
}

/** Gives the conversation back to the automation (mode ai); one already with it is 409. */
export async function resumeConversation(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  conversationId: string,
) {
  const companyId = caller.company.id;
  const conversation = await requireConversation({ db, caller }, conversationId);
  if (conversation.mode === "ai")
    throw new ApiError("conflict", "The conversation is already with the automation (mode ai).");
  const at = nowIso();
  await commit(
    resume(db, companyId, conversation.id, at),
    { resourceType: "conversation", resourceId: conversation.id },
    [conversationResumed.of({ conversation_id: conversation.id, resumed_at: at })],
  );
  return toConversation(await requireConversation({ db, caller }, conversation.id));
}

/** Gives the conversation to the calling key's person (mode human); one already taken over is 409. */
export async function takeOverConversation(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  conversationId: string,
) {
  const companyId = caller.company.id;
  const conversation = await requireConversation({ db, caller }, conversationId);
  if (conversation.mode === "human")
    throw new ApiError("conflict", "The conversation was already taken over (mode human).");
  const at = nowIso();
  const by = { keyId: caller.keyId, name: caller.keyName };
  await commit(
    takeOver(db, companyId, conversation.id, by, at),
    { resourceType: "conversation", resourceId: conversation.id },
    [
      conversationTakenOver.of({
        conversation_id: conversation.id,
        taken_over_by: { key_id: by.keyId, name: by.name },
        taken_over_at: at,
      }),
    ],
  );
  return toConversation(await requireConversation({ db, caller }, conversation.id));
}
