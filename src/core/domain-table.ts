import type { CallbackDefinition, CallbackProvider } from "./callbacks";
import type { DomainModule } from "./domain";
import type { EventSink } from "../data/events";
import type { JobDefinition } from "../work/jobs";
import type { Gate, Operation } from "./operation";
import type { OperatorOperation } from "./operator";

/**
 * What the Worker knows of its domains before evaluating any of them: which domain serves each
 * route, job, queue, callback and page. Derived from the declarations (domainTable), written to
 * src/domains/table.generated.ts by `npm run routes`, and checked against them by a test: the
 * declarations stay the one source, the table is how the entry finds a domain without loading it.
 */
export interface DomainTable {
  /** Each public operation: what routing (precedence, 405, gates) needs before its domain is loaded. */
  operations: readonly OperationRoute[];
  /** Each operator operation (/admin/v1), by its owner: a domain, or PLATFORM_OWNER. */
  operatorOperations: readonly OperatorRoute[];
  /** Each provider callback path (several definitions may share one). */
  callbacks: readonly CallbackRoute[];
  /** Each public page's route (src/core/domain.ts publicPages). */
  pages: readonly PageRoute[];
  /** Job kind (jobs, due work, callbacks' jobs) -> domain. */
  jobs: Readonly<Record<string, string>>;
  /** Queue name -> domain. */
  queues: Readonly<Record<string, string>>;
  /** Domains with Cron work of their own, and with retention rules. */
  scheduled: readonly string[];
  retention: readonly string[];
}

export interface OperationRoute {
  domain: string;
  method: Operation["method"];
  path: string;
  operationId: string;
  gate: Gate;
}
export interface OperatorRoute {
  owner: string;
  method: OperatorOperation["method"];
  path: string;
  operationId: string;
}
interface CallbackRoute {
  domain: string;
  provider: CallbackProvider;
  topic: string;
  kind: string;
}
interface PageRoute {
  domain: string;
  method: string;
  path: string;
}

/** The owner of the operator operations that belong to no domain (src/admin/operations.ts). */
const PLATFORM_OWNER = "platform";

/** The table of these domains (and the platform's operator operations): what `npm run routes` writes. */
export function domainTable(
  domains: readonly DomainModule[],
  platformOperations: readonly OperatorOperation[],
): DomainTable {
  const jobs: Record<string, string> = {};
  const queues: Record<string, string> = {};
  const callbacks: CallbackRoute[] = [];
  const definitions = new Map<string, JobDefinition>();
  for (const domain of domains) {
    for (const job of jobsOf(domain)) {
      // One definition may serve several callbacks; two definitions may not share a kind.
      if ((definitions.get(job.kind) ?? job) !== job)
        throw new Error(`Two job definitions share the kind ${job.kind}.`);
      definitions.set(job.kind, job);
      jobs[job.kind] = domain.name;
    }
    for (const queue of Object.keys(domain.queues ?? {})) queues[queue] = domain.name;
    for (const callback of domain.callbacks ?? []) {
      const key = `${callback.provider}/${callback.topic}`;
      if (callbacks.some((other) => `${other.provider}/${other.topic}` === key && other.kind === callback.job.kind)) {
        throw new Error(`The callback ${key} is declared twice with the job ${callback.job.kind}.`);
      }
      callbacks.push({
        domain: domain.name,
        provider: callback.provider,
        topic: callback.topic,
        kind: callback.job.kind,
      });
    }
  }
  const operatorRoute = (owner: string) => (op: OperatorOperation) => ({
    owner,
    method: op.method,
    path: op.path,
    operationId: op.operationId,
  });
  return {
    operations: domains.flatMap((domain) =>
      domain.operations.map((op) => ({
        domain: domain.name,
        method: op.method,
        path: op.path,
        operationId: op.operationId,
        gate: op.gate,
      })),
    ),
    operatorOperations: [
      ...platformOperations.map(operatorRoute(PLATFORM_OWNER)),
      ...domains.flatMap((domain) => (domain.operatorOperations ?? []).map(operatorRoute(domain.name))),
    ],
    callbacks,
    // A page's routes are read from its Hono app, built here without an event sink (nothing runs).
    pages: domains.flatMap((domain) =>
      domain.publicPages
        ? domain
            .publicPages(undefined)
            .routes.filter((route) => route.method !== "ALL")
            .map((route) => ({ domain: domain.name, method: route.method, path: route.path }))
        : [],
    ),
    jobs,
    queues,
    scheduled: domains.filter((domain) => domain.scheduled).map((domain) => domain.name),
    retention: domains.filter((domain) => domain.retention?.length).map((domain) => domain.name),
  };
}

const jobsOf = (domain: DomainModule): readonly JobDefinition[] => [...(domain.jobs ?? []), ...(domain.dueWork ?? [])];

/**
 * The Worker's domains as it reaches them: the table up front, each domain's module loaded on the
 * first request, job or tick that needs it (a dynamic import: its zod schemas, drizzle tables and
 * declarations are evaluated then, not at start-up).
 */
