import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CAPABILITIES } from "../src/admin/demo";
import { seedCompany } from "../src/admin/seed";
import { createApp } from "../src/app";
import { configOf } from "../src/config";
import { openApiDocument } from "../src/core/registry";
import { storeBinding, storeCount } from "../src/data/tenancy";
import { domains } from "../src/domains";
import { seededRandom } from "../src/lib/random";
import { call, db, operator, OPERATOR_SECRET, slug, tenant } from "./helpers";
import { settleDeliveries } from "./deliveries";
import { settleJobs } from "./jobs";

/**
 * An operator may name the company whose rows the served document's examples show
 * (PUT /admin/v1/docs/examples-company; npm run dev names its demo): each fixed id its examples
 * write is then replaced by the id of that company's row standing for it (each domain's
 * `examples`), so that try-it with the company's key finds what the examples name rather than
 * answering 400 or 404. Unset (the default), the document is exactly the one the declarations build.
 */

type Json = Record<string, any>;
const document = openApiDocument(createApp(domains), configOf(env)) as unknown as Json;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const registered = domains.flatMap((domain) => domain.examples ?? []);

/** The request example of each operation (the first media type's), with the ids it names. */
const requestExamples = (served: Json) =>
  Object.entries(served.paths as Json).flatMap(([path, item]) =>
    Object.entries(item as Json).flatMap(([method, operation]) => {
      const content = (operation as Json).requestBody?.content as Json | undefined;
      const example = content ? (Object.values(content)[0] as Json).example : undefined;
      const ids = example === undefined ? [] : [...new Set(JSON.stringify(example).match(UUID) ?? [])];
      return ids.length > 0 ? [{ operation: `${method.toUpperCase()} ${path}`, example, ids }] : [];
    }),
  );

/** Whether `id` is the id of a row of the company, in any table with both columns, in any store. */
async function isRowOf(companyId: string, id: string): Promise<boolean> {
  for (let store = 0; store < storeCount(env); store++) {
    const database = storeBinding(env, store)!;
    // D1 refuses pragma_table_info: the columns are read from each table's CREATE statement.
    const { results } = await database
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql IS NOT NULL")
      .all<{ name: string; sql: string }>();
    const column = (name: string) => new RegExp(`[(,]\\s*[\`"]?${name}[\`"]?\\s`);
    const tables = results.filter(({ sql }) => column("id").test(sql) && column("company_id").test(sql));
    expect(tables.length).toBeGreaterThan(20);
    for (const { name } of tables) {
      const row = await database
        .prepare(`SELECT 1 FROM "${name}" WHERE id = ? AND company_id = ?`)
        .bind(id, companyId)
        .first();
      if (row) return true;
    }
  }
  return false;
}

/** The customer's receiver (scripts/fakes/receiver.ts), on loopback: allowed by this switch, as npm run dev sets it. */
const receiver = (JSON.parse(env.FAKE_PROVIDERS) as Record<string, string>).receiver!;
const loopback = { WEBHOOKS_ALLOW_LOOPBACK: "true" } as const;
const delivered = async (deliveryIds: string[]) => {
  const ended = await settleDeliveries(deliveryIds, { vars: loopback });
  expect(ended.map((row) => row.status)).toEqual(deliveryIds.map(() => "succeeded"));
};

const served = async () => {
  const answer = await call("/api/v1/openapi.json");
  expect(answer.status).toBe(200);
  return answer.json as Json;
};
const setExamplesCompany = (companyId: string | null) =>
  operator("/docs/examples-company", { method: "PUT", body: { company_id: companyId } });

/** The whole demo seeds every domain in full: long on a busy machine. */
const SEED_TIMEOUT_MS = 300_000;
let company: Awaited<ReturnType<typeof tenant>>;

beforeAll(async () => {
  // A company as the demo is: its capabilities, spending on, and every domain's rows (the bulk loader, fresh ids).
  company = await tenant({ capabilities: [...DEMO_CAPABILITIES], spendEnabled: true, defaultRegion: "ES" });
  await seedCompany(
    db,
    { id: company.companyId, currency: "EUR", vatRate: 21, region: "ES" },
    seededRandom(53),
    Date.now(),
    "full",
    { attachments: env.ATTACHMENTS },
    env.WEBHOOK_SECRET_KEY,
  );
  // As npm run dev's demo: subscribed to a local receiver, with a test event delivered (the delivery replay's example names).
  const subscribed = await call("/api/v1/webhooks", {
    key: company.key,
    body: { url: `${receiver}/hooks/${company.companyId}`, events: ["*"] },
    vars: loopback,
  });
  expect(subscribed.status).toBe(200);
  const sent = await call("/api/v1/webhooks/test", { key: company.key, body: { type: "budget.created" } });
  expect(sent.status).toBe(202);
  await delivered([sent.json.delivery_id]);
}, SEED_TIMEOUT_MS);

// The setting is the runtime's, not the company's: the files after this one find it unset.
afterAll(async () => {
  expect((await setExamplesCompany(null)).status).toBe(200);
});

