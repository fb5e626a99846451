import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { plans } from "../lib/plans";
import { clock } from "../lib/clock";

/** ISO 8601 UTC with milliseconds: sorts lexicographically in time order. */
export const nowIso = () => clock.iso();

export const companies = sqliteTable(
  "companies",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    plan: text("plan", { enum: plans }).notNull(),
    /** Agency tree: a subaccount points at its parent. */
    parentCompanyId: text("parent_company_id"),
    /** Capabilities granted to the account beyond its plan (JSON array of names). */
    capabilities: text("capabilities", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    /** Gate S: the account was explicitly enabled for spending. */
    spendEnabled: integer("spend_enabled", { mode: "boolean" }).notNull().default(false),
    defaultVatRate: real("default_vat_rate").notNull().default(21),
    defaultCurrency: text("default_currency"),
    defaultValidity: text("default_validity"),
    /** ISO 3166 region used to read phone numbers written without a country code. */
    defaultRegion: text("default_region").notNull().default("ES"),
    /** A suspended account's keys answer 401 (authentication reads it with the key); its agency activates it again. */
    status: text("status", { enum: ["active", "suspended"] })
      .notNull()
      .default("active"),
    /**
     * The account whose suspension suspended this one (itself, or an ancestor whose suspension
     * cascaded down the tree); null while active. Reactivating an account restores exactly the
     * accounts its own suspension suspended.
     */
    suspendedBy: text("suspended_by"),
    /**
     * The directory: the tenant store (D1 database) that holds the company's data, 0 being the
     * control plane's own database (src/data/tenancy.ts). Set when the company is placed, changed
     * only by a move.
     */
    store: integer("store").notNull().default(0),
    /**
     * A move to another store is under way (src/work/moves.ts): writes answer 503 with
     * Retry-After and work between requests waits, while reads go on from `store`.
     */
    moving: integer("moving", { mode: "boolean" }).notNull().default(false),
    /** The store the company's last move left: a bookmark of that store is read from the primary, not refused. */
    movedFrom: integer("moved_from"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    // Placement counts the companies of each store.
    index("companies_store_idx").on(t.store),
    // Agency tree: an agency's subaccounts, newest first (the subaccount list of the agency domain).
    index("companies_parent_idx").on(t.parentCompanyId, t.createdAt, t.id),
    // Reactivation finds what one suspension suspended.
    index("companies_suspended_by_idx").on(t.suspendedBy),
  ],
);

export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    /** Id of the first key of a rotation chain: names the key's Durable Object (limit window, idempotency). */
    lineageId: text("lineage_id").notNull(),
    name: text("name").notNull(),
    scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
    environment: text("environment", { enum: ["test", "live"] }).notNull(),
    /** Hex SHA-256 of the whole key; the key itself is never stored. */
    keyHash: text("key_hash").notNull(),
    /** First characters of the key, safe to show in a panel. */
    keyPrefix: text("key_prefix").notNull(),
    /**
     * "checked": the key carries its HMAC check (src/keys/auth.ts); "legacy": minted before the
     * check existed (every row older than the column is legacy, hence the default).
     */
    keyForm: text("key_form", { enum: ["legacy", "checked"] })
      .notNull()
      .default("legacy"),
    createdAt: text("created_at").notNull(),
    revokedAt: text("revoked_at"),
    replacedBy: text("replaced_by"),
  },
  (t) => [
    uniqueIndex("api_keys_hash_idx").on(t.keyHash),
    // The active legacy keys per company (GET /admin/v1/keys/legacy): empty once every key is rotated.
    index("api_keys_legacy_active_idx").on(t.companyId).where(sql`${t.keyForm} = 'legacy' AND ${t.revokedAt} IS NULL`),
    index("api_keys_company_idx").on(t.companyId, t.createdAt),
    // The key's Durable Object loads its lineage's active key by this.
    index("api_keys_lineage_idx").on(t.lineageId, t.revokedAt),
  ],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    keyId: text("key_id").notNull(),
    operation: text("operation").notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    resourceType: text("resource_type").notNull(),
    resourceId: text("resource_id"),
    requestId: text("request_id").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    index("audit_log_company_created_idx").on(t.companyId, t.createdAt, t.id),
    // Retention's query: the oldest entries past the window, whatever their company.
    index("audit_log_created_idx").on(t.createdAt, t.id),
  ],
);

