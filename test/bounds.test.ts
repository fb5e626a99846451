import { describe, expect, it } from "vitest";
import { call, slug, tenant } from "./helpers";

// Issue 29: every input has a bound the server enforces before it costs anything, and the refusal
// names it. The document side (every string, array and map of a request has one) is in document.test.ts.

describe("bounds are enforced and named", () => {
  it("refuses an email template over its size with a 400 naming the field and its bound", async () => {
    const t = await tenant({ capabilities: ["campaigns"] });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "Big", subject: "Hi", body: "x".repeat(200_001) }, "body.body", "200000"],
      [{ name: "Big", subject: "Hi", body: "<p>Hi</p>", text_body: "x".repeat(200_001) }, "body.text_body", "200000"],
      [{ name: "Big", subject: "s".repeat(501), body: "<p>Hi</p>" }, "body.subject", "500"],
      [{ name: "n".repeat(201), subject: "Hi", body: "<p>Hi</p>" }, "body.name", "200"],
    ];
    for (const [body, path, bound] of cases) {
      const response = await call("/api/v1/email-templates", { key: t.key, body });
      expect(response.status, path).toBe(400);
      expect(slug(response.json)).toBe("validation_error");
      const error = (response.json.errors as { path: string; message: string }[]).find((item) => item.path === path);
      expect(error?.message, path).toContain(bound);
    }
  });

  it("refuses a body over the 1 MiB cap with 413 naming the cap", async () => {
    const t = await tenant({ capabilities: ["campaigns"] });
    const response = await call("/api/v1/email-templates", {
      key: t.key,
      body: { name: "Huge", subject: "Hi", body: "x".repeat(1_100_000) },
    });
    expect(response.status).toBe(413);
    expect(response.json.detail).toMatch(/1048576|1 MiB/);
  });
});
