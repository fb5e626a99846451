import { and, eq } from "drizzle-orm";
import type { Config } from "../config";
import type { Database } from "../data/client";
import { executeBatch } from "../data/batch";
import { escapeHtml } from "../lib/html";
import type { ExampleRow } from "./examples";
import { problemTypes, type ProblemSlug } from "../lib/errors";
import { declaredCodes, planSets, type Operation } from "./operation";

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:1100px;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
table{border-collapse:collapse;width:100%;margin:1rem 0}td,th{border-bottom:1px solid #ddd;padding:.35rem .5rem;text-align:left;vertical-align:top}
code{background:#f4f4f4;padding:0 .25rem;border-radius:3px}.m{font-weight:600;font-family:monospace}h2{margin-top:2.5rem}
</style></head><body>${body}</body></html>`;

/**
 * /docs/overview: the essentials and one table per tag (scope, gate, plans, codes of each
 * operation) and the problem types, generated from the same declarations as the router and the
 * OpenAPI document. Plain server-rendered HTML, no script.
 */
export function docsPage(
  operations: readonly Operation[],
  config: Pick<Config, "publicBaseUrl" | "rateLimit">,
): string {
  const baseUrl = config.publicBaseUrl;
  const byTag = new Map<string, Operation[]>();
  for (const op of operations) byTag.set(op.tag, [...(byTag.get(op.tag) ?? []), op]);
  const sections = [...byTag]
    .map(
      ([
        tag,
        ops,
      ]) => `<h2>${escapeHtml(tag)}</h2><table><tr><th>Operation</th><th>Purpose</th><th>Scope</th><th>Gate</th><th>Plans</th><th>Codes</th></tr>
${ops
  .map(
    (
      op,
    ) => `<tr id="${escapeHtml(op.operationId)}"><td><span class="m">${op.method.toUpperCase()}</span> <code>${escapeHtml(op.path)}</code></td>
<td>${escapeHtml(op.summary)}${op.description ? `<br><small>${escapeHtml(op.description)}</small>` : ""}</td><td><code>${escapeHtml(op.scope)}</code></td>
<td>${op.gate}</td><td title="${escapeHtml(planSets[op.plans].join(", ") || "granted capability only")}">${op.plans}</td><td>${declaredCodes(op).join(", ")}</td></tr>`,
  )
  .join("\n")}</table>`,
    )
    .join("\n");
  const problems = (Object.keys(problemTypes) as ProblemSlug[])
    .map(
      (slug) =>
        `<tr id="${slug}"><td><code>${slug}</code></td><td>${problemTypes[slug].status}</td><td>${escapeHtml(problemTypes[slug].meaning)}</td></tr>`,
    )
    .join("\n");
  return page(
    "Public API",
    `<h1>Public API <small>v1.0.0</small></h1>
<p>Interactive reference, with search and try-it: <a href="/docs">/docs</a>. Machine-readable contract: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1). Base address: <code>${escapeHtml(baseUrl)}</code>.</p>
<h2>Essentials</h2><ul>
<li><b>Authentication</b>: <code>Authorization: Bearer svc_&lt;env&gt;_&lt;hex&gt;</code>. Each operation names the scope it needs.</li>
<li><b>Rate limit</b>: ${config.rateLimit.limit} requests per rolling ${config.rateLimit.windowSeconds} s per key. Responses carry <code>RateLimit-Policy</code> and <code>RateLimit</code>; a 429 carries <code>Retry-After</code>.</li>
<li><b>Idempotency</b>: send <code>Idempotency-Key</code> (a UUID) on any write to make retries safe for 24 h; required on gate S (spending) operations. A replay carries <code>Idempotent-Replayed: true</code>.</li>
<li><b>Lists</b>: <code>limit</code> (1..100, default 50) and <code>offset</code> (default 0); newest first.</li>
<li><b>Money</b>: JSON numbers in major units of the document currency (12.5 = 12.50 EUR), computed in integer minor units.</li>
<li><b>Gates</b>: A always; W needs the write switch; S needs the write and spend switches, an account enabled for spending and an Idempotency-Key; C needs the conversations switch. A closed gate answers 404.</li>
<li><b>Plans</b>: ALL, NONE (granted capability only), AGY (Agency, Partner, Enterprise), SBAPE (Starter and up), PSBAPE (every plan).</li>
<li><b>Request ids</b>: send <code>X-Request-Id</code> or get one; every response and problem carries it.</li>
<li><b>AI agents</b>: <code>${escapeHtml(baseUrl)}/mcp</code> is a Model Context Protocol server (Streamable HTTP) with the API key as bearer token: <code>search_operations</code>, <code>describe_operation</code> and <code>call_operation</code> reach every operation the key may call, beside a few direct tools named by operation id (<code>?toolsets=&lt;tags&gt;</code> lists those of whole tags, at most 80 tools); each call is a request to this API, with the same scopes, gates, rate limit, validation, idempotency and audit log.</li></ul>
${sections}
<h2 id="problems">Problem types</h2><p>Errors are RFC 9457 problems (<code>application/problem+json</code>) with <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code>, <code>request_id</code>, and <code>errors</code> (<code>path</code>, <code>message</code>) for validation. The type is <code>${escapeHtml(baseUrl)}/problems/&lt;slug&gt;</code>.</p>
<table><tr><th>Slug</th><th>Status</th><th>Meaning</th></tr>${problems}</table>`,
  );
}

export function problemPage(slug: string): string | undefined {
  if (!(slug in problemTypes)) return undefined;
  const type = problemTypes[slug as ProblemSlug];
  return page(
    type.title,
    `<h1>${escapeHtml(type.title)}</h1><p>HTTP ${type.status} · <code>${escapeHtml(slug)}</code></p><p>${escapeHtml(type.meaning)}</p><p><a href="/docs/overview#problems">All problem types</a></p>`,
  );
}

/**
 * The served document (JSON text) with each fixed example id replaced by the id of the company's
 * row that stands for it (./examples.ts), found in one batch of small indexed reads on the company's
 * store; an id whose row the company lacks stays as it is.
 */
export async function documentWithRowsOf(
  json: string,
  examples: readonly ExampleRow[],
  db: Database,
  companyId: string,
): Promise<string> {
  const reads = examples.map(({ table, where, order, nth = 0 }) =>
    db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.companyId, companyId), where))
      .orderBy(...order)
      .limit(1)
      .offset(nth),
  );
  const found = (await executeBatch(db, reads)) as { id: unknown }[][];
  let personalised = json;
  examples.forEach(({ id }, index) => {
    const row = found[index]?.[0];
    // As JSON spells it (an id is a plain string, but the text must stay valid JSON whatever it holds).
    if (typeof row?.id === "string") personalised = personalised.replaceAll(id, JSON.stringify(row.id).slice(1, -1));
  });
  return personalised;
}

/** Where the Worker serves the reference's browser bundle from its static assets (scripts/assets.ts writes them). */
export const DOCS_ASSETS = "/docs/assets/";
/** The assets' manifest: which content-named file holds the bundle now (scripts/assets.ts). */
const MANIFEST = `${DOCS_ASSETS}manifest.json`;
/** A file named by its content (`api-reference.<16 hex>.js`): it never changes, so it may be cached for good. */
export const isContentNamed = (path: string) => /\.[0-9a-f]{16}\.[a-z]+$/.test(path);
/** A year, immutable: what a content-named asset is served with. */
export const IMMUTABLE = "public, max-age=31536000, immutable";

let bundlePath: Promise<string> | undefined;

/** The URL path of the reference's bundle, read from the assets' manifest once per isolate. */
export function referenceBundle(assets: Fetcher): Promise<string> {
  bundlePath ??= assets.fetch(new Request(`http://assets${MANIFEST}`)).then(async (response) => {
    if (!response.ok) throw new Error(`${MANIFEST} is missing from the static assets: run npm run assets.`);
    const manifest = (await response.json()) as Record<string, string>;
    const name = manifest["api-reference.js"];
    if (!name) throw new Error(`${MANIFEST} names no api-reference.js.`);
    return `${DOCS_ASSETS}${name}`;
  });
  // A failed read is not kept: the next request tries again.
  bundlePath.catch(() => (bundlePath = undefined));
  return bundlePath;
}

