import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, operator, slug } from "../../../test/helpers";
import { kbTenant, search, titles } from "../../../test/fixtures/knowledge-bases";
import { operatorAuditLog } from "../../data/schema";
import { kbDocuments } from "./schema";

const createBase = (companyId: string, body: unknown) =>
  operator(`/companies/${companyId}/knowledge-bases`, { method: "POST", body });
const addDocument = (companyId: string, kbId: string, body: unknown) =>
  operator(`/companies/${companyId}/knowledge-bases/${kbId}/documents`, { method: "POST", body });
const listBases = async (key: string) => (await call("/api/v1/knowledge-bases", { key })).json.data as any[];

describe("POST /admin/v1/companies/{company_id}/knowledge-bases", () => {
  it("creates a base with its collections in order, listed for that company only and audited", async () => {
    const t = await kbTenant();
    const other = await kbTenant();
    const created = await createBase(t.companyId, {
      name: "Help centre",
      description: "What customers ask",
      collections: [{ name: "Billing", description: "Invoices" }, { name: "Calls" }],
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({
      name: "Help centre",
      description: "What customers ask",
      document_count: 0,
      collections: [
        { name: "Billing", description: "Invoices", document_count: 0 },
        { name: "Calls", description: null, document_count: 0 },
      ],
    });
    const listed = await listBases(t.key);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toEqual(created.json);
    expect(await listBases(other.key)).toEqual([]);
    const audit = await db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.companyId, t.companyId), eq(operatorAuditLog.operation, "createKnowledgeBase")));
    expect(audit).toMatchObject([{ resourceType: "knowledge_base", resourceId: created.json.id }]);
  });

  it("gives a base without collections one named General; refuses a bad body (400) and an unknown company (404)", async () => {
    const t = await kbTenant();
    const plain = await createBase(t.companyId, { name: "FAQ" });
    expect(plain.status, plain.text).toBe(201);
    expect(plain.json.collections).toMatchObject([{ name: "General" }]);
    for (const body of [{}, { name: "" }, { name: "X", collections: [] }, { name: "X", extra: 1 }]) {
      const refused = await createBase(t.companyId, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.headers.get("content-type")).toContain("application/problem+json");
    }
    expect((await createBase("no-such-company", { name: "X" })).status).toBe(404);
    expect(await listBases(t.key)).toHaveLength(1);
  });
});

describe("POST /admin/v1/companies/{company_id}/knowledge-bases/{kb_id}/documents", () => {
  it("adds documents that the company's search finds at once, counted in the list", async () => {
    const t = await kbTenant();
    const base = (await createBase(t.companyId, { name: "Help", collections: [{ name: "A" }, { name: "B" }] })).json;
    const [first, second] = base.collections as { id: string }[];
    const added = await addDocument(t.companyId, base.id, {
      title: "Top up your wallet",
      body: "Add credit to the wallet with a card; the balance pays calls and messages.",
      source: "https://help.example.com/wallet",
    });
    expect(added.status, added.text).toBe(201);
    expect(added.json).toMatchObject({ kb_id: base.id, collection_id: first!.id, title: "Top up your wallet" });
    const inB = await addDocument(t.companyId, base.id, {
      title: "Transfer a call",
      body: "An agent can transfer the call to a person of the team.",
      collection_id: second!.id,
    });
    expect(inB.status, inB.text).toBe(201);
    expect(inB.json).toMatchObject({ collection_id: second!.id, source: null });

    const found = await search(t.key, base.id, { query: "wallet balance" });
    expect(found.status, found.text).toBe(200);
    expect(titles(found.hits)).toEqual(["Top up your wallet"]);
    expect(found.hits[0]).toMatchObject({ document_id: added.json.id, source: "https://help.example.com/wallet" });
    expect(titles((await search(t.key, base.id, { query: "transfer", collection_id: second!.id })).hits)).toEqual([
      "Transfer a call",
    ]);
    const [listed] = await listBases(t.key);
    expect(listed).toMatchObject({ document_count: 2 });
    expect(listed.collections.map((c: { document_count: number }) => c.document_count)).toEqual([1, 1]);
  });

  it("another company's base or collection is 404 and gets nothing; a bad body is 400", async () => {
    const t = await kbTenant();
    const other = await kbTenant();
    const mine = (await createBase(t.companyId, { name: "Mine" })).json;
    const theirs = (await createBase(other.companyId, { name: "Theirs" })).json;
    const doc = { title: "T", body: "Some text" };
    const wrongBase = await addDocument(t.companyId, theirs.id, doc);
    expect(wrongBase.status).toBe(404);
    expect(slug(wrongBase.json)).toBe("not_found");
    const wrongCollection = await addDocument(t.companyId, mine.id, {
      ...doc,
      collection_id: theirs.collections[0].id,
    });
    expect(wrongCollection.status, wrongCollection.text).toBe(404);
    expect((await addDocument(t.companyId, mine.id, { title: "", body: "x" })).status).toBe(400);
    expect((await addDocument(t.companyId, mine.id, { title: "T" })).status).toBe(400);
    expect(await db.select().from(kbDocuments).where(eq(kbDocuments.kbId, theirs.id))).toEqual([]);
    expect(await db.select().from(kbDocuments).where(eq(kbDocuments.kbId, mine.id))).toEqual([]);
    // The other company's search never sees this company's documents.
    expect((await addDocument(t.companyId, mine.id, doc)).status).toBe(201);
    expect((await search(other.key, mine.id, { query: "text" })).status).toBe(404);
  });
});
