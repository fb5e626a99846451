import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, slug, tenant } from "../../test/helpers";
import { createApp } from "../app";

const budget = { client_name: "Ana", items: [{ concept: "Work", units: 1, unit_price: 10 }] };

describe("JSON bodies", () => {
  it("accepts UTF-8, declared or not", async () => {
    const t = await tenant();
    for (const contentType of [
      "application/json",
      "application/json; charset=utf-8",
      'application/json;charset="UTF-8"',
      "Application/JSON",
    ]) {
      const response = await call("/api/v1/budgets", {
        key: t.key,
        body: budget,
        headers: { "Content-Type": contentType },
      });
      expect(response.status, contentType).toBe(201);
    }
  });

  it("refuses a media type the document does not declare, naming it, and stores nothing", async () => {
    const t = await tenant();
    for (const contentType of [
      "application/problem+json",
      "application/merge-patch+json",
      "text/plain",
      "application/x-www-form-urlencoded",
    ]) {
      const response = await call("/api/v1/budgets", {
        key: t.key,
        body: budget,
        headers: { "Content-Type": contentType },
      });
      expect(response.status, contentType).toBe(400);
      expect(slug(response.json)).toBe("invalid_json");
      expect(response.json.detail).toContain(contentType);
    }
    expect((await call("/api/v1/budgets", { key: t.key })).json.data).toHaveLength(0);
  });

  it("refuses another declared charset with a problem that names it, and stores nothing", async () => {
    const t = await tenant();
    const response = await call("/api/v1/budgets", {
      key: t.key,
      body: budget,
      headers: { "Content-Type": "application/json; charset=utf-16" },
    });
    expect(response.status).toBe(400);
    expect(slug(response.json)).toBe("invalid_json");
    expect(response.json.detail).toContain("charset=utf-16");
    expect(response.json.charset).toBe("utf-16");
    expect((await call("/api/v1/budgets", { key: t.key })).json.data).toHaveLength(0);
  });

  it("refuses bytes that are not UTF-8 instead of decoding them with replacement characters", async () => {
    const t = await tenant();
    const latin1 = new Uint8Array([
      ...new TextEncoder().encode('{"client_name":"'),
      0xe9,
      ...new TextEncoder().encode('","items":[]}'),
    ]);
    const request = new Request("http://api.test/api/v1/budgets", {
      method: "POST",
      headers: { Authorization: `Bearer ${t.key}`, "Content-Type": "application/json" },
      body: latin1,
    });
    const ctx = createExecutionContext();
    const response = await createApp().fetch(request, env, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { detail: string }).detail).toContain("UTF-8");
  });
});

describe("a client that hangs up mid-body", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is answered 400 incomplete_body and logged as a client abort, not as a server error", async () => {
    const t = await tenant();
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(new TextEncoder().encode('{"client_name":"A'));
        } else controller.error(new Error("connection reset by peer"));
      },
    });
    const request = new Request("http://api.test/api/v1/budgets", {
      method: "POST",
      headers: { Authorization: `Bearer ${t.key}`, "Content-Type": "application/json" },
      body,
      // @ts-expect-error duplex is required by the fetch spec for stream bodies; workers-types omits it.
      duplex: "half",
    });
    const ctx = createExecutionContext();
    const response = await createApp().fetch(request, { ...env, REQUEST_LOG: "true" }, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { type: string }).type).toMatch(/\/problems\/incomplete_body$/);
    expect(errors).not.toHaveBeenCalled();
    const logged = lines.map((line) => JSON.parse(line) as { status: number; outcome?: string });
    expect(logged).toContainEqual(expect.objectContaining({ status: 400, outcome: "client_aborted" }));
  });
});
