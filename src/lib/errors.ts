import { z } from "@hono/zod-openapi";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { int32 } from "./schemas";

/**
 * Every problem type the API answers with (RFC 9457). The slug is the last segment of the `type`
 * URI ({PUBLIC_BASE_URL}/problems/<slug>); the docs page lists this table.
 */
export const problemTypes = {
  validation_error: {
    status: 400,
    title: "Validation error",
    meaning: "The query, path or body failed validation; `errors` lists each field.",
  },
  invalid_json: {
    status: 400,
    title: "Invalid JSON",
    meaning:
      "The body is not valid UTF-8 JSON, or is not sent as application/json (in UTF-8, the only charset accepted) where JSON is expected.",
  },
  incomplete_body: {
    status: 400,
    title: "Incomplete body",
    meaning: "The connection closed before the request body was complete; nothing was done.",
  },
  fiscal_document_type: {
    status: 400,
    title: "Fiscal document type refused",
    meaning:
      "This operation creates non-fiscal budgets only; invoices, credit notes and other fiscal documents cannot be created through the API.",
  },
  idempotency_key_required: {
    status: 400,
    title: "Idempotency-Key required",
    meaning: "Spending operations (gate S) require an Idempotency-Key header.",
  },
  idempotency_key_invalid: {
    status: 400,
    title: "Invalid Idempotency-Key",
    meaning: "An Idempotency-Key must be 1 to 255 visible ASCII characters.",
  },
  idempotency_key_reused: {
    status: 400,
    title: "Idempotency-Key reused",
    meaning: "The Idempotency-Key was already used with a different method, path or body within 24 hours.",
  },
  unauthorized: {
    status: 401,
    title: "Unauthorized",
    meaning: "The API key is missing, malformed, unknown, revoked, or belongs to another environment.",
  },
  insufficient_funds: {
    status: 402,
    title: "Insufficient funds",
    meaning: "The wallet balance does not cover the operation.",
  },
  insufficient_scope: {
    status: 403,
    title: "Insufficient scope",
    meaning: "The key lacks the scope the operation requires; whoever issued the key can add it.",
  },
  capability_required: {
    status: 403,
    title: "Capability required",
    meaning: "The account's plan does not include the capability and it was not granted to the account.",
  },
  spend_not_enabled: {
    status: 403,
    title: "Spending not enabled",
    meaning: "The account was not explicitly enabled for spending operations.",
  },
  not_offered: {
    status: 403,
    title: "Not offered",
    meaning:
      "The account's agency does not offer this to the account: a packaging gate (`gate`: hide_addons, hide_plans, or allow_signup off) closes it.",
  },
  not_found: {
    status: 404,
    title: "Not found",
    meaning: "No such resource for this key's company (another company's ids answer the same).",
  },
  method_not_allowed: {
    status: 405,
    title: "Method not allowed",
    meaning: "The path exists but not with this method; the Allow header lists the methods it has.",
  },
  conflict: {
    status: 409,
    title: "Conflict",
    meaning: "The request conflicts with the current state of the resource.",
  },
  insufficient_balance: {
    status: 409,
    title: "Insufficient balance",
    meaning:
      "The wallet balance does not cover the operation (on operations that declare no 402); nothing was charged or recorded. `amount_minor` and `balance_minor` say by how much.",
  },
  version_conflict: {
    status: 409,
    title: "Version conflict",
    meaning:
      "The submission was edited from a version that is no longer the latest; `latest_version` names the latest: start from it and submit again.",
  },
  payment_declined: {
    status: 409,
    title: "Payment declined",
    meaning:
      "The payment provider declined the charge (`decline_code` says why); nothing was charged or credited. Use another payment method, or retry later.",
  },
  outcome_unknown: {
    status: 409,
    title: "Outcome unknown",
    meaning:
      "An earlier attempt of this send reached the provider but its answer was lost (the process stopped), and this provider cannot be asked what it did; it is not sent again, so it is never sent twice. Check with the recipient, then send it as a new request (another Idempotency-Key).",
  },
  idempotency_key_in_use: {
    status: 409,
    title: "Idempotency-Key in use",
    meaning: "A request with this Idempotency-Key is still being processed; retry after it completes.",
  },
  gone: { status: 410, title: "Gone", meaning: "The resource existed but is no longer available." },
  payload_too_large: {
    status: 413,
    title: "Payload too large",
    meaning:
      "The request body exceeds the body limit the API states, or the change would make a webhook event of more than 64 KB (send shorter text fields).",
  },
  attachment_too_large: {
    status: 413,
    title: "Attachment too large",
    meaning: "The attachment exceeds 15 MiB; it is listed but its content is not served.",
  },
  unprocessable: {
    status: 422,
    title: "Unprocessable",
    meaning: "The request is well formed but cannot be carried out.",
  },
  rate_limited: {
    status: 429,
    title: "Too many requests",
    meaning:
      "The key exceeded its request quota in the rolling window (RateLimit-Policy states both); Retry-After says when a slot frees.",
  },
  internal_error: {
    status: 500,
    title: "Internal error",
    meaning: "An unexpected error. It never reveals internals; quote request_id when reporting it.",
  },
  not_implemented: {
    status: 501,
    title: "Not implemented",
    meaning: "The operation is not available on this deployment.",
  },
  upstream_error: { status: 502, title: "Upstream error", meaning: "A provider the operation depends on failed." },
  provider_unavailable: {
    status: 503,
    title: "Provider unavailable",
    meaning:
      "A provider the operation depends on failed or could not be reached, on an operation that declares no 502; retry later with the same Idempotency-Key.",
  },
  company_moving: {
    status: 503,
    title: "Company moving",
    meaning:
      "The account's data is being moved to another database: reads go on, writes are refused until the move ends (a minute or a few). Retry after `Retry-After` seconds with the same Idempotency-Key; nothing of this request was done.",
  },
  integration_not_configured: {
    status: 503,
    title: "Integration not configured",
    meaning: "The integration the operation needs is not configured for this account.",
  },
} as const satisfies Record<string, { status: number; title: string; meaning: string }>;

