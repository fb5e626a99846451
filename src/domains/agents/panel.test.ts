import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, operator, tenant } from "../../../test/helpers";
import { operatorAuditLog } from "../../data/schema";
import { agents, agentVersions } from "./schema";

const create = (companyId: string, body: unknown) =>
  operator(`/companies/${companyId}/agents`, { method: "POST", body });
const remove = (companyId: string, agentId: string) =>
  operator(`/companies/${companyId}/agents/${agentId}`, { method: "DELETE" });

describe("POST /admin/v1/companies/{company_id}/agents", () => {
  it("creates an active agent from a template, its first version published, seen by that company only", async () => {
    const t = await tenant();
    const other = await tenant();
    const created = await create(t.companyId, { name: "Front desk", template_id: "receptionist-es" });
    expect(created.status, created.text).toBe(201);
    expect(created.json.agent).toMatchObject({
      name: "Front desk",
      status: "active",
      template_id: "receptionist-es",
      latest_version: 1,
      published_version: 1,
    });
    expect(created.json.version).toMatchObject({
      agent_id: created.json.agent.id,
      number: 1,
      status: "published",
      source: "template",
    });
    const read = await call(`/api/v1/agents/${created.json.agent.id}`, { key: t.key });
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ id: created.json.agent.id, status: "active" });
    expect((await call(`/api/v1/agents/${created.json.agent.id}`, { key: other.key })).status).toBe(404);
    const audit = await db
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.companyId, t.companyId), eq(operatorAuditLog.operation, "createAgent")));
    expect(audit).toMatchObject([{ resourceType: "agent", resourceId: created.json.agent.id }]);
  });

  it("without a template makes a plain assistant; refuses an unknown template or company (404) and a bad body (400)", async () => {
    const t = await tenant({ defaultRegion: "GB" });
    const plain = await create(t.companyId, { name: "Helper" });
    expect(plain.status).toBe(201);
    expect(plain.json.agent).toMatchObject({ name: "Helper", template_id: null, language: "en-GB", status: "active" });
    expect((await create(t.companyId, { name: "X", template_id: "no-such-template" })).status).toBe(404);
    expect((await create("no-such-company", { name: "X" })).status).toBe(404);
    expect((await create(t.companyId, { name: "" })).status).toBe(400);
    expect((await create(t.companyId, { name: "X", voice: "v" })).status).toBe(400);
    expect(await db.select().from(agents).where(eq(agents.companyId, t.companyId))).toHaveLength(1);
  });
});

describe("DELETE /admin/v1/companies/{company_id}/agents/{agent_id}", () => {
  it("deletes the agent and its versions; another company's agent is 404 and stays", async () => {
    const t = await tenant();
    const other = await tenant();
    const mine = (await create(t.companyId, { name: "Mine" })).json.agent.id as string;
    const theirs = (await create(other.companyId, { name: "Theirs" })).json.agent.id as string;
    expect((await remove(t.companyId, theirs)).status).toBe(404);
    expect(await db.select().from(agents).where(eq(agents.id, theirs))).toHaveLength(1);

    const deleted = await remove(t.companyId, mine);
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ agent_id: mine, deleted: true });
    expect(await db.select().from(agents).where(eq(agents.id, mine))).toEqual([]);
    expect(await db.select().from(agentVersions).where(eq(agentVersions.agentId, mine))).toEqual([]);
    expect((await call(`/api/v1/agents/${mine}`, { key: t.key })).status).toBe(404);
    expect((await remove(t.companyId, mine)).status).toBe(404);
  });
});