/**
 * What operators did through the operator API (/admin/v1), each entry with the company it acted on
 * (null for a platform-wide change such as the price book): the panel's audit trail.
 */
export const operatorAuditLog = sqliteTable(
  "operator_audit_log",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id"),
    operation: text("operation").notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    resourceType: text("resource_type").notNull(),
    resourceId: text("resource_id"),
    requestId: text("request_id").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    index("operator_audit_log_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("operator_audit_log_created_idx").on(t.createdAt),
  ],
);

/**
 * The platform's settings an operator changes through the operator API (a name, its value as text,
 * null once cleared): few, read by name. Platform-wide, so they carry no company_id, and live in
 * the control plane (routing.ts). Today one: `docs.examples_company` (src/data/operator-settings.ts).
 */
export const operatorSettings = sqliteTable("operator_settings", {
  name: text("name").primaryKey(),
  value: text("value"),
  updatedAt: text("updated_at").notNull(),
});

/** Gap-free per-company sequences (budget numbers and the like), bumped inside the write's batch. */
export const sequences = sqliteTable(
  "sequences",
  {
    companyId: text("company_id").notNull(),
    series: text("series").notNull(),
    lastValue: integer("last_value").notNull(),
  },
  (t) => [uniqueIndex("sequences_company_series_idx").on(t.companyId, t.series)],
);

/**
 * Background jobs (src/work/jobs.ts): work a write hands to a provider after it answered, written
 * in the write's own batch (transactional outbox) and run by the jobs Queue's consumer.
 */
export const jobs = sqliteTable(
  "jobs",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    /** The job's definition, "<domain>.<verb>". */
    kind: text("kind").notNull(),
    payload: text("payload", { mode: "json" }).$type<unknown>().notNull(),
    status: text("status", { enum: ["pending", "done", "failed"] }).notNull(),
    /** Runs started so far. */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: text("next_attempt_at").notNull(),
    /** While a consumer runs the job, nobody else may take it. */
    leaseUntil: text("lease_until"),
    lastError: text("last_error"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("jobs_company_kind_idx").on(t.companyId, t.kind, t.createdAt),
    // The sweep's query: pending jobs by due time.
    index("jobs_due_idx").on(t.status, t.nextAttemptAt),
    // Retention's query: finished (done, failed) jobs by when they finished.
    index("jobs_finished_idx").on(t.status, t.updatedAt),
  ],
);

/**
 * Due work (src/work/due.ts): a job that must run at a time, written in the batch of the write that
 * schedules it. The Cron Trigger hands each item over to the jobs table once it is due (and deletes
 * it in the same batch), so this table only ever holds what is still to come.
 */
export const dueWork = sqliteTable(
  "due_work",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    /** The job definition that runs it, "<domain>.<verb>". */
    kind: text("kind").notNull(),
    payload: text("payload", { mode: "json" }).$type<unknown>().notNull(),
    dueAt: text("due_at").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    // The tick's query: what is due, oldest first.
    index("due_work_due_idx").on(t.dueAt, t.id),
    // A company's scheduled items (cancelling one, a domain listing its own).
    index("due_work_company_idx").on(t.companyId, t.kind, t.dueAt),
  ],
);

/**
 * Provider callbacks received (src/core/callbacks): one row per provider event, by the provider's
 * own id, so a replayed or duplicated callback is recorded once and queues its job once.
 */
export const providerCallbacks = sqliteTable(
  "provider_callbacks",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    provider: text("provider").notNull(),
    topic: text("topic").notNull(),
    /** The provider's own event id (for Twilio, the resource's sid and its new status). */
    eventId: text("event_id").notNull(),
    /** The job that applies it (jobs.id). */
    jobId: text("job_id").notNull(),
    /** The record the callback is about (the message or call row), when its definition names it: the request log links it through the record's intent. */
    resourceId: text("resource_id"),
    receivedAt: text("received_at").notNull(),
  },
  (t) => [
    uniqueIndex("provider_callbacks_event_idx").on(t.provider, t.eventId),
    index("provider_callbacks_company_received_idx").on(t.companyId, t.receivedAt),
    // The callbacks about a record (the request log's "what came back").
    index("provider_callbacks_company_resource_idx").on(t.companyId, t.resourceId, t.receivedAt),
  ],
);

