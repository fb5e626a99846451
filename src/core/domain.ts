import type { Hono } from "hono";
import type { AppEnv } from "./app-env";
import type { CallbackDefinition } from "./callbacks";
import type { Random } from "../lib/random";
import type { Env } from "../env";
import type { Database } from "../data/client";
import type { EventDefinition, EventSink } from "../data/events";
import type { ExampleRow } from "./examples";
import type { JobDefinition } from "../work/jobs";
import type { Operation, OperationDeclaration, PlanSet } from "./operation";
import type { OperatorOperation } from "./operator";
import type { RetentionRule } from "../work/retention";

/** What most operations of a domain share; a declaration states only what differs. */
interface DomainDefaults {
  tag: string;
  /** What the domain's operations are about: the tag's description in the OpenAPI document. */
  tagDescription?: string;
  plans: PlanSet;
  /** The capability a plan must include, or the account must be granted. */
  capability: string;
}

/** The company a seed fills, and how much: the demo company gets the full set, others a few rows. */
export interface SeedContext {
  db: Database;
  company: { id: string; currency: string; vatRate: number; region: string };
  random: Random;
  now: number;
  scale: "full" | "small";
  /** Where seeds put bytes (mailbox attachments); absent, they store metadata-only data. */
  storage?: { attachments: R2Bucket };
  /** The deployment's at-rest key (WEBHOOK_SECRET_KEY) when the caller has it: seeds seal demo credentials with it. */
  secretKey?: string;
}

export interface DomainModule {
  name: string;
  operations: readonly Operation[];
  /** What operators do for the domain through the operator API (/admin/v1): the web panel's part. */
  operatorOperations?: readonly OperatorOperation[];
  events: readonly EventDefinition[];
  /**
   * The fixed ids the document's examples name that stand for rows of this domain, each with how to
   * find the row of a company that stands for it (./examples.ts).
   */
  examples?: readonly ExampleRow[];
  /** Demo data of the domain for one company (npm run dev, npm run admin -- seed). Counts by kind. */
  seed?: (context: SeedContext) => Promise<Record<string, number>>;
  eventSink?: EventSink;
  /** Queue consumers of the domain, by queue name. */
  queues?: Record<string, (batch: MessageBatch<string>, env: Env) => Promise<void>>;
  /** Background jobs the domain's writes queue (src/work/jobs.ts), run by the jobs Queue's consumer. */
  jobs?: readonly JobDefinition[];
  /** Provider callbacks the domain applies (POST /providers/<provider>/<topic>); their jobs join `jobs`. */
  callbacks?: readonly CallbackDefinition[];
  /**
   * Work the domain's writes schedule for a time (`scheduleDue`, src/work/due.ts): job definitions
   * the Cron Trigger hands to the jobs Queue once due.
   */
  dueWork?: readonly JobDefinition[];
  /** How long the domain's tables that grow with traffic keep their rows (src/work/retention.ts). */
  retention?: readonly RetentionRule[];
  /**
   * Public pages outside the API (no API key, in no OpenAPI document, not behind the API switch):
   * links people follow from what the domain sends, such as a marketing email's unsubscribe link.
   * Each verifies what its link carries (a signed token) itself.
   */
  publicPages?: (eventSink: EventSink | undefined) => Hono<AppEnv>;
  /** Work of the Worker's Cron Trigger that is not due work (a sweep reading its own due-time index). */
  scheduled?: (env: Env) => Promise<void>;
}

export interface DomainSpec extends Omit<DomainModule, "operations" | "events"> {
  defaults: DomainDefaults;
  operations: readonly OperationDeclaration[];
  events?: readonly EventDefinition[];
}

/** One domain: its operations (completed with the domain's defaults), events, seed and workers. */
export function defineDomain({ defaults, operations, events = [], ...rest }: DomainSpec): DomainModule {
  const callbackJobs = (rest.callbacks ?? []).map((callback) => callback.job);
  return {
    ...rest,
    ...(callbackJobs.length > 0 ? { jobs: [...(rest.jobs ?? []), ...callbackJobs] } : {}),
    events,
    operations: operations.map((declaration) => ({ ...defaults, ...declaration })),
  };
}
