import type { MiddlewareHandler } from "hono";
import { configOf } from "../../config";
import type { AppEnv } from "../app-env";
import { ClientAbort } from "../../lib/body";
import { RoundTrips } from "../../data/session";
import { VISIBLE_ASCII, type RequestStage } from "./stage";

/**
 * Every request, first: its id (`X-Request-Id` echoed when it is 1 to 128 visible ASCII characters,
 * else generated), its configuration and round-trip counter; on the way out, every response's
 * common headers (the id, no-store, nosniff, Server-Timing, the key's RateLimit) and one log line.
 */
const requestContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  const sent = c.req.header("X-Request-Id");
  const requestId = sent && sent.length <= 128 && VISIBLE_ASCII.test(sent) ? sent : crypto.randomUUID();
  c.set("requestId", requestId);
  const config = configOf(c.env);
  c.set("config", config);
  const started = config.requestLog ? performance.now() : 0;
  if (config.serverTiming) c.set("trips", new RoundTrips());
  await next();
  const headers = c.res.headers;
  headers.set("X-Request-Id", requestId);
  // API responses are never stored; the docs' assets and pages set their own caching.
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  headers.set("X-Content-Type-Options", "nosniff");
  const trips = c.get("trips");
  if (trips) headers.set("Server-Timing", trips.serverTiming());
  const rate = c.get("rateLimit");
  if (rate) {
    headers.set("RateLimit-Policy", `"default";q=${rate.limit};w=${config.rateLimit.windowSeconds}`);
    headers.set("RateLimit", `"default";r=${rate.remaining};t=${rate.resetSeconds}`);
  }
  if (config.requestLog) {
    const caller = c.get("caller");
    console.log(
      JSON.stringify({
        request_id: requestId,
        method: c.req.method,
        path: new URL(c.req.url).pathname,
        operation: c.get("operationId") ?? null,
        key_id: caller?.keyId ?? null,
        company_id: caller?.company.id ?? null,
        status: c.res.status,
        // A client that hung up mid-body is not a server error, and is told apart in the log.
        ...(c.error instanceof ClientAbort ? { outcome: "client_aborted" } : {}),
        duration_ms: Math.round((performance.now() - started) * 100) / 100,
      }),
    );
  }
};

export const requestId: RequestStage = { paths: ["*"], middleware: requestContext };