/**
 * One row per effect asked of a provider (an email, an SMS, a call, a WhatsApp message), written
 * before the call (src/work/intents.ts): our id, sent to the provider where it takes one, and what
 * became of it. `subject` names what the effect is for (a campaign attempt, a request's
 * Idempotency-Key), unique per company, so a retry finds the earlier attempt instead of sending again.
 */
export const providerIntents = sqliteTable(
  "provider_intents",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    subject: text("subject").notNull(),
    provider: text("provider").notNull(),
    /** email, sms, call, whatsapp. */
    kind: text("kind").notNull(),
    /**
     * pending (recorded with its resource, the provider not asked yet), in_flight (asked, answer not
     * recorded), accepted, failed (the provider said no: safe to ask again), unknown (cannot be asked).
     */
    state: text("state").notNull(),
    /** Times the provider was asked; each attempt is a compare-and-set on the count read. */
    attempts: integer("attempts").notNull(),
    /** When the last attempt began: the window a lookup searches from. */
    attemptedAt: text("attempted_at").notNull(),
    providerId: text("provider_id"),
    reason: text("reason"),
    /**
     * The record the effect is for (the message or call row), written in the batch that records it:
     * a retry of the same subject works on that record instead of writing (and charging) its own.
     */
    resourceId: text("resource_id"),
    /** The request that first opened the intent (its X-Request-Id), for the request log; null for work between requests. */
    requestId: text("request_id"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("provider_intents_subject_idx").on(t.companyId, t.subject),
    // The intents a request opened (the request log).
    index("provider_intents_request_idx").on(t.companyId, t.requestId),
    // The intent of a record, for the due work that settles a record its request left unfinished.
    index("provider_intents_resource_idx").on(t.companyId, t.resourceId),
    // Whether a provider's message or call found by a lookup already belongs to another intent.
    index("provider_intents_provider_id_idx").on(t.companyId, t.provider, t.providerId),
    // Retention of settled intents (src/work/retention.ts).
    index("provider_intents_settled_idx").on(t.state, t.updatedAt),
  ],
);

/**
 * The second half of a batch that wrote two databases (the control plane and a tenant store other
 * than 0; routing.ts): written in the first half's transaction, in the first half's database, and
 * deleted once the second half is applied. A row older than a minute is a second half a crash or a
 * failed call left unapplied: the cron applies it (outbox.ts). Every database has the table.
 */
export const crossStoreOutbox = sqliteTable(
  "cross_store_outbox",
  {
    id: text("id").primaryKey(),
    /** The second half: JSON [{ sql, values }], replayed as one batch. */
    statements: text("statements").notNull(),
    createdAt: text("created_at").notNull(),
  },
  // The sweep's query: the oldest rows first.
  (t) => [index("cross_store_outbox_created_idx").on(t.createdAt)],
);

/**
 * The second halves applied, by outbox id, in the database they were applied to: written in the
 * second half's own transaction, so a replay of one already applied fails on the key and changes
 * nothing. Kept a week (a replay only happens while its outbox row exists).
 */
export const crossStoreApplied = sqliteTable(
  "cross_store_applied",
  {
    id: text("id").primaryKey(),
    appliedAt: text("applied_at").notNull(),
  },
  (t) => [index("cross_store_applied_at_idx").on(t.appliedAt)],
);

/**
 * Moves of a company between stores (src/work/moves.ts), one row per company: its last move.
 * Each step of a move is a compare-and-set on `version`, so two workers never both take a step.
 */
