import { describe, expect, it } from "vitest";
import { DOCS_ASSETS, IMMUTABLE, referenceConfiguration } from "./docs";
import { call, slug } from "../../test/helpers";

/** The bundle the page loads: named by its content under the docs' assets. */
async function bundlePath(): Promise<string> {
  const page = await call("/docs");
  const src = /<script src="([^"]+)"><\/script>/.exec(page.text)?.[1];
  if (!src) throw new Error("/docs loads no bundle");
  return src;
}

/** The pages and assets of the docs, through the Worker's fetch handler and its ASSETS binding. */
describe("/docs", () => {
  it("is the interactive reference: a page that loads the local bundle and points it at the OpenAPI document", async () => {
    const page = await call("/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const csp = page.headers.get("content-security-policy") ?? "";
    for (const directive of ["default-src 'none'", "script-src 'self'", "connect-src 'self'", "font-src 'self' data:"])
      expect(csp).toContain(directive);
    expect(page.text).toMatch(new RegExp(`<script src="${DOCS_ASSETS}api-reference\\.[0-9a-f]{16}\\.js"></script>`));
    // Revalidated on every visit, so a new bundle's name reaches the browser at once.
    expect(page.headers.get("cache-control")).toBe("no-cache");
    expect(page.text).toContain('data-url="/api/v1/openapi.json"');
    // Nothing on the page comes from another host, and no inline script needs the CSP relaxed.
    expect(page.text).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(page.text).not.toMatch(/<script(?![^>]*\b(src|data-configuration)=)[^>]*>/);
    expect(page.text).toContain('href="/docs/overview#problems"');
  });

  it("turns off everything of the reference that would reach another host", () => {
    expect(referenceConfiguration).toMatchObject({
      withDefaultFonts: false,
      telemetry: false,
      showDeveloperTools: "never",
      agent: { disabled: true },
      mcp: { disabled: true },
    });
    expect(referenceConfiguration).not.toHaveProperty("proxyUrl");
  });

  it("serves the reference's bundle from the static assets under its content's name, cached for good; 404 for an asset that does not exist", async () => {
    const bundle = await call(await bundlePath());
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("content-type")).toContain("javascript");
    expect(bundle.headers.get("cache-control")).toBe(IMMUTABLE);
    expect(bundle.headers.get("x-request-id")).toBeTruthy();
    expect(bundle.text.startsWith("/*! @scalar/api-reference ")).toBe(true);
    expect(bundle.text).not.toContain("sourceMappingURL=");
    const missing = await call("/docs/assets/nothing-here.js");
    expect(missing.status).toBe(404);
    expect(slug(missing.json)).toBe("not_found");
    const manifest = await call(`${DOCS_ASSETS}manifest.json`);
    expect(manifest.headers.get("cache-control")).toBe("no-cache");
    // The API's own answers are never stored.
    expect((await call("/api/v1/openapi.json")).headers.get("cache-control")).toBe("no-store");
  });

  it("keeps the overview (scopes, gates, plans, codes) and the problem types, linked from each problem page", async () => {
    const overview = await call("/docs/overview");
    expect(overview.status).toBe(200);
    expect(overview.text).toContain("/api/v1/budgets");
    expect(overview.text).toContain('id="problems"');
    expect(overview.text).toContain('href="/docs"');
    const problem = await call("/problems/not_found");
    expect(problem.status).toBe(200);
    expect(problem.text).toContain('href="/docs/overview#problems"');
  });

  it("answers 404 for the reference, the overview and every asset when the API is switched off", async () => {
    const vars = { PUBLIC_API_ENABLED: "false" };
    const bundle = await bundlePath();
    for (const path of ["/docs", "/docs/", "/docs/overview", bundle, "/docs/assets/nothing-here.js"]) {
      const response = await call(path, { vars });
      expect(response.status, path).toBe(404);
      expect(slug(response.json), path).toBe("not_found");
    }
  });
});