describe("the document's examples", () => {
  it("are the declarations' own while no company is named: the served document is the built one", async () => {
    expect((await operator("/docs/examples-company")).json).toEqual({ company_id: null, updated_at: null });
    expect(await served()).toEqual(document);
  });

  it("register each fixed id once, and each is an id the document's examples name", () => {
    const ids = registered.map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    const text = JSON.stringify(document);
    expect(ids.filter((id) => !text.includes(id))).toEqual([]);
  });

  it("name rows of the named company: every id of every request example (the campaign's agent and template, the sequence's templates, the email's identity, contacts, a list, a member, an alert, a message)", async () => {
    expect((await setExamplesCompany(company.companyId)).json).toMatchObject({ company_id: company.companyId });
    const personalised = await served();
    const missing: string[] = [];
    for (const { operation, ids } of requestExamples(personalised)) {
      for (const id of ids) if (!(await isRowOf(company.companyId, id))) missing.push(`${operation}: ${id}`);
    }
    expect(missing).toEqual([]);
    // No registered id is left: each had a row of the company to stand for it.
    const text = JSON.stringify(personalised);
    expect(registered.filter((row) => text.includes(row.id)).map((row) => row.id)).toEqual([]);
    // Only ids changed: with every UUID blotted out, the two documents are the same.
    const blotted = (value: unknown) => JSON.parse(JSON.stringify(value).replace(UUID, "<uuid>"));
    expect(blotted(personalised)).toEqual(blotted(document));
    for (const operation of [
      "POST /api/v1/campaigns",
      "POST /api/v1/sequences",
      "POST /api/v1/calls/dial",
      "POST /api/v1/email/send",
      "PUT /api/v1/calls/{call_id}/member",
      "POST /api/v1/whatsapp/typing",
      "POST /api/v1/events/replay",
    ])
      expect(requestExamples(personalised).map((entry) => entry.operation)).toContain(operation);
  });

  it("succeed with try-it: POST /campaigns, /sequences, /email/send, /calls/dial and /events/replay as the document shows them, with the company's key", async () => {
    await setExamplesCompany(company.companyId);
    const examples = new Map(requestExamples(await served()).map((entry) => [entry.operation, entry.example]));
    for (const [operation, status] of [
      ["POST /api/v1/campaigns", 201],
      ["POST /api/v1/sequences", 201],
      ["POST /api/v1/email/send", 200],
      ["POST /api/v1/calls/dial", 201],
      ["POST /api/v1/events/replay", 200],
    ] as const) {
      const [method, path] = operation.split(" ") as [string, string];
      const answer = await call(path, {
        key: company.key,
        method,
        body: examples.get(operation),
        headers: { "Idempotency-Key": crypto.randomUUID() },
        // The switches of the dial (spending) and the replay (gate C) on, as a deployment that serves them.
        vars: { PUBLIC_API_SPEND_ENABLED: "true", CONVERSATIONS_API_ENABLED: "true" },
      });
      expect({ operation, status: answer.status, body: answer.status === status ? undefined : answer.json }).toEqual({
        operation,
        status,
        body: undefined,
      });
      // The replay is a new delivery of the event the receiver took: delivered too.
      if (operation === "POST /api/v1/events/replay") await delivered([answer.json.delivery_id]);
    }
    // What the writes queued has run before the file ends.
    await settleJobs(company.companyId);
  });
});

describe("PUT /admin/v1/docs/examples-company", () => {
  it("answers 404 for an unknown company and changes nothing, null clears it, and each change is in the operators' audit log", async () => {
    expect((await setExamplesCompany(company.companyId)).status).toBe(200);
    const unknown = await setExamplesCompany(crypto.randomUUID());
    expect(unknown.status).toBe(404);
    expect(slug(unknown.json)).toBe("not_found");
    expect((await operator("/docs/examples-company")).json.company_id).toBe(company.companyId);

    const cleared = await setExamplesCompany(null);
    expect(cleared.status).toBe(200);
    expect(cleared.json).toMatchObject({ company_id: null, updated_at: expect.any(String) });
    expect(await served()).toEqual(document);

    const audit = await operator(`/audit-log?company_id=${company.companyId}`);
    expect(audit.json.data).toContainEqual(
      expect.objectContaining({
        operation: "setDocsExamplesCompany",
        resource_type: "operator_setting",
        resource_id: "docs.examples_company",
      }),
    );
  });

  it("is refused without the operator secret, as an unknown path is", async () => {
    const before = (await operator("/docs/examples-company")).json;
    const attempts: Record<string, string>[] = [{}, { Authorization: `Bearer ${company.key}` }];
    for (const headers of attempts) {
      const refused = await call("/admin/v1/docs/examples-company", {
        method: "PUT",
        body: { company_id: company.companyId },
        headers,
        vars: { ADMIN_SECRET: OPERATOR_SECRET },
      });
      expect(refused.status).toBe(404);
    }
    expect((await operator("/docs/examples-company")).json).toEqual(before);
  });
});
