import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { ApiError, problemBody, problemOf } from "../../lib/errors";
import type { Answer } from "./stage";

/** The Response an answer is sent as. */
export const responseOf = (answer: Answer): Response =>
  new Response(answer.body, { status: answer.status, headers: answer.headers });

/** A problem as an answer: RFC 9457, with the request id and the headers the problem carries (Retry-After). */
export function problemAnswer(c: Context<AppEnv>, error: ApiError): Answer {
  const { headers = {}, ...members } = error.extra;
  // A configuration error is answered before the config exists: the base URL then stays relative.
  const body = problemBody(c.get("config")?.publicBaseUrl ?? "", error.slug, error.detail, c.get("requestId"), members);
  return {
    status: error.status,
    headers: { "Content-Type": "application/problem+json", ...headers },
    body: JSON.stringify(body),
  };
}

export const problemResponse = (c: Context<AppEnv>, error: ApiError): Response => responseOf(problemAnswer(c, error));

/**
 * What an error thrown by a stage is answered with (the app's error handler, src/app.ts): its
 * problem, or, for anything that is not one, a 500 that shows nothing of it.
 */
export function thrownProblem(c: Context<AppEnv>, thrown: unknown): ApiError {
  return (
    problemOf(thrown) ??
    new ApiError(
      "internal_error",
      `An unexpected error occurred; quote request id ${c.get("requestId")} when reporting it.`,
    )
  );
}
