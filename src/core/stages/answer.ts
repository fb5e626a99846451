import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { problemBody, type ApiError } from "../../lib/errors";

export function problemResponse(c: Context<AppEnv>, error: ApiError): Response {
  const { headers = {}, ...members } = error.extra;
  // A configuration error is answered before the config exists: the base URL then stays relative.
  const body = problemBody(c.get("config")?.publicBaseUrl ?? "", error.slug, error.detail, c.get("requestId"), members);
  return new Response(JSON.stringify(body), {
    status: error.status,
    headers: { "Content-Type": "application/problem+json", ...headers },
  });
}
