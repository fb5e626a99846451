import type { components } from "./schema.js";

/** One invalid field of a validation problem: `body.<field>`, `query.<name>` or `path.<name>`. */
export type ProblemFieldError = NonNullable<components["schemas"]["Problem"]["errors"]>[number];

/**
 * Every answer of the API that is not a success, thrown: an RFC 9457 problem
 * (`application/problem+json`) with its `type`, `title`, `status`, `detail`, `request_id` and, on a
 * validation error, `errors`. An answer that is not a problem (a proxy's HTML page) becomes one
 * with type `about:blank`.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  /** A URL whose last segment names the problem (`…/problems/not_found`); a page that explains it. */
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string | undefined;
  /** The request's id (the X-Request-Id header): quote it when reporting a problem. */
  readonly request_id: string | undefined;
  /** Each invalid field of a validation error; empty otherwise. */
  readonly errors: ProblemFieldError[];
  /** The whole problem as the API sent it (extension members included). */
  readonly body: Record<string, unknown>;
  readonly headers: Headers;

  constructor(status: number, body: Record<string, unknown>, headers: Headers) {
    const title = typeof body.title === "string" ? body.title : `HTTP ${status}`;
    const detail = typeof body.detail === "string" ? body.detail : undefined;
    super(detail ? `${status} ${title}: ${detail}` : `${status} ${title}`);
    this.status = status;
    this.type = typeof body.type === "string" ? body.type : "about:blank";
    this.title = title;
    this.detail = detail;
    this.request_id =
      typeof body.request_id === "string" ? body.request_id : (headers.get("X-Request-Id") ?? undefined);
    this.errors = Array.isArray(body.errors) ? (body.errors as ProblemFieldError[]) : [];
    this.body = body;
    this.headers = headers;
  }

  /** The problem's slug, the last segment of `type` (`not_found`, `validation_error`, …). */
  get code(): string {
    return this.type.slice(this.type.lastIndexOf("/") + 1);
  }
}