export type ProblemSlug = keyof typeof problemTypes;

export interface FieldError {
  path: string;
  message: string;
}

/** A problem the pipeline or a handler raises; rendered by the app's error handler. */
export class ApiError extends Error {
  constructor(
    readonly slug: ProblemSlug,
    readonly detail: string,
    readonly extra: { errors?: FieldError[]; headers?: Record<string, string>; [member: string]: unknown } = {},
  ) {
    super(detail);
    this.name = "ApiError";
  }

  get status(): number {
    return problemTypes[this.slug].status;
  }
}

/**
 * A secret the deployment needs is not set: the at-rest key (WEBHOOK_SECRET_KEY) that seals stored
 * secrets (webhook signing secrets, provider settings, SIP passwords). One error wherever one is
 * found missing, naming it: an operation answers it as declaredSecretMissing says, the gateway as
 * its provider not being configured for the account.
 */
export class SecretMissing extends Error {
  constructor(
    // The binding's name (WEBHOOK_SECRET_KEY): lib knows no Env, so the name is checked by its form only.
    readonly secret: Uppercase<string>,
    purpose: string,
  ) {
    super(`${secret} is not set, so ${purpose} cannot be sealed or opened.`);
    this.name = "SecretMissing";
  }
}

/**
 * A missing secret as an operation answers it: 503 integration_not_configured naming the secret
 * where the operation declares 503; elsewhere it stays an unexpected error (500), a status it declares.
 */
export function declaredSecretMissing(op: { codes: readonly number[] }, error: unknown): unknown {
  if (!(error instanceof SecretMissing) || !op.codes.includes(problemTypes.integration_not_configured.status))
    return error;
  return new ApiError(
    "integration_not_configured",
    `Stored secrets cannot be encrypted on this deployment (${error.secret} is not set).`,
  );
}

/**
 * The problem an error is, or carries: an ApiError thrown from inside a query (the store router's
 * 503 for a moving company) reaches the error handler wrapped in drizzle's DrizzleQueryError.
 */
export function problemOf(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error instanceof DrizzleQueryError && error.cause instanceof ApiError) return error.cause;
  return undefined;
}

export const notFound = (what = "resource") => new ApiError("not_found", `No such ${what}.`);

/** The row a lookup found, or the 404 naming `what`: the shape of every get-or-404 read. */
export async function orNotFound<T>(lookup: Promise<T | null | undefined>, what: string): Promise<T> {
  const found = await lookup;
  if (found === undefined || found === null) throw notFound(what);
  return found;
}

/** A validation_error about one field that a schema could not check (it needs the company's data or settings). */
export const invalidField = (path: string, message: string) =>
  new ApiError("validation_error", `${path}: ${message}`, { errors: [{ path, message }] });

const STANDARD_MEMBERS = new Set(["type", "title", "status", "detail", "instance", "request_id"]);

export function problemBody(
  baseUrl: string,
  slug: ProblemSlug,
  detail: string,
  requestId: string,
  extra: Record<string, unknown> = {},
) {
  const type = problemTypes[slug];
  // Extra members never overwrite the standard ones (RFC 9457: status is the HTTP status).
  const members = Object.fromEntries(Object.entries(extra).filter(([name]) => !STANDARD_MEMBERS.has(name)));
  return {
    type: `${baseUrl.replace(/\/$/, "")}/problems/${slug}`,
    title: type.title,
    status: type.status,
    detail,
    request_id: requestId,
    ...members,
  };
}

