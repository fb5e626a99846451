import type { z } from "@hono/zod-openapi";
import type { Uses } from "../../core/action";
import { decodeCursor, encodeCursor } from "../../data/lists";
import { PreconditionFailed } from "../../data/precondition";
import { nowIso } from "../../data/schema";
import { ApiError, invalidField } from "../../lib/errors";
import { ProviderError } from "../../integrations";
import {
  connectionGateway,
  connectionOf,
  defaultConnection,
  findMessage,
  markReadUpTo,
  messagesAfter,
  messageView,
  noConnectionReason,
  phoneStates,
  recordMessage,
  settleQueued,
  SERVICE_WINDOW_HOURS,
  SERVICE_WINDOW_MS,
  toMessage,
  unusableReason,
  whatsappMessageFailed,
  whatsappMessageSent,
  whitelistEntry,
  windowOpen,
  type ConnectionRow,
  type MessageRecord,
  type MessageView,
} from "../conversations";
import { whitelistAdded, whitelistRemoved } from "./events";
import {
  templateCategories,
  type CheckInput,
  type PhoneCheckView,
  type PollQuery,
  type SendInput,
  type TemplatesQuery,
  type TypingInput,
} from "./model";
import { readWhatsAppPhone } from "./phone";
import { releasePhone, reservePhone } from "./queries";
import { clock } from "../../lib/clock";
import { adoptRecord, isOutcomeUnknown, providerSaidNo, requestSubject, sendOnce } from "../../work/intents";
import { scheduleDue } from "../../work/due";
import { SEND_RECONCILE_AFTER_MS } from "../../work/sends";
import type { WriteStatement } from "../../data/write-batch";
import { reconcileSend } from "./jobs";

/** The number the company writes from: 503 integration_not_configured without one (where declared), saying why (none, or disabled and why). */
async function requireConnection({ db, caller }: Uses<"db" | "caller">): Promise<ConnectionRow> {
  const connection = await defaultConnection(db, caller.company.id);
  if (!connection)
    throw new ApiError("integration_not_configured", await noConnectionReason(db, caller.company.id), {
      provider: "whatsapp",
    });
  return connection;
}

/** A phone the request sent, in E.164; 400 when it is not a number, 422 when it cannot be on WhatsApp. */
function requireWhatsAppPhone(raw: string, region: string, path: string): string {
  const phone = readWhatsAppPhone(raw, region);
  if (!phone.valid) throw invalidField(path, phone.reason);
  if (!phone.reachable) throw new ApiError("unprocessable", phone.reason ?? "This number cannot be on WhatsApp.");
  return phone.e164;
}

/**
 * Operations that declare 502 but not 503: a deployment without WhatsApp settings is the provider
 * side failing the request, not something the caller can fix.
 */
function withoutNotConfigured(error: unknown): unknown {
  return error instanceof ProviderError && error.outcome === "not_configured"
    ? new ProviderError(error.provider, "upstream_error", error.detail)
    : error;
}

export async function checkPhones(
  { db, caller }: Uses<"db" | "caller">,
  input: z.output<typeof CheckInput>,
): Promise<PhoneCheckView[]> {
  const companyId = caller.company.id;
  const connection = await requireConnection({ db, caller });
  const read = input.phones.map((written) => ({
    written,
    phone: readWhatsAppPhone(written, caller.company.defaultRegion),
  }));
  const valid = read.flatMap(({ phone }) => (phone.e164 ? [phone.e164] : []));
  const states = await phoneStates(db, companyId, connection.id, valid);
  const now = clock.now();
  return read.map(({ written, phone }) => {
    const lastInbound = phone.e164 ? (states.lastInbound.get(phone.e164) ?? null) : null;
    const open = windowOpen(lastInbound, now);
    return {
      input: written,
      e164: phone.e164,
      country: phone.country,
      window_open: open,
      window_expires_at:
        open && lastInbound ? new Date(Date.parse(lastInbound) + SERVICE_WINDOW_MS).toISOString() : null,
      can_send: !phone.reachable ? "none" : open ? "text" : "template_only",
      reserved_for_external_bot: phone.e164 ? states.reserved.has(phone.e164) : false,
      reason: phone.reachable ? null : phone.reason,
    };
  });
}

