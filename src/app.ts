import { OpenAPIHono } from "@hono/zod-openapi";
import { Hono } from "hono";
import { ApiError, loggableError, problemOf } from "./lib/errors";
import {
  docsPage,
  documentWithRowsOf,
  IMMUTABLE,
  isContentNamed,
  problemPage,
  REFERENCE_CSP,
  referenceBundle,
  referencePage,
} from "./core/docs";
import type { AppEnv } from "./core/app-env";
import { beforeRoute, operationStages } from "./core/pipeline";
import type { OperationStage } from "./core/stages/stage";
import { problemResponse, thrownProblem } from "./core/stages/answer";
import { methodNotAllowed, openApiDocument, registerOperations, registerWebhooks } from "./core/registry";
import type { DomainModule } from "./core/domain";
import { lazySource, loadedSource, type DomainSource } from "./core/domain-table";
import { domainLoaders } from "./domains/loaders";
import { domainTable } from "./domains/table.generated";
import type { mcpEndpoint } from "./core/mcp";
import { operatorApi } from "./core/operator-api";
import { providerCallbacksApi } from "./core/callback-receiver";
import type { Config } from "./config";
import { DOCS_EXAMPLES_COMPANY, operatorSetting } from "./data/operator-settings";
import { databaseFor } from "./data/tenancy";

/**
 * The Worker's own domains: the generated table (npm run routes) up front, each domain, and the
 * platform's operator operations, loaded on first use.
 */
export function workerDomains(): DomainSource {
  return lazySource(domainTable, {
    ...domainLoaders,
    platformOperatorOperations: async () => (await import("./admin/operations")).platformOperatorOperations,
  });
}

/**
 * The Worker's app over its domains: a source that loads each on first use (the Worker's entry), or
 * domains already evaluated (tests, which may build one over other domains to exercise the pipeline).
 * `stages` is the request path an operation's request passes (src/core/pipeline.ts's
 * operationStages unless given): an app may be built with another, to measure or test what a stage
 * costs or does against the same app without it.
 */
