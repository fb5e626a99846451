import type { Uses } from "../../core/action";
import { ApiError, invalidField } from "../../lib/errors";
import { gateway, ProviderError } from "../../integrations";
import { fromHeader, toEmailHistoryEntry, type SendEmailInput } from "./model";
import { defaultIdentity, findIdentity, insertEmailMessage } from "./queries";
import { emailMessages, type EmailMessageRow } from "./schema";
import { reconcileEmail } from "./jobs";
import { recordEmailReport, type EmailReport } from "./outcomes";
import { scheduleDue } from "../../work/due";
import { SEND_RECONCILE_AFTER_MS } from "../../work/sends";
import { PreconditionFailed } from "../../data/precondition";
import { companyRow } from "../../data/rows";
import type { z } from "@hono/zod-openapi";
import { clock } from "../../lib/clock";
import { adoptRecord, providerSaidNo, requestSubject, sendOnce } from "../../work/intents";

/** The identity a send goes out from: the one named (400 if unknown or unverified), else the default (503 without one). */
async function sendingIdentity({ db, caller }: Uses<"db" | "caller">, identityId: string | undefined) {
  if (identityId) {
    const named = await findIdentity(db, caller.company.id, identityId);
    if (!named)
      throw invalidField(
        "body.identity_id",
        "No sending identity of this account has this id (GET /email/connections lists them).",
      );
    if (!named.verified)
      throw invalidField(
        "body.identity_id",
        "This sending identity is not verified yet; only verified identities send.",
      );
    return named;
  }
  const identity = await defaultIdentity(db, caller.company.id);
  if (!identity)
    throw new ApiError(
      "integration_not_configured",
      "This account has no verified sending identity; email cannot be sent until one is verified.",
    );
  return identity;
}

/**
 * Sends one email: the identity and the provider are checked first (400/503, nothing recorded),
 * the message is recorded as `sending` (with its audit entry, its intent and its reconciliation,
 * due work that settles it if this request dies before recording the provider's answer), then
 * handed to the provider, and its row says what happened: `sent` with the provider's id
 * (email.sent), or `failed` when the provider said no (email.failed; 502, nothing retried). No
 * answer read: it stays `sending` (502), for a retry, a webhook or the reconciliation to settle.
 * A retry of a request (its Idempotency-Key) whose earlier attempt recorded the message adopts it,
 * and Postmark is asked again only when it shows nothing (src/work/intents.ts). Every outcome is
 * a compare-and-set with the provider's webhooks.
 */
export async function sendEmail(
  {
    db,
    caller,
    config,
    requestId,
    idempotencyKey,
    commit,
  }: Uses<"db" | "caller" | "config" | "requestId" | "idempotencyKey" | "commit">,
  input: z.output<typeof SendEmailInput>,
) {
  const companyId = caller.company.id;
  const fresh = crypto.randomUUID();
  const target = {
    companyId,
    subject: await requestSubject("email.send", caller, idempotencyKey, fresh),
    provider: "postmark",
    kind: "email",
    resourceId: fresh,
    requestId,
  } as const;
  const earlier = await adoptRecord(db, target, {
    read: (id) => companyRow(db, emailMessages, companyId, id),
    over: (message) => message.status === "failed",
  });
  const identity = await sendingIdentity({ db, caller }, earlier.adopted?.identityId ?? input.identity_id);
  const email = gateway(
    { config, requestId, caller },
    { companySettings: async (provider) => (provider === "postmark" ? identity.sealedProviderSettings : null) },
  ).email;
  await email.ready();

  let row: EmailMessageRow;
  if (earlier.adopted) row = earlier.adopted;
  else {
    row = {
      id: fresh,
      companyId,
      identityId: identity.id,
      fromAddress: fromHeader(identity),
      toAddress: input.to,
      subject: input.subject,
      body: input.body,
      status: "sending",
      providerMessageId: null,
      failureReason: null,
      createdAt: clock.iso(),
      sentAt: null,
      deliveryStatus: null,
      deliveryUpdatedAt: null,
      source: "api",
      sequence: 0,
    };
    const reconcile = scheduleDue(
      reconcileEmail,
      companyId,
      new Date(clock.now() + SEND_RECONCILE_AFTER_MS).toISOString(),
      { messageId: row.id },
    );
    await commit([...earlier.open, insertEmailMessage(db, row), reconcile], {
      resourceType: "email_message",
      resourceId: row.id,
    });
  }
  const { id } = row;
  const audit = { resourceType: "email_message", resourceId: id };
  let report: EmailReport | undefined;
  let failure: unknown;
  try {
    // A retry whose earlier attempt's answer was lost finds the mail by our intent id in its
    // Metadata and records it, instead of sending it again.
    const once = await sendOnce(db, target, {
      send: (intentId) =>
        email.send({
          from: row.fromAddress,
          to: [row.toAddress],
          subject: row.subject,
          text: row.body,
          metadata: { message_id: id, company_id: companyId, intent_id: intentId },
        }),
      providerId: (sent) => sent.messageId,
      find: (attempt) => email.findByMetadata("intent_id", attempt.id, row.toAddress),
    });
    report = {
      status: "sent",
      providerMessageId: once.outcome === "sent" ? once.result.messageId : once.providerId,
      at: clock.iso(),
    };
  } catch (error) {
    failure = error;
    // Only a provider's no fails the message; an answer lost leaves it sending.
    if (providerSaidNo(error))
      report = {
        status: "not_sent",
        reason: error instanceof ProviderError ? error.detail : "The provider could not be reached.",
      };
  }
  const recorded = report && (await recordEmailReport(db, row, report));
  try {
    if (recorded) await commit(recorded.statements, audit, recorded.events);
  } catch (error) {
    // A webhook recorded the outcome first (it read the message too): the row says what happened.
    if (!(error instanceof PreconditionFailed)) throw error;
  }
  if (failure) throw failure;
  return toEmailHistoryEntry((await companyRow(db, emailMessages, companyId, id))!);
}