/** Why a message whose send's answer was lost is not sent again (it may have reached the contact). */
const OUTCOME_UNKNOWN_REASON =
  "An attempt reached WhatsApp but its answer was lost; WhatsApp cannot be asked whether it delivered it, so it is not sent again (it may have reached the contact).";

/** What a failed send leaves on its message, or undefined when nothing is known yet (a lost race: another attempt records it). */
function failureReason(error: unknown): string | undefined {
  if (isOutcomeUnknown(error)) return OUTCOME_UNKNOWN_REASON;
  if (error instanceof ProviderError && error.maybeAccepted) return `${error.detail} ${OUTCOME_UNKNOWN_REASON}`;
  return providerSaidNo(error) ? error.detail : undefined;
}

/**
 * Sends at once through the adapter, as the company's number. The message is recorded `queued`
 * first, with its intent and the due work that settles it should this request die, then sent, and
 * its outcome recorded: sent (with the provider's id), or failed (the problem is then answered:
 * 422 for a refusal of the recipient, 502 for a provider failure; nothing is retried). The intent
 * is the request's Idempotency-Key (per key lineage): a retry of a request whose earlier attempt
 * recorded the message works on that message. One that was never sent is sent; one whose answer
 * was lost (Meta cannot be asked) is failed with the reason and answers 409 outcome_unknown,
 * rather than sending it a second time.
 */
export async function sendNow(
  {
    db,
    caller,
    config,
    requestId,
    idempotencyKey,
    commit,
  }: Uses<"db" | "caller" | "config" | "requestId" | "idempotencyKey" | "commit">,
  input: z.output<typeof SendInput>,
): Promise<MessageView> {
  const companyId = caller.company.id;
  const to = requireWhatsAppPhone(input.to, caller.company.defaultRegion, "body.to");
  const fresh = crypto.randomUUID();
  const target = {
    companyId,
    subject: await requestSubject("whatsapp.send", caller, idempotencyKey, fresh),
    provider: "whatsapp",
    kind: "whatsapp",
    resourceId: fresh,
    requestId,
  } as const;
  const earlier = await adoptRecord(db, target, {
    read: (id) => findMessage(db, companyId, id),
    over: (message) => message.status === "failed",
  });
  const message =
    earlier.adopted ?? (await recordQueued({ db, caller, commit }, input, { id: fresh, to }, earlier.open));
  // A retry of a send already recorded as sent answers it as it is.
  if (message.status !== "queued" && message.status !== "failed") return toMessage(message);
  const connection = await connectionOf(db, companyId, message.connectionId);
  if (!connection) throw new ApiError("unprocessable", await noConnectionReason(db, companyId));
  const whatsapp = connectionGateway({ config, requestId, caller }, connection).whatsapp;
  const parameters = message.templateParameters ?? [];
  const settle = async (outcome: Parameters<typeof settleQueued>[2]) => {
    const view = toMessage(
      outcome.status === "sent"
        ? {
            ...message,
            status: "sent",
            providerMessageId: outcome.providerMessageId,
            sentAt: outcome.at,
            updatedAt: outcome.at,
          }
        : { ...message, status: "failed", error: outcome.reason, failedAt: outcome.at, updatedAt: outcome.at },
    );
    try {
      await commit(settleQueued(db, message, outcome), { resourceType: "whatsapp_message", resourceId: message.id }, [
        (outcome.status === "sent" ? whatsappMessageSent : whatsappMessageFailed).of({
          ...view,
          previous_status: message.status,
        }),
      ]);
    } catch (error) {
      // Settled by another attempt first (it read the message queued too): the row says what happened.
      if (!(error instanceof PreconditionFailed)) throw error;
    }
  };
  try {
    const once = await sendOnce(db, target, {
      send: () =>
        message.templateName && message.templateLanguage
          ? whatsapp.sendTemplate({
              to: message.contactPhone,
              name: message.templateName,
              language: message.templateLanguage,
              components:
                parameters.length > 0
                  ? [{ type: "body", parameters: parameters.map((text) => ({ type: "text", text })) }]
                  : undefined,
            })
          : whatsapp.sendText({ to: message.contactPhone, body: message.text ?? "" }),
      providerId: (answer) => answer.messageId,
    });
    await settle({
      status: "sent",
      providerMessageId: once.outcome === "sent" ? once.result.messageId : once.providerId,
      at: nowIso(),
    });
  } catch (thrown) {
    const error = withoutNotConfigured(thrown);
    const reason = failureReason(error);
    if (reason !== undefined) await settle({ status: "failed", reason, at: nowIso() });
    throw error;
  }
  return messageView(db, companyId, message.id);
}

