import { and, eq, sql } from "drizzle-orm";
import { Hono, type Context } from "hono";
import type { Env } from "../env";
import type { AppEnv } from "./app-env";
import { readBody } from "../lib/body";
import { executeBatch } from "../data/batch";
import type { Database } from "../data/client";
import { acrossStores, databaseFor } from "../data/tenancy";
import { jobs, providerCallbacks } from "../data/schema";
import { enqueueJob, enqueueJobs } from "../work/jobs";
import type { CallbackDefinition, CallbackProvider } from "./callbacks";
import { metaChallenge, verifyCallback } from "./callbacks/verify";
import { clock } from "../lib/clock";
import { callbacksAt, type DomainSource } from "./domain-table";

// The receiver of the provider callbacks that domains declare (./callbacks): its route, the
// signature check, the record and the job, as ./callbacks describes them.

/** Bodies above this are refused (413) unread: no provider's status callback comes near it. */
const CALLBACK_MAX_BODY_BYTES = 64 * 1024;
/** Callbacks of one provider processed at once by one isolate; more are answered 503 (the provider retries). */
const CALLBACK_CONCURRENCY = 64;

const inFlight = new Map<string, number>();

const answer = (status: number, title: string, extraHeaders: Record<string, string> = {}) =>
  new Response(
    status === 200 ? JSON.stringify({ received: true }) : JSON.stringify({ type: "about:blank", title, status }),
    {
      status,
      headers: { "Content-Type": status === 200 ? "application/json" : "application/problem+json", ...extraHeaders },
    },
  );

const log = (fields: Record<string, unknown>) =>
  console.log(JSON.stringify({ message: "provider callback", ...fields }));

/**
 * Several definitions may share one path when the provider sends different things to one URL
 * (Meta's single webhook carries both message statuses and inbound messages): each reads the
 * callback with its own payload schema and records what it applies under its own event id.
 */
export function providerCallbacksApi(source: DomainSource) {
  // The paths from the table; a path's definitions from the domains that declare them, loaded on its first callback.
  const byPath = new Map<string, Promise<CallbackDefinition[]> | undefined>();
  for (const route of source.table.callbacks) byPath.set(`${route.provider}/${route.topic}`, undefined);
  const definitionsAt = (provider: string, topic: string) => {
    const key = `${provider}/${topic}`;
    if (!byPath.has(key)) return undefined;
    let definitions = byPath.get(key);
    if (!definitions) byPath.set(key, (definitions = callbacksAt(source, provider, topic)));
    return definitions;
  };
  const app = new Hono<AppEnv>();

  // Meta's subscription handshake: the challenge back, only for the configured verify token.
  app.get("/providers/whatsapp/:topic", (c) => {
    if (!byPath.has(`whatsapp/${c.req.param("topic")}`)) return answer(404, "Not Found");
    const challenge = metaChallenge(c.var.config.callbacks, new URL(c.req.url).searchParams);
    return challenge === null ? answer(403, "Forbidden") : c.text(challenge, 200);
  });

  app.post("/providers/:provider/:topic", async (c) => {
    const shared = await definitionsAt(c.req.param("provider"), c.req.param("topic"));
    const provider = shared?.[0]?.provider;
    if (!shared || !provider) return answer(404, "Not Found");
    const running = inFlight.get(provider) ?? 0;
    if (running >= CALLBACK_CONCURRENCY) return answer(503, "Service Unavailable", { "Retry-After": "1" });
    inFlight.set(provider, running + 1);
    try {
      return await receive(c, provider, shared);
    } finally {
      inFlight.set(provider, (inFlight.get(provider) ?? 1) - 1);
    }
  });
  return app;
}

