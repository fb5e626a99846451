import { sha256Hex } from "../../keys/auth";
import type { Operation, Quote } from "../operation";
import { uint8ArrayToHex } from "uint8array-extras";

/**
 * Spending through MCP needs a preview and a confirmation. A gate S tool called without
 * `confirmation_token` does nothing: it answers a quote (what would be charged and sent, to whom:
 * the operation's declared `quote`, else its description) and a confirmation token. Called again
 * with the same arguments and the token, it runs, once: its Idempotency-Key follows from the token.
 *
 * The token is stateless: an HMAC, under a key derived from the Worker's secret API_KEY_CHECK_SECRET,
 * of when it expires, a tag of the API key's lineage (the key and the keys rotated from it) and a
 * digest of the operation and its exact arguments. Its parts are in the clear, so a refusal says
 * why: altered, another key's, other arguments', or past its time.
 */

export const CONFIRMATION_ARGUMENT = "confirmation_token";
/** How long a quote may be confirmed. */
export const CONFIRMATION_TTL_SECONDS = 300;

const TOKEN_VERSION = "mcpc1";
const encoder = new TextEncoder();

/** Arguments as canonical JSON: members sorted, so that the same arguments in another order are the same intent. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const members = Object.entries(value as Record<string, unknown>)
      .filter(([, member]) => member !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${members.map(([name, member]) => `${JSON.stringify(name)}:${canonical(member)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

const intentDigest = async (operationId: string, args: Record<string, unknown>) =>
  (await sha256Hex(`${operationId}\n${canonical(args)}`)).slice(0, 32);
const keyTag = async (lineageId: string) => (await sha256Hex(`mcp confirmation key\n${lineageId}`)).slice(0, 16);

/** The HMAC key of the tokens, derived from the secret once per isolate (a Worker has one secret). */
const signingKeys = new Map<string, Promise<CryptoKey>>();

