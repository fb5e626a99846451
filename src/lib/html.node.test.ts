import { describe, expect, it } from "vitest";
import { escapeHtml } from "./html";

describe("escapeHtml (hono's escaper)", () => {
  it("escapes the five characters HTML gives meaning to, and leaves the rest", () => {
    expect(escapeHtml(`<a href="x?a=1&b='2'">é</a>`)).toBe(
      "&lt;a href=&quot;x?a=1&amp;b=&#39;2&#39;&quot;&gt;é&lt;/a&gt;",
    );
    expect(escapeHtml("plain text")).toBe("plain text");
    expect(escapeHtml("")).toBe("");
  });
});
