import type { Config } from "../../config";
import { escapeHtml } from "../../lib/html";
import { clock } from "../../lib/clock";
import type { Database } from "../../data/client";
import { ApiError } from "../../lib/errors";
import { convert } from "html-to-text";
import { seal, unseal } from "../../lib/sealing";
import { gateway, type GatewayContext } from "../../integrations";
import { sendOnce } from "../../work/intents";
import type { contacts } from "../contacts";
import { defaultIdentity, fromHeader } from "../email";
import type { MergeContact } from "../email-templates";
import { UNSUBSCRIBED_TAG } from "./model";
import type { CampaignMergeValues } from "./schema";
import { base64ToUint8Array } from "uint8array-extras";

/*
 * What every marketing email (a campaign's, a sequence step's) shares: it goes out from the
 * company's verified sending identity, and carries a per-recipient unsubscribe link in its body and
 * in the List-Unsubscribe / List-Unsubscribe-Post headers (RFC 2369, RFC 8058 one-click). The link
 * is /u/<token>: a token signed with a key derived from WEBHOOK_SECRET_KEY, naming the company and
 * the contact, valid for UNSUBSCRIBE_LINK_DAYS.
 */

/** How long an unsubscribe link works after the email that carries it was sent. */
const UNSUBSCRIBE_LINK_DAYS = 90;

const noIdentity = () =>
  new ApiError(
    "integration_not_configured",
    "This account has no verified sending identity; marketing email goes out only from the company's own verified identity (the operator adds one: email identity add).",
  );

const noSigningKey = () =>
  new ApiError(
    "integration_not_configured",
    "Unsubscribe links cannot be signed: WEBHOOK_SECRET_KEY is not set on this deployment.",
  );

/** The company's sending identity for marketing mail, or the refusal that says there is none (503). */
async function marketingIdentity(db: Database, companyId: string) {
  const identity = await defaultIdentity(db, companyId);
  if (!identity) throw noIdentity();
  return identity;
}

/** Checked before a marketing send is recorded or charged: an identity to send from, and a key to sign its links. */
export async function requireMarketingSender(
  db: Database,
  config: Pick<Config, "webhookSecretKey">,
  companyId: string,
) {
  if (!config.webhookSecretKey) throw noSigningKey();
  return marketingIdentity(db, companyId);
}

export function mergeContact(row: typeof contacts.$inferSelect): MergeContact {
  const name = [row.firstName, row.lastName].filter(Boolean).join(" ");
  return {
    name: name === "" ? null : name,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    company: row.companyName,
    custom_fields: row.customFields,
  };
}

const CONTACT_FIELDS = [
  "name",
  "first_name",
  "last_name",
  "email",
  "phone",
  "company",
] as const satisfies readonly Exclude<keyof MergeContact, "custom_fields">[];
const CUSTOM_FIELD_PREFIX = "custom_fields.";

/**
 * The contact's values that the template's placeholders name, and nothing else (null values left
 * out, which a template renders as it renders an absent one): what a dispatch keeps per recipient.
 */
export function mergeValues(contact: MergeContact, placeholders: readonly string[]): CampaignMergeValues {
  const values: CampaignMergeValues = {};
  for (const placeholder of placeholders) {
    if (placeholder.startsWith(CUSTOM_FIELD_PREFIX)) {
      const key = placeholder.slice(CUSTOM_FIELD_PREFIX.length);
      if (Object.hasOwn(contact.custom_fields, key)) (values.custom_fields ??= {})[key] = contact.custom_fields[key]!;
      continue;
    }
    const field = CONTACT_FIELDS.find((name) => name === placeholder);
    const value = field === undefined ? null : contact[field];
    if (field !== undefined && value !== null) values[field] = value;
  }
  return values;
}

/** The contact a template is rendered with, from the values a dispatch kept. */
export function mergeContactOf(values: CampaignMergeValues): MergeContact {
  return {
    name: values.name ?? null,
    first_name: values.first_name ?? null,
    last_name: values.last_name ?? null,
    email: values.email ?? null,
    phone: values.phone ?? null,
    company: values.company ?? null,
    custom_fields: values.custom_fields ?? {},
  };
}

export const isUnsubscribed = (tags: readonly string[]) => tags.some((tag) => tag.toLowerCase() === UNSUBSCRIBED_TAG);

/* ---------- signed unsubscribe tokens ---------- */

const encoder = new TextEncoder();
function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    return base64ToUint8Array(text);
  } catch {
    return undefined;
  }
}

let cachedKey: { raw: string; key: Promise<CryptoKey> } | undefined;

/** HMAC-SHA-256 key derived (HKDF) from the at-rest key under its own label: never the key of anything else. */
function linkKey(raw: string): Promise<CryptoKey> {
  if (cachedKey?.raw !== raw) {
    // The secret's text (base64 of 32 random bytes) is the HKDF input as it is.
    const key = crypto.subtle
      .importKey("raw", encoder.encode(raw), "HKDF", false, ["deriveKey"])
      .then((master) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode("unsubscribe-links/v1") },
          master,
          { name: "HMAC", hash: "SHA-256", length: 256 },
          false,
          ["sign", "verify"],
        ),
      );
    cachedKey = { raw, key };
  }
  return cachedKey.key;
}