/**
 * Records the message a send is about to make, `queued`, with `open` (its intent) and the due work
 * that settles it should the request die. What the send needs is checked first, nothing recorded:
 * a connected number (422: without one the request cannot be carried out; 503 is not declared),
 * and, for a text, the contact's open window (422).
 */
async function recordQueued(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  input: z.output<typeof SendInput>,
  { id, to }: { id: string; to: string },
  open: WriteStatement[],
): Promise<MessageRecord> {
  const companyId = caller.company.id;
  const connection = await defaultConnection(db, companyId);
  if (!connection) throw new ApiError("unprocessable", await noConnectionReason(db, companyId));
  const template = input.type === "template" ? input.template : null;
  if (!template) {
    const { lastInbound } = await phoneStates(db, companyId, connection.id, [to]);
    if (!windowOpen(lastInbound.get(to) ?? null)) {
      throw new ApiError(
        "unprocessable",
        `The contact has not written in the last ${SERVICE_WINDOW_HOURS} hours, so only an approved template can be sent.`,
      );
    }
  }
  const queued = recordMessage(db, {
    id,
    companyId,
    connectionId: connection.id,
    contactPhone: to,
    direction: "outbound",
    type: template ? "template" : "text",
    author: "api",
    text: input.type === "text" ? input.text : null,
    template: template ? { name: template.name, language: template.language, parameters: template.parameters } : null,
    status: "queued",
    at: nowIso(),
  });
  const settle = scheduleDue(reconcileSend, companyId, new Date(clock.now() + SEND_RECONCILE_AFTER_MS).toISOString(), {
    messageId: id,
  });
  await commit([...open, ...queued, settle], { resourceType: "whatsapp_message", resourceId: id });
  const recorded = await findMessage(db, companyId, id);
  if (!recorded) throw new Error(`Message ${id} was not found after it was written.`);
  return recorded;
}

const POLL_LIST = "whatsapp-messages";

/** Messages after the `since` position, in commit order (the messages' sequence), and the next position. */
export async function poll({ db, caller }: Uses<"db" | "caller">, query: z.output<typeof PollQuery>) {
  const companyId = caller.company.id;
  let after = 0;
  let restarted = false;
  if (query.since !== undefined) {
    try {
      const position = await decodeCursor(query.since, POLL_LIST, companyId);
      if (typeof position.at !== "number" || !Number.isSafeInteger(position.at) || position.at < 0)
        throw new Error("not a sequence");
      after = position.at;
    } catch {
      // GET /whatsapp/messages declares no 400: an unknown position starts over (message ids tell repeats apart).
      restarted = true;
    }
  }
  const rows = await messagesAfter(db, companyId, after, query.limit);
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1)?.seq ?? after;
  return {
    data: shown.map(toMessage),
    next_since: await encodeCursor({ at: last, id: "" }, POLL_LIST, companyId),
    has_more: rows.length > query.limit,
    restarted,
  };
}

/** The approved templates of the company's business account; none without a connected number. */
export async function templates(
  { db, caller, config, requestId }: Uses<"db" | "caller" | "config" | "requestId">,
  query: z.output<typeof TemplatesQuery>,
) {
  const connection = await defaultConnection(db, caller.company.id);
  if (!connection) return { data: [], page: { has_more: false, next_cursor: null } };
  let answer: Awaited<ReturnType<ReturnType<typeof connectionGateway>["whatsapp"]["templates"]>>;
  try {
    answer = await connectionGateway({ config, requestId, caller }, connection).whatsapp.templates({
      limit: query.limit,
      after: query.cursor,
      status: "APPROVED",
    });
  } catch (error) {
    throw withoutNotConfigured(error);
  }
  const categories: readonly string[] = templateCategories;
  return {
    data: answer.data
      .filter((template) => template.status === "APPROVED" && categories.includes(template.category))
      .map((template) => ({
        id: template.id,
        name: template.name,
        language: template.language,
        category: template.category as (typeof templateCategories)[number],
        status: "APPROVED" as const,
        components: template.components ?? [],
      })),
    page: { has_more: answer.after !== null, next_cursor: answer.after },
  };
}