/** Every status a problem can have (the statuses of problemTypes). */
const problemStatuses = [...new Set(Object.values(problemTypes).map((type) => type.status))].sort((a, b) => a - b) as [
  number,
  ...number[],
];

/** The most field errors a validation_error lists; `errors_total` says how many there were when there were more. */
export const VALIDATION_ERRORS_MAX = 50;

export const ProblemSchema = z
  .object({
    type: z.string().url().openapi({
      description:
        "`<PUBLIC_BASE_URL>/problems/<slug>`: a page that explains the problem type; the slug names it (`not_found`, `validation_error`...)",
      example: "https://api.example.com/problems/not_found",
    }),
    title: z
      .string()
      .openapi({ description: "The problem type's title, the same for every occurrence", example: "Not found" }),
    status: z.literal(problemStatuses).openapi({
      type: "integer",
      enum: problemStatuses,
      format: "int32",
      minimum: 400,
      maximum: 599,
      description: "The HTTP status of the response",
      example: 404,
    }),
    detail: z.string().openapi({ description: "What went wrong in this request", example: "No such contact." }),
    request_id: z
      .string()
      .openapi({ description: "The request's id, as in the X-Request-Id header; quote it when reporting a problem" }),
    errors: z
      .array(
        z.object({
          path: z.string().openapi({ description: "`body.<field>`, `query.<name>` or `path.<name>`" }),
          message: z.string(),
        }),
      )
      .max(1000)
      .optional()
      .openapi({
        description: `Each invalid field of a validation_error (a request's input: at most ${VALIDATION_ERRORS_MAX}, the first found)`,
      }),
    errors_total: int32({ min: 1 })
      .optional()
      .openapi({ description: "How many invalid fields there were, when there were more than `errors` lists" }),
  })
  .openapi("Problem", {
    description:
      "An RFC 9457 problem (`application/problem+json`). Some types add members: `required_scope` (insufficient_scope), " +
      "`existing_contact_id` (conflict on a contact), `provider` (upstream_error, integration_not_configured).",
  });

/** 405 with an `Allow` header naming the methods a path has (HEAD with GET). */
export function methodNotAllowedProblem(methods: readonly string[]): ApiError {
  const allowed = new Set(methods.map((method) => method.toUpperCase()));
  if (allowed.has("GET")) allowed.add("HEAD");
  const allow = [...allowed].sort().join(", ");
  return new ApiError("method_not_allowed", `This path answers ${allow}.`, { headers: { Allow: allow } });
}

/** The validation_error of a request's invalid fields: the first VALIDATION_ERRORS_MAX listed, and how many there were in all when more. */
export function validationProblem(errors: readonly FieldError[]): ApiError {
  const listed = errors.slice(0, VALIDATION_ERRORS_MAX);
  const more = errors.length > listed.length;
  const count = `${errors.length} invalid field${errors.length > 1 ? "s" : ""}`;
  return new ApiError(
    "validation_error",
    more ? `The request has ${count}; the first ${listed.length} are listed.` : `The request has ${count}.`,
    {
      errors: listed,
      ...(more ? { errors_total: errors.length } : {}),
    },
  );
}

/** Zod issues as the `errors` member: dotted paths relative to the request part they came from. */
export function fieldErrors(where: "body" | "query" | "path", issues: readonly z.core.$ZodIssue[]): FieldError[] {
  const pathOf = (path: readonly PropertyKey[]) => [where, ...path.map(String)].join(".");
  return issues.flatMap((issue) =>
    // A strict object's unknown members, one error each, at the member's own path; a message the
    // schema gave (a read-only member) is kept, zod's generic one is replaced.
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) => ({
          path: pathOf([...issue.path, key]),
          message: issue.message.startsWith("Unrecognized key")
            ? "Unknown member: the schema does not declare it."
            : issue.message,
        }))
      : [{ path: pathOf(issue.path), message: issue.message }],
  );
}

/**
 * What a server log may say of an unexpected error. A failed query names its SQL but not its
 * parameters (drizzle puts them in the message and stack), which can hold personal data.
 */
export function loggableError(error: unknown): { error: string; stack?: string } {
  if (error instanceof DrizzleQueryError) {
    const cause = error.cause instanceof Error ? error.cause : undefined;
    return { error: `Failed query: ${error.query} (${cause ? String(cause) : "no cause given"})`, stack: cause?.stack };
  }
  return { error: String(error), stack: error instanceof Error ? error.stack : undefined };
}
