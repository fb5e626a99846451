import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { concurrently, statusCounts } from "../../../test/concurrency";
import { call, db, slug, tenant } from "../../../test/helpers";
import { auditLog } from "../../data/schema";
import { webhookEvents } from "../webhooks/schema";
import { numberRenamed } from "./events";
import { phoneNumbers, type NumberCapability } from "./schema";

async function fixture() {
  const t = await tenant();
  const number = (
    n: number,
    e164: string,
    country: string,
    capabilities: NumberCapability[],
    agentId: string | null = null,
  ) => ({
    id: crypto.randomUUID(),
    companyId: t.companyId,
    e164,
    name: `Line ${n}`,
    country,
    capabilities,
    agentId,
    createdAt: `2026-01-0${n}T00:00:00.000Z`,
    updatedAt: `2026-01-0${n}T00:00:00.000Z`,
  });
  const rows = [
    number(1, "+34910000001", "ES", ["voice", "sms"], crypto.randomUUID()),
    number(2, "+34612000002", "ES", ["voice", "sms", "whatsapp"]),
    number(3, "+442030000003", "GB", ["voice"]),
  ];
  await db.insert(phoneNumbers).values(rows);
  return { ...t, rows };
}

const rename = (key: string, id: string, body: unknown) =>
  call(`/api/v1/numbers/${id}`, { key, method: "PATCH", body });
const audited = async (companyId: string) =>
  (await db.select({ n: count() }).from(auditLog).where(eq(auditLog.companyId, companyId)).get())!.n;

describe("GET /numbers", () => {
  it("lists the company's numbers newest first, filtered by country or capability", async () => {
    const t = await fixture();
    await fixture();
    const all = await call("/api/v1/numbers", { key: t.key });
    expect(all.status).toBe(200);
    expect(all.json.data.map((n: { id: string }) => n.id)).toEqual([t.rows[2]!.id, t.rows[1]!.id, t.rows[0]!.id]);
    expect(all.json.data[2]).toEqual({
      id: t.rows[0]!.id,
      number: "+34910000001",
      name: "Line 1",
      country: "ES",
      capabilities: ["voice", "sms"],
      agent_id: t.rows[0]!.agentId,
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-01T00:00:00.000Z",
    });
    const ids = async (query: string) =>
      (await call(`/api/v1/numbers?${query}`, { key: t.key })).json.data.map((n: { number: string }) => n.number);
    expect(await ids("country=GB")).toEqual(["+442030000003"]);
    expect(await ids("capability=whatsapp")).toEqual(["+34612000002"]);
    expect(await ids("capability=sms&country=ES")).toEqual(["+34612000002", "+34910000001"]);
    for (const query of ["country=es", "country=ESP", "capability=fax"])
      expect((await call(`/api/v1/numbers?${query}`, { key: t.key })).status, query).toBe(400);
  });
});

describe("PATCH /numbers/{number_id}", () => {
  it("renames the number, answers the row as written, audits it and emits number.renamed", async () => {
    const t = await fixture();
    const target = t.rows[1]!;
    const response = await rename(t.key, target.id, { name: "  Sales WhatsApp  " });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      id: target.id,
      number: target.e164,
      name: "Sales WhatsApp",
      capabilities: target.capabilities,
      created_at: target.createdAt,
    });
    expect(response.json.updated_at > target.updatedAt).toBe(true);
    const stored = await db.select().from(phoneNumbers).where(eq(phoneNumbers.id, target.id)).get();
    expect(stored).toMatchObject({
      name: "Sales WhatsApp",
      updatedAt: response.json.updated_at,
      e164: target.e164,
      agentId: null,
    });
    const events = await db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.companyId, t.companyId), eq(webhookEvents.type, "number.renamed")));
    expect(events.map((event) => numberRenamed.schema.parse(JSON.parse(event.data)))).toEqual([
      { id: target.id, number: target.e164, name: "Sales WhatsApp", renamed_at: response.json.updated_at },
    ]);
    const entry = await db.select().from(auditLog).where(eq(auditLog.companyId, t.companyId)).get();
    expect(entry).toMatchObject({ operation: "renameNumber", resourceType: "phone_number", resourceId: target.id });
  });

  it("answers 404 for an unknown or another company's number and writes nothing; 400 for a malformed id or body", async () => {
    const t = await fixture();
    const other = await fixture();
    const foreign = await rename(t.key, other.rows[0]!.id, { name: "Mine now" });
    expect(foreign.status).toBe(404);
    expect(slug(foreign.json)).toBe("not_found");
    expect((await db.select().from(phoneNumbers).where(eq(phoneNumbers.id, other.rows[0]!.id)).get())!.name).toBe(
      "Line 1",
    );
    expect((await rename(t.key, crypto.randomUUID(), { name: "Nobody" })).status).toBe(404);
    expect(await audited(t.companyId)).toBe(0);
    expect(await db.select().from(webhookEvents).where(eq(webhookEvents.companyId, t.companyId))).toEqual([]);

    const id = t.rows[0]!.id;
    for (const body of [
      {},
      { name: "" },
      { name: "   " },
      { name: "x".repeat(101) },
      { name: 5 },
      { name: "Ok", agent_id: null },
      { name: "Ok", number: "+34910000009" },
    ]) {
      const response = await rename(t.key, id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await rename(t.key, "not-a-uuid", { name: "Ok" })).status).toBe(400);
    expect((await db.select().from(phoneNumbers).where(eq(phoneNumbers.id, id)).get())!.name).toBe("Line 1");
  });

  it("answers every concurrent rename with the row it wrote; the number ends with one of the names", async () => {
    const t = await fixture();
    const id = t.rows[0]!.id;
    const outcomes = await concurrently(5, (i) => rename(t.key, id, { name: `Name ${i}` }));
    expect(statusCounts(outcomes)).toEqual({ 200: 5 });
    for (const [i, outcome] of outcomes.entries()) expect(outcome.json.name).toBe(`Name ${i}`);
    const final = (await db.select().from(phoneNumbers).where(eq(phoneNumbers.id, id)).get())!.name;
    expect(outcomes.map((outcome) => outcome.json.name)).toContain(final);
  });
});
