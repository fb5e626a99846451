import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, db, slug, tenant } from "../../../test/helpers";
import { fake } from "../../../test/fixtures/gateway";
import { sealProviderSettings } from "../../integrations";
import { configOf } from "../../config";
import { connectArchive } from "./queries";

const granted = { capabilities: ["documents"] };

async function connected(sealed: string | null = null) {
  const t = await tenant(granted);
  await connectArchive(db, {
    companyId: t.companyId,
    sealedProviderSettings: sealed,
    connectedAt: "2026-01-01T00:00:00.000Z",
  });
  return t;
}

const titles = (json: { data: { title: string }[] }) => json.data.map((document) => document.title);

describe("GET /documents", () => {
  it("503 integration_not_configured when the capability is granted but no archive is connected; nothing is asked of the archive", async () => {
    const t = await tenant(granted);
    const marker = `never-${crypto.randomUUID()}`;
    const response = await call(`/api/v1/documents?text=${marker}`, { key: t.key });
    expect(response.status).toBe(503);
    expect(slug(response.json)).toBe("integration_not_configured");
    expect(await fake.requests("paperless", marker)).toEqual([]);
  });

  it("lists the archive newest first with type and label names", async () => {
    const t = await connected();
    const response = await call("/api/v1/documents", { key: t.key });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ limit: 50, total: 5, has_more: false });
    expect(titles(response.json)).toEqual([
      "Delivery note Azulejos Levante",
      "Invoice F-2025-0002",
      "Office rent receipt",
      "Service contract Acme SL",
      "Invoice F-2025-0001",
    ]);
    expect(response.json.data[1]).toEqual({
      id: 4,
      title: "Invoice F-2025-0002",
      type: "Invoice",
      labels: ["Accounting", "Urgent"],
      created: "2025-03-31",
      added: "2025-03-31T10:00:00Z",
      file_name: "Invoice F-2025-0002.pdf",
    });
    expect(response.json.data[0]).toMatchObject({ type: null, labels: [] });
  });

  it("filters by type, label and text (any case)", async () => {
    const t = await connected();
    expect(titles((await call("/api/v1/documents?type=invoice", { key: t.key })).json)).toEqual([
      "Invoice F-2025-0002",
      "Invoice F-2025-0001",
    ]);
    expect(titles((await call("/api/v1/documents?label=clients", { key: t.key })).json)).toEqual([
      "Service contract Acme SL",
      "Invoice F-2025-0001",
    ]);
    expect(titles((await call("/api/v1/documents?text=rent", { key: t.key })).json)).toEqual(["Office rent receipt"]);
    expect(titles((await call("/api/v1/documents?type=Invoice&label=Urgent", { key: t.key })).json)).toEqual([
      "Invoice F-2025-0002",
    ]);
  });

  it("date_from and date_to are inclusive at both ends; one day is a valid range", async () => {
    const t = await connected();
    const range = await call("/api/v1/documents?date_from=2025-02-03&date_to=2025-02-28", { key: t.key });
    expect(titles(range.json)).toEqual(["Office rent receipt", "Service contract Acme SL"]);
    const [sent] = await fake.requests("paperless", "created__date__lte=2025-02-28");
    expect(sent!.query).toMatchObject({ created__date__gte: "2025-02-03", created__date__lte: "2025-02-28" });
    expect(
      titles((await call("/api/v1/documents?date_from=2025-03-31&date_to=2025-03-31", { key: t.key })).json),
    ).toEqual(["Invoice F-2025-0002"]);
    expect(titles((await call("/api/v1/documents?date_from=2025-04-01", { key: t.key })).json)).toEqual([
      "Delivery note Azulejos Levante",
    ]);
  });

  it("a reversed range, an invalid date or limit are 400 naming the parameter", async () => {
    const t = await connected();
    const cases: [string, string][] = [
      ["date_from=2025-03-01&date_to=2025-02-28", "query.date_to"],
      ["date_from=2025-02-30", "query.date_from"],
      ["date_to=31/01/2025", "query.date_to"],
      ["limit=0", "query.limit"],
      ["limit=101", "query.limit"],
      ["limit=ten", "query.limit"],
    ];
    for (const [query, path] of cases) {
      const response = await call(`/api/v1/documents?${query}`, { key: t.key });
      expect(response.status, query).toBe(400);
      expect(
        response.json.errors.map((error: { path: string }) => error.path),
        query,
      ).toEqual([path]);
    }
  });

  it("limit: the newest documents, how many match, and whether more do", async () => {
    const t = await connected();
    const response = await call("/api/v1/documents?limit=2", { key: t.key });
    expect(titles(response.json)).toEqual(["Delivery note Azulejos Levante", "Invoice F-2025-0002"]);
    expect(response.json).toMatchObject({ limit: 2, total: 5, has_more: true });
  });

  it("a failing archive is 502 naming it; an archive not configured for the deployment is 503", async () => {
    const t = await connected();
    const marker = `fails-${crypto.randomUUID()}`;
    await fake.control("paperless", "script", { status: 500, match: marker });
    const failed = await call(`/api/v1/documents?text=${marker}`, { key: t.key });
    expect(failed.status).toBe(502);
    expect(failed.json).toMatchObject({ provider: "paperless", detail: "Paperless-ngx failed: it answered HTTP 500." });
    const slowMarker = `slow-${crypto.randomUUID()}`;
    await fake.control("paperless", "script", { timeout: true, match: slowMarker });
    const slow = await call(`/api/v1/documents?text=${slowMarker}`, {
      key: t.key,
      vars: { PROVIDER_TIMEOUT_MS: "300" },
    });
    expect(slow.status).toBe(502);
    expect(slow.json.detail).toBe("Paperless-ngx failed: it did not answer within 300 ms.");
    const unconfigured = await call("/api/v1/documents", { key: t.key, vars: { PAPERLESS_BASE_URL: "" } });
    expect(unconfigured.status).toBe(503);
    expect(unconfigured.json.provider).toBe("paperless");
  });

  it("a company connected with its own archive token reads with it; the token is in no answer", async () => {
    const token = `own${crypto.randomUUID().replaceAll("-", "")}`;
    await fake.control("paperless", "credentials", { token });
    const t = await tenant(granted);
    await connectArchive(db, {
      companyId: t.companyId,
      sealedProviderSettings: await sealProviderSettings(configOf(env), "paperless", t.companyId, { token }),
      connectedAt: "2026-01-01T00:00:00.000Z",
    });
    const marker = `own-${crypto.randomUUID()}`;
    const response = await call(`/api/v1/documents?text=${marker}`, { key: t.key });
    expect(response.status).toBe(200);
    const [sent] = await fake.requests("paperless", marker);
    expect(sent!.headers.authorization).toBe(`Token ${token}`);
    expect(response.text).not.toContain(token);
  });
});