export const companyMoves = sqliteTable(
  "company_moves",
  {
    companyId: text("company_id").primaryKey(),
    fromStore: integer("from_store").notNull(),
    toStore: integer("to_store").notNull(),
    /** draining, copying, verifying, cleaning, done; or reverting, failed (src/work/moves.ts says what each waits for). */
    state: text("state", {
      enum: ["draining", "copying", "verifying", "cleaning", "done", "reverting", "failed"],
    }).notNull(),
    /** When the current state began: draining and cleaning wait out the directory's cache from it. */
    stateSince: text("state_since").notNull(),
    /** The tenant tables to copy, in copy order (JSON array), fixed when copying begins. */
    tables: text("tables", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    /** The table the copy (or the cleanup) reached, an index into `tables`. */
    tableIndex: integer("table_index").notNull().default(0),
    /** The last rowid copied of that table; null while the target's stale rows of it are cleared. */
    cursor: integer("cursor"),
    /** Rows copied per table (JSON object). */
    copied: text("copied", { mode: "json" }).$type<Record<string, number>>().notNull().default(sql`'{}'`),
    /** Rows per table in the source when copying began (JSON object). */
    totals: text("totals", { mode: "json" }).$type<Record<string, number>>().notNull().default(sql`'{}'`),
    /** Copies restarted because a table's counts differed at verification. */
    recopies: integer("recopies").notNull().default(0),
    version: integer("version").notNull().default(1),
    error: text("error"),
    startedAt: text("started_at").notNull(),
    copyStartedAt: text("copy_started_at"),
    updatedAt: text("updated_at").notNull(),
    finishedAt: text("finished_at"),
  },
  (t) => [
    // The Cron tick advances the moves under way, and sweeps skip their companies: both read by state (IN lists).
    index("company_moves_state_idx").on(t.state),
  ],
);

/**
 * The answer of an idempotent write, kept in the same D1 batch as the write under its
 * Idempotency-Key (per key lineage, so per company): the write and the mark that it ran land or
 * fail together, so a retry whose claim the key's Durable Object still shows in flight, or whose
 * claim lapsed because its Worker died after the batch, finds it here and never runs again
 * (src/core/stages/kept-answer.ts). The answer itself is filled in just after the response is sent;
 * the batch also names what it wrote (its audit target), so a retry after a death before that fill
 * rebuilds the answer from those rows (the operation's `replay`). Kept 24 h, as the object keeps
 * its records (retention).
 */
export const idempotentAnswers = sqliteTable(
  "idempotent_answers",
  {
    companyId: text("company_id").notNull(),
    lineageId: text("lineage_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    fingerprint: text("fingerprint").notNull(),
    /** The request whose batch wrote it: only that request fills in or frees it. */
    requestId: text("request_id").notNull(),
    /** committed (the write landed, its answer not yet kept), answered, or unstored (an answer never kept: it carried a secret). */
    state: text("state", { enum: ["committed", "answered", "unstored"] }).notNull(),
    status: integer("status"),
    headers: text("headers"),
    body: text("body"),
    /** What the marking batch wrote (its audit target): what a replay reads its answer back from. */
    resourceType: text("resource_type"),
    resourceId: text("resource_id"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.lineageId, t.idempotencyKey] }),
    // Retention's query: the oldest answers past 24 h, whatever their company.
    index("idempotent_answers_created_idx").on(t.createdAt),
  ],
);

/**
 * The request log (GET /api/v1/requests): one row per request a company's key made that its key's
 * object authenticated, written after the response (src/core/stages/request-log.ts) into the
 * company's own store. Bodies are kept redacted by the declarations (src/lib/redaction.ts) and only
 * up to REQUEST_LOG_BODY_MAX_BYTES; kept 14 days (retention).
 */
export const requestLog = sqliteTable(
  "request_log",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    /** The X-Request-Id: echoed from the client (so not unique), else generated. */
    requestId: text("request_id").notNull(),
    keyId: text("key_id").notNull(),
    operation: text("operation").notNull(),
    method: text("method").notNull(),
    /** The path without its query. */
    path: text("path").notNull(),
    /** The query parameters, redacted (JSON object), or null without any. */
    query: text("query"),
    status: integer("status").notNull(),
    durationMs: real("duration_ms").notNull(),
    idempotencyKey: text("idempotency_key"),
    replayed: integer("replayed", { mode: "boolean" }).notNull().default(false),
    /** JSON text of the redacted body; null without one or over the cap (then its size says so). */
    requestBody: text("request_body"),
    requestBytes: integer("request_bytes").notNull().default(0),
    responseBody: text("response_body"),
    responseBytes: integer("response_bytes").notNull().default(0),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    // The list, newest first; its filters (status, method, path, time) are read along it.
    index("request_log_company_created_idx").on(t.companyId, t.createdAt, t.id),
    // One request by its id.
    index("request_log_company_request_idx").on(t.companyId, t.requestId, t.createdAt),
    // The list filtered by Idempotency-Key: every attempt and replay of one write.
    index("request_log_company_idempotency_idx").on(t.companyId, t.idempotencyKey, t.createdAt, t.id),
    // Retention's query (14 days), whatever the company.
    index("request_log_created_idx").on(t.createdAt),
  ],
);