async function receive(
  c: Context<AppEnv>,
  provider: CallbackProvider,
  definitions: readonly CallbackDefinition[],
): Promise<Response> {
  const config = c.var.config;
  const requestId = c.get("requestId");
  const topic = definitions[0]?.topic ?? "";
  let body: string;
  try {
    body = await readBody(
      c.req.raw,
      Math.max(...definitions.map((definition) => definition.maxBodyBytes ?? CALLBACK_MAX_BODY_BYTES)),
    );
  } catch {
    return answer(413, "Content Too Large");
  }
  const url = new URL(c.req.url);
  const verdict = await verifyCallback(provider, config.callbacks, {
    url: `${config.callbacks.baseUrl}${url.pathname}${url.search}`,
    headers: c.req.raw.headers,
    body,
    nowSeconds: Math.floor(clock.now() / 1000),
  });
  const where = { request_id: requestId, provider, topic };
  if (!verdict.verified) {
    log({ ...where, outcome: "refused", status: verdict.status, reason: verdict.reason });
    return answer(
      verdict.status,
      verdict.status === 401 ? "Unauthorized" : verdict.status === 403 ? "Forbidden" : "Service Unavailable",
    );
  }

  const content = provider === "twilio" ? Object.fromEntries(new URLSearchParams(body)) : parseJson(body);
  const read = { query: Object.fromEntries(url.searchParams), body: content };
  let applied = 0;
  let answered: Response | undefined;
  for (const definition of definitions) {
    const payload = definition.job.payload.safeParse(read);
    if (!payload.success) continue;
    applied++;
    const recorded = await apply(c, definition, payload.data, { ...where, job: definition.job.kind });
    if (definition.answer && !answered) {
      const { contentType, body: text } = definition.answer(config, recorded);
      answered = new Response(text, { status: 200, headers: { "Content-Type": contentType } });
    }
  }
  if (applied === 0) log({ ...where, outcome: "ignored", reason: "the payload is not one this topic applies" });
  return answered ?? answer(200, "OK");
}

/** One definition's part of a verified callback: its company, then recorded once with its job. Returns the payload as recorded (undefined: no company of ours). */
async function apply(
  c: Context<AppEnv>,
  definition: CallbackDefinition,
  payload: unknown,
  where: Record<string, unknown>,
): Promise<unknown> {
  // Which company a callback concerns is read from what names it (its signed URL, its metadata); the
  // company's own database then records it.
  // It is not known yet, so the lookup reads the store its values name (or every store).
  const companyId = await definition.companyOf(acrossStores(c.env), payload);
  const eventId = definition.eventId(payload);
  if (!companyId) {
    log({ ...where, outcome: "ignored", event_id: eventId, reason: "no company or object of ours" });
    return undefined;
  }
  const db = databaseFor(c.env, companyId);
  let staged = payload;
  if (definition.stage) {
    // A repeat of an event already recorded stages nothing (its job may have cleaned up after itself),
    // unless its answer is read from what is staged.
    if (!definition.answer && (await recordedBefore(db, definition, eventId))) {
      log({ ...where, outcome: "duplicate", company_id: companyId, event_id: eventId });
      return payload;
    }
    staged = await definition.stage(c.env, companyId, eventId, payload);
  }
  const recorded = await record(db, c.env, definition, companyId, eventId, staged);
  log({ ...where, outcome: recorded ? "recorded" : "duplicate", company_id: companyId, event_id: eventId });
  return staged;
}

async function recordedBefore(db: Database, definition: CallbackDefinition, eventId: string): Promise<boolean> {
  const row = await db
    .select({ id: providerCallbacks.id })
    .from(providerCallbacks)
    .where(and(eq(providerCallbacks.provider, definition.provider), eq(providerCallbacks.eventId, eventId)))
    .get();
  return row !== undefined;
}

/**
 * Records the callback and queues its job in one batch; the job row is written only when the
 * record is new, so a duplicate neither records nor queues anything. Returns whether it was new.
 */
async function record(
  db: Database,
  env: Env,
  definition: CallbackDefinition,
  companyId: string,
  eventId: string,
  payload: unknown,
): Promise<boolean> {
  const job = enqueueJob(definition.job, companyId, payload);
  const resourceId = (await definition.resourceOf?.(payload, db, companyId)) ?? null;
  const id = crypto.randomUUID();
  const now = clock.iso();
  const [inserted] = (await executeBatch(db, [
    db
      .insert(providerCallbacks)
      .values({
        id,
        companyId,
        provider: definition.provider,
        topic: definition.topic,
        eventId,
        jobId: job.id,
        resourceId,
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: providerCallbacks.id }),
    // Every column of jobs, in the table's order; the row exists only if the record above is new.
    db.insert(jobs).select(
      sql`SELECT ${job.id}, ${companyId}, ${job.kind}, ${JSON.stringify(job.payload)}, 'pending', 0, ${now}, NULL, NULL, ${now}, ${now}
        WHERE EXISTS (SELECT 1 FROM ${providerCallbacks} WHERE ${eq(providerCallbacks.id, id)})`,
    ),
  ])) as [unknown[], unknown];
  if (inserted.length === 0) return false;
  await enqueueJobs(env, [{ id: job.id, companyId }]);
  return true;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not logged: the parser's message quotes the body.
    return undefined;
  }
}