export function createApp(
  domains: DomainSource | readonly DomainModule[] = workerDomains(),
  { stages = operationStages }: { stages?: readonly OperationStage[] } = {},
) {
  const source = "table" in domains ? domains : loadedSource(domains);
  // strict: false: /api/v1/budgets/ is the same resource as /api/v1/budgets.
  const app = new OpenAPIHono<AppEnv>({ strict: false });
  // Built on the first unknown path or method, not at start-up.
  let notAllowed: ReturnType<typeof methodNotAllowed> | undefined;
  const documents = new WeakMap<Config, string>();
  // The document needs every declaration: built after every domain is loaded (loadedDocumentOf).
  const documentOf = (config: Config) => openApiDocument(app, config);
  const loadedDocumentOf = async (config: Config) => {
    await source.loadAll();
    return documentOf(config);
  };
  const operations = () => source.loaded().flatMap((domain) => domain.operations);

  // The request path's stages before the route (src/core/pipeline.ts), in order.
  for (const stage of beforeRoute) for (const path of stage.paths) app.use(path, stage.middleware);

  app.get("/api/v1/openapi.json", async (c) => {
    // Built once per configuration: the document depends only on the declarations and the config.
    const config = c.var.config;
    let json = documents.get(config);
    if (json === undefined) {
      json = JSON.stringify(await loadedDocumentOf(config));
      documents.set(config, json);
    }
    // An operator may name a company whose rows the examples show (PUT /admin/v1/docs/examples-company): off by default.
    const examplesCompany = await operatorSetting(c.env, DOCS_EXAMPLES_COMPANY);
    if (examplesCompany) {
      const examples = source.loaded().flatMap((domain) => domain.examples ?? []);
      json = await documentWithRowsOf(json, examples, databaseFor(c.env, examplesCompany), examplesCompany);
    }
    return c.body(json, 200, { "Content-Type": "application/json" });
  });
  // The page names the bundle by its content: revalidated on every visit, while the bundle is cached for good.
  app.get("/docs", async (c) =>
    c.html(referencePage(await referenceBundle(c.env.ASSETS)), 200, {
      "Content-Security-Policy": REFERENCE_CSP,
      "Cache-Control": "no-cache",
    }),
  );
  app.get("/docs/overview", async (c) => {
    await source.loadAll();
    return c.html(docsPage(operations(), c.var.config));
  });
  // The reference's browser bundle, from the static assets (public/, written by scripts/assets.ts).
  app.get("/docs/assets/*", async (c) => {
    const asset = await c.env.ASSETS.fetch(c.req.raw);
    if (asset.status === 404) throw new ApiError("not_found", "No such path.");
    // A copy: the response middleware sets headers, and a fetched response's are immutable.
    const response = new Response(asset.body, asset);
    response.headers.set("Cache-Control", isContentNamed(new URL(c.req.url).pathname) ? IMMUTABLE : "no-cache");
    return response;
  });
  app.get("/problems/:slug", (c) => {
    const page = problemPage(c.req.param("slug"));
    if (!page) throw new ApiError("not_found", "No such problem type.");
    return c.html(page);
  });

  // The operator API (/admin/v1): the platform's own operations and each domain's, with its own document.
  // Through a plain Hono: OpenAPIHono.route would merge the operator document into the public one.
  app.route("/", new Hono<AppEnv>().route("/", operatorApi(source)));
  // Provider callbacks (/providers/<provider>/<topic>): signed by each provider, in no OpenAPI document.
  app.route("/", new Hono<AppEnv>().route("/", providerCallbacksApi(source)));
  // Public pages of the domains (a marketing email's unsubscribe link): no API key, each verifies its own signed token.
  registerPages(app, source);
  // The API as tools for AI agents (Model Context Protocol): each tool call is sent through this app.
  // The endpoint and its SDK are loaded on the first call, with every domain (a tool per operation).
  let mcp: Promise<ReturnType<typeof mcpEndpoint>> | undefined;
  const loadMcp = async () => {
    const [{ mcpEndpoint }] = await Promise.all([import("./core/mcp"), source.loadAll()]);
    return mcpEndpoint({
      operations: operations(),
      document: documentOf,
      dispatch: (c, request) => Promise.resolve(app.fetch(request, c.env, c.executionCtx)),
    });
  };
  app.all("/mcp", async (c) => (await (mcp ??= loadMcp()))(c));
  registerOperations(app, source, stages);
  // Every event type a domain emits, as the document's webhooks (the same definitions as the event catalogue).
  registerWebhooks(app, () => source.loaded().flatMap((domain) => domain.events));

  app.notFound((c) => {
    notAllowed ??= methodNotAllowed(source.table.operations);
    return problemResponse(c, notAllowed(new URL(c.req.url).pathname, c.var.config));
  });
  app.onError((error, c) => {
    // Logged with the request id for the operator; the client sees no stack, SQL or data.
    if (!problemOf(error)) console.error(JSON.stringify({ request_id: c.get("requestId"), ...loggableError(error) }));
    return problemResponse(c, thrownProblem(c, error));
  });
  return app;
}

/**
 * Each public page's route from the table; its domain's pages (a Hono app) built on its first
 * request, and the route's handler run in this app's context (its request id and configuration).
 */
function registerPages(app: OpenAPIHono<AppEnv>, source: DomainSource): void {
  const built = new Map<string, Promise<Hono<AppEnv>>>();
  const pagesOf = (name: string) => {
    let pages = built.get(name);
    if (!pages) {
      pages = Promise.all([source.load(name), source.eventSink()]).then(([domain, eventSink]) =>
        domain.publicPages!(eventSink),
      );
      built.set(name, pages);
    }
    return pages;
  };
  for (const route of source.table.pages) {
    app.on(route.method, route.path, async (c, next) => {
      const handler = (await pagesOf(route.domain)).routes.find(
        (other) => other.method === route.method && other.path === route.path,
      )!.handler;
      return handler(c, next);
    });
  }
}