export interface DomainSource {
  readonly table: DomainTable;
  load(name: string): Promise<DomainModule>;
  /** The domain's Cron work, queue consumers and retention rules (from its lighter loader when it has one). */
  work(name: string): Promise<DomainWork>;
  /** Every domain: the documents, the docs page, MCP and the event catalogue need every declaration. */
  loadAll(): Promise<readonly DomainModule[]>;
  /** Every domain, once loadAll has finished (the documents are built synchronously after it). */
  loaded(): readonly DomainModule[];
  /** The names of the domains loaded (or loading) so far: what start-up and each request cost. */
  loadedNames(): readonly string[];
  /** Where writes' events go (the webhooks outbox), without the domain that owns it. */
  eventSink(): Promise<EventSink | undefined>;
  /** The operator operations that belong to no domain. */
  platformOperatorOperations(): Promise<readonly OperatorOperation[]>;
}

/** Domains already evaluated (tests, scripts, an app over test domains): the same interface, nothing deferred. */
export function loadedSource(
  domains: readonly DomainModule[],
  platformOperations: readonly OperatorOperation[] = [],
): DomainSource {
  const sinks = domains.flatMap((domain) => (domain.eventSink ? [domain.eventSink] : []));
  if (sinks.length > 1) throw new Error("More than one domain receives events.");
  const byName = new Map(domains.map((domain) => [domain.name, domain]));
  return {
    table: domainTable(domains, platformOperations),
    load: async (name) => byName.get(name) ?? missing(name),
    work: async (name) => byName.get(name) ?? missing(name),
    loadAll: async () => domains,
    loaded: () => domains,
    loadedNames: () => domains.map((domain) => domain.name),
    eventSink: async () => sinks[0],
    platformOperatorOperations: async () => platformOperations,
  };
}

/** What a domain runs between requests, outside its jobs: Cron work, queue consumers, retention. */
type DomainWork = Pick<DomainModule, "queues" | "scheduled" | "retention">;

export interface DomainLoaders {
  /** One loader per domain, by name: a dynamic import of the domain's module (and what it is built over). */
  domains: Readonly<Record<string, () => Promise<DomainModule>>>;
  /** A lighter loader of a domain's work, where its module is built over others (the webhooks domain over every catalogue). */
  work?: Readonly<Record<string, () => Promise<DomainWork>>>;
  eventSink(): Promise<EventSink | undefined>;
  platformOperatorOperations(): Promise<readonly OperatorOperation[]>;
}

/** Domains loaded on first use through their loaders; each loader runs once per isolate. */
export function lazySource(table: DomainTable, loaders: DomainLoaders): DomainSource {
  const loading = new Map<string, Promise<DomainModule>>();
  let all: readonly DomainModule[] | undefined;
  let allLoading: Promise<readonly DomainModule[]> | undefined;
  const load = (name: string): Promise<DomainModule> => {
    let module = loading.get(name);
    if (!module) {
      const loader = loaders.domains[name];
      if (!loader) return Promise.resolve(missing(name));
      module = loader();
      loading.set(name, module);
    }
    return module;
  };
  const work = new Map<string, Promise<DomainWork>>();
  return {
    table,
    load,
    work: (name) => {
      let loading = work.get(name);
      if (!loading) work.set(name, (loading = loaders.work?.[name]?.() ?? load(name)));
      return loading;
    },
    loadAll: () => {
      allLoading ??= Promise.all(Object.keys(loaders.domains).map(load)).then((modules) => (all = modules));
      return allLoading;
    },
    loaded: () => all ?? notYet(),
    loadedNames: () => [...loading.keys()],
    eventSink: once(loaders.eventSink),
    platformOperatorOperations: once(loaders.platformOperatorOperations),
  };
}

const once = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
};

function missing(name: string): never {
  throw new Error(`No domain ${name}: src/domains/table.generated.ts is stale (npm run routes).`);
}

function notYet(): never {
  throw new Error("The domains are read before loadAll finished.");
}

/** The operation the table's route names, from its loaded domain. */
export async function operationOf(source: DomainSource, route: OperationRoute): Promise<Operation> {
  const domain = await source.load(route.domain);
  return (
    domain.operations.find((op) => op.operationId === route.operationId) ??
    missing(`${route.domain} with ${route.operationId}`)
  );
}

/** The operator operation the table's route names, from its owner. */
export async function operatorOperationOf(source: DomainSource, route: OperatorRoute): Promise<OperatorOperation> {
  const operations =
    route.owner === PLATFORM_OWNER
      ? await source.platformOperatorOperations()
      : ((await source.load(route.owner)).operatorOperations ?? []);
  return (
    operations.find((op) => op.operationId === route.operationId) ?? missing(`${route.owner} with ${route.operationId}`)
  );
}

/** The callback definitions of one provider path, from the domains that declare them. */
export async function callbacksAt(
  source: DomainSource,
  provider: string,
  topic: string,
): Promise<CallbackDefinition[]> {
  const routes = source.table.callbacks.filter((route) => route.provider === provider && route.topic === topic);
  const domains = await Promise.all([...new Set(routes.map((route) => route.domain))].map((name) => source.load(name)));
  return domains.flatMap((domain) =>
    (domain.callbacks ?? []).filter((callback) => callback.provider === provider && callback.topic === topic),
  );
}

/** The job definition of a kind, from the domain that declares it. */
export async function jobOf(source: DomainSource, kind: string): Promise<JobDefinition | undefined> {
  const name = source.table.jobs[kind];
  if (name === undefined) return undefined;
  return jobsOf(await source.load(name)).find((job) => job.kind === kind);
}
