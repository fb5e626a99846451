import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../lib/random";
import { statusCounts, staggered } from "../../../test/concurrency";
import { call, db, slug, tenant } from "../../../test/helpers";
import { webhookEvents } from "../webhooks/schema";
import { helpCentre, salesPlaybook } from "./articles";
import { collectionUpdated } from "./events";
import { createBase, kbTenant, search } from "../../../test/fixtures/knowledge-bases";
import { bulkKnowledgeBaseDocuments } from "./panel";
import { seedKnowledgeBaseDomain } from "./seed";
import { InputError } from "../../lib/input-error";

type Base = {
  id: string;
  name: string;
  document_count: number;
  collections: { id: string; name: string; description: string | null; document_count: number; kb_id: string }[];
};

const bases = async (key: string, query = "") =>
  (await call(`/api/v1/knowledge-bases${query}`, { key })).json.data as Base[];
const patch = (key: string, id: string, body: unknown) =>
  call(`/api/v1/kb/collections/${id}`, { key, method: "PATCH", body });

describe("GET /api/v1/knowledge-bases", () => {
  it("lists the company's bases newest first, with document counts and their collections", async () => {
    const t = await kbTenant();
    const other = await kbTenant();
    const help = await createBase(t.companyId, helpCentre, Date.now() - 60_000);
    const playbook = await createBase(t.companyId, salesPlaybook);
    await createBase(other.companyId, salesPlaybook);
    const page = await bases(t.key);
    expect(page.map((base) => base.id)).toEqual([playbook, help]);
    const helpBase = page[1]!;
    expect(helpBase.document_count).toBe(helpCentre.collections.reduce((sum, c) => sum + c.articles.length, 0));
    expect(helpBase.collections.map((c) => [c.name, c.document_count])).toEqual(
      helpCentre.collections.map((c) => [c.name, c.articles.length]),
    );
    expect(helpBase.collections.every((c) => c.kb_id === help)).toBe(true);
    expect((await bases(t.key, "?limit=1&offset=1")).map((base) => base.id)).toEqual([help]);
  });

  it("is refused without the kb capability, which no plan includes", async () => {
    const t = await tenant({ plan: "Enterprise" });
    const response = await call("/api/v1/knowledge-bases", { key: t.key });
    expect(response.status).toBe(403);
    expect(slug(response.json)).toBe("capability_required");
  });
});

describe("PATCH /api/v1/kb/collections/{collection_id}", () => {
  it("renames and describes, clears the description with null, and emits kb_collection.updated", async () => {
    const t = await kbTenant();
    await createBase(t.companyId, salesPlaybook);
    const collection = (await bases(t.key))[0]!.collections[0]!;
    const renamed = await patch(t.key, collection.id, { name: "  Objection handling " });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({
      id: collection.id,
      name: "Objection handling",
      description: collection.description,
      document_count: 4,
    });
    const cleared = await patch(t.key, collection.id, { description: null });
    expect(cleared.json).toMatchObject({ name: "Objection handling", description: null });
    expect((await bases(t.key))[0]!.collections[0]).toMatchObject({ name: "Objection handling", description: null });

    const rows = await db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.companyId, t.companyId))
      .orderBy(asc(webhookEvents.createdAt))
      .all();
    const events = rows
      .filter((row) => row.type === "kb_collection.updated")
      .map((row) => collectionUpdated.schema.parse(JSON.parse(row.data)));
    expect(events).toEqual([
      { collection: renamed.json, changed_fields: ["name"] },
      { collection: cleared.json, changed_fields: ["description"] },
    ]);
  });

  it("refuses an empty change, unknown fields, a blank or long name with 400; another company's collection is 404", async () => {
    const t = await kbTenant();
    const other = await kbTenant();
    await createBase(t.companyId, salesPlaybook);
    await createBase(other.companyId, salesPlaybook);
    const mine = (await bases(t.key))[0]!.collections[0]!;
    const theirs = (await bases(other.key))[0]!.collections[0]!;
    for (const body of [
      {},
      { name: "   " },
      { name: "x".repeat(201) },
      { title: "New" },
      { description: "x".repeat(2001) },
    ]) {
      expect((await patch(t.key, mine.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    const foreign = await patch(t.key, theirs.id, { name: "Mine now" });
    expect(foreign.status).toBe(404);
    expect((await bases(other.key))[0]!.collections[0]!.name).toBe(theirs.name);
    expect((await patch(t.key, "not-a-uuid", { name: "x" })).status).toBe(400);
  });

  it("concurrent renames all answer 200 and the collection ends with one of them", async () => {
    const t = await kbTenant();
    await createBase(t.companyId, salesPlaybook);
    const collection = (await bases(t.key))[0]!.collections[0]!;
    const outcomes = await staggered(5, (index) => patch(t.key, collection.id, { name: `Name ${index}` }));
    expect(statusCounts(outcomes)).toEqual({ 200: 5 });
    const final = (await bases(t.key))[0]!.collections[0]!.name;
    expect(outcomes.map((outcome) => outcome.json.name)).toContain(final);
  });
});

describe("seed and panel", () => {
  it("the demo seed has a searchable help centre and a playbook; a small company gets a few articles", async () => {
    const t = await kbTenant();
    const counts = await seedKnowledgeBaseDomain({
      db,
      company: { id: t.companyId, currency: "EUR", vatRate: 21, region: "ES" },
      random: seededRandom(1),
      now: Date.now(),
      scale: "full",
    });
    expect(counts.kb_documents).toBeGreaterThanOrEqual(36);
    const [playbook, help] = await bases(t.key);
    expect([help!.name, playbook!.name]).toEqual(["Help centre", "Sales playbook"]);
    expect((await search(t.key, help!.id, { query: "how do I connect WhatsApp Business?" })).hits[0]!.title).toBe(
      "Connect WhatsApp Business",
    );
    const small = await kbTenant();
    const few = await seedKnowledgeBaseDomain({
      db,
      company: { id: small.companyId, currency: "GBP", vatRate: 20, region: "GB" },
      random: seededRandom(1),
      now: Date.now(),
      scale: "small",
    });
    expect(few).toEqual({ knowledge_bases: 1, kb_collections: 1, kb_documents: 4 });
  });

  // Each document writes its terms too (kb_terms, about 75 rows a document here): on a loaded machine, over a minute.
  it("bulk documents for the benchmark: a base of that many documents, searchable", { timeout: 240_000 }, async () => {
    const t = await kbTenant();
    const made = await bulkKnowledgeBaseDocuments(db, t.companyId, { count: "2500" });
    const [base] = await bases(t.key);
    expect(base).toMatchObject({ id: made.knowledge_base_id, document_count: 2500 });
    expect(base!.collections).toHaveLength(10);
    const found = await search(t.key, made.knowledge_base_id, { query: "refund the wallet", limit: 20 });
    expect(found.hits).toHaveLength(20);
    await expect(bulkKnowledgeBaseDocuments(db, t.companyId, { count: "0" })).rejects.toThrow(InputError);
    await expect(bulkKnowledgeBaseDocuments(db, crypto.randomUUID(), { count: "10" })).rejects.toThrow(/No company/);
  });
});