/** Marks an inbound message (and the ones before it) read and shows its sender the typing indicator. */
export async function typing(
  { db, caller, config, requestId, commit }: Uses<"db" | "caller" | "config" | "requestId" | "commit">,
  input: z.output<typeof TypingInput>,
) {
  const companyId = caller.company.id;
  const message = await findMessage(db, companyId, input.message_id);
  if (!message) throw new ApiError("not_found", "No such message.");
  if (message.direction !== "inbound")
    throw new ApiError("unprocessable", "Only a message the contact sent can be marked read.");
  if (clock.now() - Date.parse(message.createdAt) >= SERVICE_WINDOW_MS) {
    throw new ApiError(
      "unprocessable",
      `The message is more than ${SERVICE_WINDOW_HOURS} hours old: the contact's window has closed, so no typing indicator can be shown.`,
    );
  }
  const connection = await connectionOf(db, companyId, message.connectionId);
  if (connection?.status !== "connected") {
    throw new ApiError(
      "integration_not_configured",
      connection ? unusableReason(connection) : "The WhatsApp number this message came in on is no longer connected.",
      { provider: "whatsapp" },
    );
  }
  if (!message.providerMessageId) throw new ApiError("unprocessable", "The message has no WhatsApp id to mark read.");
  await connectionGateway({ config, requestId, caller }, connection).whatsapp.markRead({
    messageId: message.providerMessageId,
    typing: true,
  });
  if (message.status !== "read") {
    await commit(markReadUpTo(db, message, nowIso()), { resourceType: "whatsapp_message", resourceId: message.id });
  }
  return { message: await messageView(db, companyId, message.id), typing: true as const };
}

/**
 * Reserves (or releases) a phone's thread for an external bot: idempotent, events only on a change.
 * `path` names the request field the phone came in, for a 400 about it.
 */
export async function setReserved(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  input: { phone: string; reserve: boolean; path: string },
) {
  const { reserve } = input;
  const companyId = caller.company.id;
  const phone = requireWhatsAppPhone(input.phone, caller.company.defaultRegion, input.path);
  await requireConnection({ db, caller });
  const answer = (changed: boolean) => reservation({ db, caller }, phone, changed);
  const current = await whitelistEntry(db, companyId, phone);
  if ((current !== undefined) === reserve) return answer(false);
  const at = nowIso();
  try {
    if (reserve) {
      await commit(
        [...reservePhone(db, companyId, phone, at)],
        { resourceType: "whatsapp_whitelist", resourceId: phone },
        [whitelistAdded.of({ phone, reserved_at: at })],
      );
    } else {
      await commit([...releasePhone(db, companyId, phone)], { resourceType: "whatsapp_whitelist", resourceId: phone }, [
        whitelistRemoved.of({ phone, removed_at: at }),
      ]);
    }
  } catch (error) {
    // A concurrent request made the same change first: the outcome is the one asked for.
    if (!(error instanceof PreconditionFailed)) throw error;
    return answer(false);
  }
  return answer(true);
}

/** A phone's thread as a reservation or release answers it (`changed`: that request changed it); its replay reads it back so. */
export async function reservation({ db, caller }: Uses<"db" | "caller">, phone: string, changed: boolean) {
  const entry = await whitelistEntry(db, caller.company.id, phone);
  return { phone, reserved_for_external_bot: entry !== undefined, reserved_at: entry?.createdAt ?? null, changed };
}

/** A typing indicator's answer read back (its replay): its batch marked the message read. */
export async function typingShown({ db, caller }: Uses<"db" | "caller">, messageId: string) {
  return { message: await messageView(db, caller.company.id, messageId), typing: true as const };
}