/**
 * Settings of the Scalar API reference: everything it would fetch from elsewhere or offer to
 * send elsewhere is off (default fonts, telemetry, the request proxy, the AI agent, MCP, the
 * developer toolbar), so the page talks to this server only. Try-it sends requests straight to
 * the document's server (PUBLIC_BASE_URL) with the bearer key typed into the page.
 */
export const referenceConfiguration = {
  url: "/api/v1/openapi.json",
  withDefaultFonts: false,
  telemetry: false,
  showDeveloperTools: "never",
  agent: { disabled: true },
  mcp: { disabled: true },
  hideClientButton: false,
  documentDownloadType: "json",
  defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
  authentication: { preferredSecurityScheme: "bearerAuth" },
  persistAuth: false,
  metaData: { title: "Public API reference" },
  customCss: [
    // The links bar above the reference (referencePage).
    ".docs-links{display:flex;flex-wrap:wrap;gap:.4rem 1.25rem;align-items:center;padding:.4rem 1rem;font:13px/1.4 system-ui,sans-serif;border-bottom:1px solid var(--scalar-border-color,#ddd);background:var(--scalar-background-1,#fff);color:var(--scalar-color-1,#1a1a1a)}",
    ".docs-links a{color:var(--scalar-color-accent,#0a66c2)}",
    // "Open API Client" links to Scalar's hosted client with this document's address: hidden, try-it runs here.
    'a[href^="https://client.scalar.com"]{display:none!important}',
  ].join(""),
};

/**
 * Content-Security-Policy of /docs: scripts, styles, fonts, images and requests from this origin
 * only, so even a setting missed above cannot reach a CDN or a remote host. Styles may be inline
 * (the bundle injects its stylesheet and Vue sets style attributes).
 */
export const REFERENCE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * /docs: the interactive reference (Scalar's standalone bundle, served by this Worker), reading
 * every operation with its parameters, schemas and examples from /api/v1/openapi.json; a search,
 * and try-it against this server. No inline script: the configuration is a data attribute.
 */
export function referencePage(bundle: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Public API reference</title><link rel="icon" href="data:,"></head><body>
<nav class="docs-links" aria-label="More documentation"><strong>Public API</strong>
<a href="/docs/overview">Scopes, gates, plans and codes</a><a href="/docs/overview#problems">Problem types</a><a href="/api/v1/openapi.json">OpenAPI 3.1 document</a></nav>
<noscript><p>The interactive reference needs JavaScript. Without it: <a href="/docs/overview">the overview</a> and <a href="/api/v1/openapi.json">the OpenAPI document</a>.</p></noscript>
<script id="api-reference" data-url="${escapeHtml(referenceConfiguration.url)}" data-configuration="${escapeHtml(JSON.stringify(referenceConfiguration))}"></script>
<script src="${escapeHtml(bundle)}"></script>
</body></html>`;
}