export interface UnsubscribeClaim {
  companyId: string;
  contactId: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

/** What a link's token is bound to (AES-GCM's authenticated data): a token of another purpose does not open. */
const LINK_LABEL = "unsubscribe-links/v2";
const LINK_CONTEXT = "unsubscribe";

/**
 * A token naming the contact, sealed (AES-256-GCM, src/lib/sealing.ts) and expiring: whoever reads
 * the link learns neither the company nor the contact, and cannot forge or alter one.
 * v1.<iv>.<ciphertext>, URL-safe base64.
 */
export async function unsubscribeToken(secretKey: string, claim: UnsubscribeClaim): Promise<string> {
  const sealed = await seal(
    secretKey,
    LINK_LABEL,
    LINK_CONTEXT,
    JSON.stringify([claim.companyId, claim.contactId, claim.expiresAt]),
  );
  return sealed.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+/g, "");
}

/** The claim of a sealed token, or undefined when it does not open under this deployment's key. */
async function openSealed(secretKey: string, token: string): Promise<unknown> {
  try {
    return JSON.parse(await unseal(secretKey, LINK_LABEL, LINK_CONTEXT, token)) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The claim of a token this deployment made and that has not expired; undefined for anything else.
 * Tokens signed before links were sealed (<payload>.<signature>, readable) still open until they expire.
 */
export async function readUnsubscribeToken(
  secretKey: string,
  token: string,
  nowMs = clock.now(),
): Promise<UnsubscribeClaim | "expired" | undefined> {
  if (token.length > 1024) return undefined;
  if (token.startsWith("v1.")) return claimOf(await openSealed(secretKey, token), nowMs);
  const [payload, signatureText, extra] = token.split(".");
  if (!payload || !signatureText || extra !== undefined) return undefined;
  const signature = fromBase64Url(signatureText);
  if (!signature || !(await crypto.subtle.verify("HMAC", await linkKey(secretKey), signature, encoder.encode(payload))))
    return undefined;
  const bytes = fromBase64Url(payload);
  if (!bytes) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
  return claimOf(parsed, nowMs);
}

/** A token's claim, checked: its three members, and not expired. */
function claimOf(parsed: unknown, nowMs: number): UnsubscribeClaim | "expired" | undefined {
  if (!Array.isArray(parsed) || parsed.length !== 3) return undefined;
  const [companyId, contactId, expiresAt] = parsed as unknown[];
  if (typeof companyId !== "string" || typeof contactId !== "string" || typeof expiresAt !== "number") return undefined;
  if (expiresAt * 1000 <= nowMs) return "expired";
  return { companyId, contactId, expiresAt };
}

/* ---------- the send ---------- */

/**
 * The plain-text part of a mail whose template has none: its HTML as text (links kept beside
 * their words, images left out), so that a text-only reader sees the message and not only the
 * unsubscribe line.
 */
function plainTextOf(html: string): string {
  return convert(html, {
    wordwrap: 78,
    selectors: [
      { selector: "img", format: "skip" },
      { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
    ],
  }).trim();
}

export interface MarketingEmail {
  companyId: string;
  contactId: string;
  to: string;
  subject: string;
  html: string;
  text: string | null;
  /** Postmark's Tag: campaign or sequence. */
  tag: "campaign" | "sequence";
  /** What names the mail's own record; Postmark echoes it, with the company's id, in its delivery webhooks. */
  metadata: Record<string, string>;
  /** The intent's subject (src/work/intents.ts): what this mail is for, so a retry never sends it twice. */
  intent: string;
}

/**
 * Sends one marketing email from the company's verified identity (with the identity's own provider
 * settings when it has them), with the recipient's unsubscribe link appended to both bodies and in
 * the one-click headers. Throws the refusal when the company has no verified identity.
 */
export async function sendMarketingEmail(
  context: GatewayContext & { config: Config; db: Database },
  message: MarketingEmail,
): Promise<{ messageId: string; identityId: string }> {
  const secretKey = context.config.webhookSecretKey;
  if (!secretKey) throw noSigningKey();
  const identity = await marketingIdentity(context.db, message.companyId);
  const expiresAt = Math.floor(clock.now() / 1000) + UNSUBSCRIBE_LINK_DAYS * 86_400;
  const link = `${context.config.publicBaseUrl}/u/${await unsubscribeToken(secretKey, { companyId: message.companyId, contactId: message.contactId, expiresAt })}`;
  const email = gateway(context, {
    companySettings: async (provider) => (provider === "postmark" ? identity.sealedProviderSettings : null),
  }).email;
  // Postmark keeps our intent id in the message's Metadata, so a retry after a lost answer searches for it.
  const once = await sendOnce(
    context.db,
    { companyId: message.companyId, subject: message.intent, provider: "postmark", kind: "email" },
    {
      send: (intentId) =>
        email.send({
          from: fromHeader(identity),
          to: [message.to],
          subject: message.subject,
          html: `${message.html}\n<p style="font-size:12px;color:#666"><a href="${escapeHtml(link)}">Unsubscribe</a> from these emails.</p>`,
          text: `${message.text?.trim() ? message.text : plainTextOf(message.html)}\n\nUnsubscribe: ${link}`,
          tag: message.tag,
          metadata: { ...message.metadata, company_id: message.companyId, intent_id: intentId },
          headers: [
            { name: "List-Unsubscribe", value: `<${link}>` },
            { name: "List-Unsubscribe-Post", value: "List-Unsubscribe=One-Click" },
          ],
        }),
      providerId: (sent) => sent.messageId,
      find: (earlier) => email.findByMetadata("intent_id", earlier.id, message.to),
    },
  );
  return { messageId: once.outcome === "sent" ? once.result.messageId : once.providerId, identityId: identity.id };
}
