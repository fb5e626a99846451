import { describe, expect, it } from "vitest";
import { REFERENCE_BUNDLE, referenceConfiguration } from "./docs";
import { call, slug } from "../../test/helpers";

/** The pages and assets of the docs, through the Worker's fetch handler and its ASSETS binding. */
describe("/docs", () => {
  it("is the interactive reference: a page that loads the local bundle and points it at the OpenAPI document", async () => {
    const page = await call("/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const csp = page.headers.get("content-security-policy") ?? "";
    for (const directive of ["default-src 'none'", "script-src 'self'", "connect-src 'self'", "font-src 'self' data:"]) expect(csp).toContain(directive);
    expect(page.text).toContain(`<script src="${REFERENCE_BUNDLE}"></script>`);
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

  it("serves the reference's bundle from the static assets, and 404 for an asset that does not exist", async () => {
    const bundle = await call(REFERENCE_BUNDLE);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("content-type")).toContain("javascript");
    expect(bundle.headers.get("cache-control")).toBe("no-store");
    expect(bundle.headers.get("x-request-id")).toBeTruthy();
    expect(bundle.text.startsWith("/*! @scalar/api-reference ")).toBe(true);
    expect(bundle.text).not.toContain("sourceMappingURL=");
    const missing = await call("/docs/assets/nothing-here.js");
    expect(missing.status).toBe(404);
    expect(slug(missing.json)).toBe("not_found");
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
    for (const path of ["/docs", "/docs/", "/docs/overview", REFERENCE_BUNDLE, "/docs/assets/nothing-here.js"]) {
      const response = await call(path, { vars });
      expect(response.status, path).toBe(404);
      expect(slug(response.json), path).toBe("not_found");
    }
  });
});
