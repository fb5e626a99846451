import { describe, expect, it } from "vitest";
import { seededRandom } from "../../lib/random";
import { call, db, operator, slug, tenant } from "../../../test/helpers";
import { seedRecadosDomain } from "./seed";
import { setUpWorkspace } from "./queries";
import { recados } from "./schema";

const granted = { capabilities: ["workspace"] };

async function slip(companyId: string, fields: { takenAt: string; read?: boolean; callerName?: string }) {
  const id = crypto.randomUUID();
  await db.insert(recados).values({
    id,
    companyId,
    callerName: fields.callerName ?? "Ana",
    phone: "+34612345678",
    message: "Call back",
    callId: null,
    takenAt: fields.takenAt,
    read: fields.read ?? false,
  });
  return id;
}

describe("GET /recados", () => {
  it("503 integration_not_configured while the workspace is not set up, even with slips stored", async () => {
    const t = await tenant(granted);
    await slip(t.companyId, { takenAt: "2026-04-01T10:00:00.000Z" });
    const response = await call("/api/v1/recados", { key: t.key });
    expect(response.status).toBe(503);
    expect(slug(response.json)).toBe("integration_not_configured");
  });

  it("lists slips newest first with caller, phone, message, taken_at and read; another company's are not there", async () => {
    const t = await tenant(granted);
    const other = await tenant(granted);
    await setUpWorkspace(db, t.companyId, "2026-01-01T00:00:00.000Z");
    await setUpWorkspace(db, other.companyId, "2026-01-01T00:00:00.000Z");
    const older = await slip(t.companyId, { takenAt: "2026-04-01T10:00:00.000Z", read: true });
    const newer = await slip(t.companyId, { takenAt: "2026-04-02T09:00:00.000Z", callerName: "Luis" });
    await slip(other.companyId, { takenAt: "2026-04-03T09:00:00.000Z" });
    const response = await call("/api/v1/recados", { key: t.key });
    expect(response.status).toBe(200);
    expect(response.json.data.map((row: { id: string }) => row.id)).toEqual([newer, older]);
    expect(response.json.data[0]).toEqual({
      id: newer,
      caller_name: "Luis",
      phone: "+34612345678",
      message: "Call back",
      call_id: null,
      taken_at: "2026-04-02T09:00:00.000Z",
      read: false,
    });
    expect(response.json).toMatchObject({ limit: 50, offset: 0 });
  });

  it("filters by read; an invalid filter is 400; limit and offset page through", async () => {
    const t = await tenant(granted);
    await setUpWorkspace(db, t.companyId, "2026-01-01T00:00:00.000Z");
    const ids = [];
    for (let day = 1; day <= 4; day++)
      ids.push(await slip(t.companyId, { takenAt: `2026-04-0${day}T10:00:00.000Z`, read: day % 2 === 0 }));
    const unread = await call("/api/v1/recados?read=false", { key: t.key });
    expect(unread.json.data.map((row: { id: string }) => row.id)).toEqual([ids[2], ids[0]]);
    const read = await call("/api/v1/recados?read=true", { key: t.key });
    expect(read.json.data.map((row: { id: string }) => row.id)).toEqual([ids[3], ids[1]]);
    const invalid = await call("/api/v1/recados?read=yes", { key: t.key });
    expect(invalid.status).toBe(400);
    expect(invalid.json.errors[0].path).toBe("query.read");
    const second = await call("/api/v1/recados?limit=2&offset=2", { key: t.key });
    expect(second.json.data.map((row: { id: string }) => row.id)).toEqual([ids[1], ids[0]]);
  });

  it("the seed sets up the workspace with a week of slips", async () => {
    const t = await tenant(granted);
    const counts = await seedRecadosDomain({
      db,
      company: { id: t.companyId, currency: "EUR", vatRate: 21, region: "ES" },
      random: seededRandom(1),
      now: Date.now(),
      scale: "full",
    });
    const response = await call("/api/v1/recados", { key: t.key });
    expect(response.status).toBe(200);
    expect(response.json.data).toHaveLength(counts.recados!);
    expect(response.json.data.some((row: { read: boolean }) => !row.read)).toBe(true);
  });

  it("the operator sets the workspace up (PUT /admin/v1/companies/{id}/workspace): 503 before, 200 after, idempotent", async () => {
    const t = await tenant(granted);
    expect((await call("/api/v1/recados", { key: t.key })).status).toBe(503);
    for (let i = 0; i < 2; i++) {
      const set = await operator(`/companies/${t.companyId}/workspace`, { method: "PUT" });
      expect(set.status).toBe(200);
      expect(set.json).toEqual({ company_id: t.companyId, set_up: true });
    }
    expect((await call("/api/v1/recados", { key: t.key })).status).toBe(200);
    expect((await operator("/companies/no-such-company/workspace", { method: "PUT" })).status).toBe(404);
  });
});
