import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { staggered, statusCounts } from "../../../test/concurrency";
import { call, db, operator, slug, tenant } from "../../../test/helpers";
import { teamInvites, teamSeats } from "./schema";

/** Contracted seats set by the operator; invites hold a seat while pending, members while active. */

const teamCompany = () => tenant({ capabilities: ["team"] });
const setSeats = (companyId: string, body: unknown) =>
  operator(`/companies/${companyId}/team/seats`, { method: "PUT", body });
const invite = (companyId: string, email = `${crypto.randomUUID().slice(0, 8)}@example.com`) =>
  operator(`/companies/${companyId}/team/invites`, { method: "POST", body: { email } });
const accept = (companyId: string, inviteId: string, name = "Ana Ruiz") =>
  operator(`/companies/${companyId}/team/invites/${inviteId}/accept`, { method: "POST", body: { name } });
const seats = async (key: string) => (await call("/api/v1/team/seats", { key })).json;

describe("PUT /admin/v1/companies/{company_id}/team/seats", () => {
  it("sets the contract the company reads; after an accepted invite, one is used and the rest available", async () => {
    const t = await teamCompany();
    const other = await teamCompany();
    const set = await setSeats(t.companyId, { contracted: 3 });
    expect(set.status, set.text).toBe(200);
    expect(set.json).toEqual({ contracted: 3, used: 0, pending_invites: 0, available: 3 });
    expect(await seats(t.key)).toEqual({ contracted: 3, used: 0, pending_invites: 0, available: 3 });
    expect(await seats(other.key)).toEqual({ contracted: 0, used: 0, pending_invites: 0, available: 0 });

    const made = await invite(t.companyId);
    expect(made.status, made.text).toBe(201);
    expect(await seats(t.key)).toEqual({ contracted: 3, used: 0, pending_invites: 1, available: 2 });
    expect((await accept(t.companyId, made.json.id)).status).toBe(201);
    expect(await seats(t.key)).toEqual({ contracted: 3, used: 1, pending_invites: 0, available: 2 });

    // Set again: the one row of the contract changes.
    expect((await setSeats(t.companyId, { contracted: 5 })).json).toMatchObject({ contracted: 5, available: 4 });
    expect(await db.select().from(teamSeats).where(eq(teamSeats.companyId, t.companyId))).toMatchObject([
      { contracted: 5 },
    ]);
  });

  it("refuses a bad count (400) and an unknown company (404)", async () => {
    const t = await teamCompany();
    for (const body of [{}, { contracted: -1 }, { contracted: 1.5 }, { contracted: "3" }, { contracted: 10_001 }]) {
      const refused = await setSeats(t.companyId, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(slug(refused.json)).toBe("validation_error");
    }
    expect((await setSeats("no-such-company", { contracted: 1 })).status).toBe(404);
    expect(await db.select().from(teamSeats).where(eq(teamSeats.companyId, t.companyId))).toEqual([]);
  });
});

describe("invites and seats", () => {
  it("an invite beyond the available seats is 409 with the counts, and writes nothing", async () => {
    const t = await teamCompany();
    const none = await invite(t.companyId);
    expect(none.status, none.text).toBe(409);
    expect(slug(none.json)).toBe("conflict");
    expect(none.json).toMatchObject({ contracted: 0, used: 0, pending_invites: 0 });

    await setSeats(t.companyId, { contracted: 2 });
    const first = await invite(t.companyId);
    expect(first.status).toBe(201);
    expect((await accept(t.companyId, first.json.id)).status).toBe(201);
    expect((await invite(t.companyId)).status).toBe(201);
    const full = await invite(t.companyId);
    expect(full.status, full.text).toBe(409);
    expect(full.json).toMatchObject({ contracted: 2, used: 1, pending_invites: 1 });
    expect(full.json.detail).toContain("Contract more seats");
    expect(await db.select().from(teamInvites).where(eq(teamInvites.companyId, t.companyId))).toHaveLength(2);
  });

  it("concurrent invites for the last seat: one is made, the others 409", async () => {
    const t = await teamCompany();
    await setSeats(t.companyId, { contracted: 1 });
    const answers = await staggered(5, (n) => invite(t.companyId, `person${n}@example.com`));
    expect(statusCounts(answers)).toEqual({ 201: 1, 409: 4 });
    expect(await seats(t.key)).toMatchObject({ contracted: 1, pending_invites: 1, available: 0 });
  });

  it("a contract lowered below the active members refuses an accepted invite (409); raised again, it joins", async () => {
    const t = await teamCompany();
    await setSeats(t.companyId, { contracted: 2 });
    const a = (await invite(t.companyId)).json.id as string;
    const b = (await invite(t.companyId)).json.id as string;
    expect((await accept(t.companyId, a)).status).toBe(201);
    await setSeats(t.companyId, { contracted: 1 });
    const refused = await accept(t.companyId, b, "Leo Díaz");
    expect(refused.status, refused.text).toBe(409);
    expect(await seats(t.key)).toMatchObject({ contracted: 1, used: 1, available: 0 });
    await setSeats(t.companyId, { contracted: 2 });
    expect((await accept(t.companyId, b, "Leo Díaz")).status).toBe(201);
    expect(await seats(t.key)).toEqual({ contracted: 2, used: 2, pending_invites: 0, available: 0 });
  });
});

describe("POST /admin/v1/companies/{company_id}/team/roles", () => {
  const createRole = (companyId: string, body: unknown) =>
    operator(`/companies/${companyId}/team/roles`, { method: "POST", body });

  it("creates a role the company lists, that an invite names and its member counts", async () => {
    const t = await teamCompany();
    const other = await teamCompany();
    const made = await createRole(t.companyId, {
      name: "Sales agent",
      description: "Leads",
      permissions: ["contacts:read", "contacts:write"],
    });
    expect(made.status, made.text).toBe(201);
    expect(made.json).toMatchObject({
      name: "Sales agent",
      permissions: ["contacts:read", "contacts:write"],
      member_count: 0,
    });
    await setSeats(t.companyId, { contracted: 1 });
    const invited = await operator(`/companies/${t.companyId}/team/invites`, {
      method: "POST",
      body: { email: "ana@example.com", role_id: made.json.id },
    });
    expect(invited.status, invited.text).toBe(201);
    expect((await accept(t.companyId, invited.json.id)).status).toBe(201);
    const listed = (await call("/api/v1/team/roles", { key: t.key })).json.data;
    expect(listed).toEqual([{ ...made.json, member_count: 1 }]);
    expect((await call("/api/v1/team/roles", { key: other.key })).json.data).toEqual([]);
  });

  it("refuses an unknown permission or a bad body (400) and an unknown company (404)", async () => {
    const t = await teamCompany();
    for (const body of [
      { name: "X", permissions: ["root:everything"] },
      { name: "", permissions: [] },
      { name: "X", permissions: ["calls:read", "calls:read"] },
      { name: "X" },
    ]) {
      expect((await createRole(t.companyId, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await createRole("no-such-company", { name: "X", permissions: [] })).status).toBe(404);
    expect((await call("/api/v1/team/roles", { key: t.key })).json.data).toEqual([]);
  });
});