function signingKey(secret: string): Promise<CryptoKey> {
  let key = signingKeys.get(secret);
  if (!key) {
    key = (async () => {
      const root = await crypto.subtle.importKey(
        "raw",
        encoder.encode(secret),
        { name: "HMAC", hash: "SHA-256" },
        false,
        ["sign"],
      );
      const derived = await crypto.subtle.sign("HMAC", root, encoder.encode("mcp confirmation tokens v1"));
      return crypto.subtle.importKey("raw", derived, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    })();
    signingKeys.set(secret, key);
  }
  return key;
}

async function mac(secret: string, payload: string): Promise<string> {
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", await signingKey(secret), encoder.encode(payload)));
  return uint8ArrayToHex(signature.subarray(0, 16));
}

/** Equal strings, compared in time that depends on their length only. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

/** A token for this key, operation and arguments, valid CONFIRMATION_TTL_SECONDS from `now` (ms). */
export async function confirmationToken(
  secret: string,
  lineageId: string,
  operationId: string,
  args: Record<string, unknown>,
  now: number,
) {
  const expires = Math.floor(now / 1000) + CONFIRMATION_TTL_SECONDS;
  const payload = `${TOKEN_VERSION}.${expires}.${await keyTag(lineageId)}.${await intentDigest(operationId, args)}`;
  return { token: `${payload}.${await mac(secret, payload)}`, expiresAt: new Date(expires * 1000).toISOString() };
}

/** Why the token does not confirm this call (undefined: it does). */
export async function confirmationRefusal(
  secret: string,
  token: string,
  lineageId: string,
  operationId: string,
  args: Record<string, unknown>,
  now: number,
): Promise<string | undefined> {
  const parts = token.split(".");
  const [version, expires, tag, digest, signature] = parts;
  if (parts.length !== 5 || version !== TOKEN_VERSION || !/^\d+$/.test(expires ?? "") || signature === undefined) {
    return "This is not a confirmation token of this server: call without confirmation_token to get a quote and its token.";
  }
  if (!sameText(await mac(secret, parts.slice(0, 4).join(".")), signature)) {
    return "This confirmation token was not issued by this server, or was altered: call without confirmation_token to get a new quote.";
  }
  if (tag !== (await keyTag(lineageId)))
    return "This confirmation token was issued to another API key: call without confirmation_token to get a quote for this key.";
  if (digest !== (await intentDigest(operationId, args))) {
    return "This confirmation token was issued for another operation or other arguments; a token confirms exactly the call that was quoted. Send the quoted arguments unchanged, or call without confirmation_token to get a quote for these.";
  }
  const expiresAt = Number(expires) * 1000;
  if (now >= expiresAt)
    return `This confirmation token expired at ${new Date(expiresAt).toISOString()}: call without confirmation_token to get a new quote.`;
  return undefined;
}

/** The Idempotency-Key of a confirmed call: the same token runs once, whatever the JSON-RPC id or session. */
export const confirmedIdempotencyKey = async (token: string) => `mcp-confirmed-${await sha256Hex(token)}`;

/** What a quote result says when the operation declares no quote: that it spends, as its description says. */
export const undeclaredQuote = (op: Operation) => ({
  charge: null,
  notes: [`This operation spends money; what it charges is worked out when it runs. ${op.description ?? op.summary}`],
});

/** The structured result of a gate S call that was quoted, not run. */
export interface QuoteResult extends Record<string, unknown> {
  confirmation_required: true;
  operation_id: string;
  arguments: Record<string, unknown>;
  quote: Quote | ReturnType<typeof undeclaredQuote>;
  confirmation_token: string;
  expires_at: string;
}

/** The schema of a QuoteResult, one of a gate S tool's structured results. */
export const QUOTE_RESULT_SCHEMA = {
  type: "object",
  properties: {
    confirmation_required: {
      const: true,
      description: "Nothing was done: call again with confirmation_token to run it.",
    },
    operation_id: { type: "string" },
    arguments: { type: "object", description: "The arguments quoted: the token confirms these, unchanged." },
    quote: {
      type: "object",
      properties: {
        charge: {
          anyOf: [
            {
              type: "object",
              properties: { amount: { type: "number" }, currency: { type: "string" }, description: { type: "string" } },
              required: ["amount", "currency", "description"],
            },
            { type: "null" },
          ],
          description: "What would be charged now (null: worked out when it runs, see notes).",
        },
        sends: {
          type: "array",
          items: {
            type: "object",
            properties: {
              channel: { type: "string" },
              to: { type: "array", items: { type: "string" } },
              count: { type: "integer" },
              what: { type: "string" },
            },
            required: ["channel", "to", "count", "what"],
          },
        },
        balance: {
          type: "object",
          properties: { amount: { type: "number" }, currency: { type: "string" } },
          required: ["amount", "currency"],
        },
        notes: { type: "array", items: { type: "string" } },
      },
      required: ["charge"],
    },
    confirmation_token: { type: "string" },
    expires_at: { type: "string", format: "date-time" },
  },
  required: ["confirmation_required", "operation_id", "arguments", "quote", "confirmation_token", "expires_at"],
};

/** The quote in a sentence or two, for the model to read before the JSON. */
export function quoteText(toolName: string, result: QuoteResult, nested: boolean): string {
  const { quote } = result;
  const charge = quote.charge
    ? `It would charge ${quote.charge.amount} ${quote.charge.currency}: ${quote.charge.description}`
    : "It spends money; the amount is worked out when it runs (see notes).";
  const sends =
    "sends" in quote && quote.sends
      ? quote.sends
          .map(
            (send) =>
              ` It would send ${send.count} ${send.channel}${send.count === 1 ? "" : "s"} to ${send.to.join(", ")}${send.count > send.to.length ? ", ..." : ""}: ${send.what}`,
          )
          .join("")
      : "";
  return (
    `Nothing was done yet. ${charge}${sends} To go ahead, call ${toolName} again with the same arguments and ` +
    `${nested ? `arguments.${CONFIRMATION_ARGUMENT}` : CONFIRMATION_ARGUMENT} "${result.confirmation_token}" before ${result.expires_at}; it then runs once.`
  );
}
