import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { concurrently, statusCounts } from "../../../test/concurrency";
import { call, db, operator, slug, tenant } from "../../../test/helpers";
import { agentYaml, submit } from "../../../test/fixtures/agents";
import { send } from "../../../test/fixtures/billing";
import { dialCompany, uniqueMobile } from "../../../test/fixtures/dialer";
import { webhookEvents } from "../webhooks/schema";
import { agentVersions } from "./schema";

/** The operator publishes an agent's draft version: the agent takes its content and can be dialled. */

const create = (companyId: string, body: unknown) =>
  operator(`/companies/${companyId}/agents`, { method: "POST", body });
const publish = (companyId: string, agentId: string, number: number | string) =>
  operator(`/companies/${companyId}/agents/${agentId}/versions/${number}/publish`, { method: "POST" });
const versions = async (key: string, agentId: string) =>
  ((await call(`/api/v1/agents/${agentId}/versions`, { key })).json.data as { number: number; status: string }[]).map(
    (version) => [version.number, version.status],
  );

describe("POST /admin/v1/companies/{company_id}/agents/{agent_id}/versions/{number}/publish", () => {
  it("a draft agent cannot be dialled; its submitted version published, it is active, shows it, and is dialled", async () => {
    const t = await dialCompany({ balanceMinor: 10_000 });
    const draft = await create(t.companyId, { name: "Reactivación", template_id: "appointments-es", draft: true });
    expect(draft.status, draft.text).toBe(201);
    expect(draft.json.agent).toMatchObject({ status: "draft", published_version: null, latest_version: 1 });
    const agentId = draft.json.agent.id as string;
    const before = await send("POST", "/api/v1/calls/dial", t.key, { to: uniqueMobile(), agent_id: agentId });
    expect(before.status, before.text).toBe(409);

    const submitted = await submit(t.key, agentId, agentYaml(1, { greeting: "Hola, le llamamos de Reformas Demo." }));
    expect(submitted.status, submitted.text).toBe(201);
    const published = await publish(t.companyId, agentId, 2);
    expect(published.status, published.text).toBe(200);
    expect(published.json.agent).toMatchObject({
      id: agentId,
      status: "active",
      published_version: 2,
      latest_version: 2,
      name: "Recepción",
      greeting: "Hola, le llamamos de Reformas Demo.",
    });
    expect(published.json.version).toMatchObject({ number: 2, status: "published", source: "api" });
    const read = await call(`/api/v1/agents/${agentId}`, { key: t.key });
    expect(read.json).toMatchObject({
      status: "active",
      published_version: 2,
      greeting: "Hola, le llamamos de Reformas Demo.",
    });
    expect(await versions(t.key, agentId)).toEqual([
      [2, "published"],
      [1, "draft"],
    ]);
    const events = await db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.companyId, t.companyId), eq(webhookEvents.type, "agent.updated")));
    expect(events).toHaveLength(1);

    const after = await send("POST", "/api/v1/calls/dial", t.key, { to: uniqueMobile(), agent_id: agentId });
    expect(after.status, after.text).toBe(201);
  });

  it("supersedes the version published before; a version not a draft, or older than the published one, is 409", async () => {
    const t = await tenant();
    const agentId = (await create(t.companyId, { name: "Front desk", template_id: "receptionist-es" })).json.agent
      .id as string;
    expect((await submit(t.key, agentId, agentYaml(1))).status).toBe(201);
    expect((await submit(t.key, agentId, agentYaml(2, { greeting: "Buenos días." }))).status).toBe(201);
    expect((await publish(t.companyId, agentId, 3)).status).toBe(200);
    expect(await versions(t.key, agentId)).toEqual([
      [3, "published"],
      [2, "draft"],
      [1, "superseded"],
    ]);
    const older = await publish(t.companyId, agentId, 2);
    expect(older.status, older.text).toBe(409);
    expect(older.json.detail).toContain("older than version 3");
    const again = await publish(t.companyId, agentId, 3);
    expect(again.status).toBe(409);
    expect(slug(again.json)).toBe("conflict");
    expect((await publish(t.companyId, agentId, 1)).status).toBe(409);
    expect((await call(`/api/v1/agents/${agentId}`, { key: t.key })).json).toMatchObject({
      published_version: 3,
      greeting: "Buenos días.",
    });
  });

  it("concurrent publications of two drafts answer 200 or 409 and leave exactly one version published", async () => {
    const t = await tenant();
    const agentId = (await create(t.companyId, { name: "Desk", draft: true })).json.agent.id as string;
    expect((await submit(t.key, agentId, agentYaml(1))).status).toBe(201);
    const outcomes = await concurrently(4, (n) => publish(t.companyId, agentId, (n % 2) + 1));
    expect(outcomes.filter((o) => o.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(Object.keys(statusCounts(outcomes)).every((status) => status === "200" || status === "409")).toBe(true);
    const rows = await db
      .select()
      .from(agentVersions)
      .where(and(eq(agentVersions.agentId, agentId), eq(agentVersions.status, "published")));
    expect(rows).toHaveLength(1);
  });

  it("another company's agent or an unknown version is 404; a bad number is 400; nothing changes", async () => {
    const t = await tenant();
    const other = await tenant();
    const mine = (await create(t.companyId, { name: "Mine", draft: true })).json.agent.id as string;
    const theirs = (await create(other.companyId, { name: "Theirs", draft: true })).json.agent.id as string;
    expect((await publish(t.companyId, theirs, 1)).status).toBe(404);
    expect((await publish(t.companyId, mine, 9)).status).toBe(404);
    for (const number of ["0", "x", "1.5"]) expect((await publish(t.companyId, mine, number)).status).toBe(400);
    expect((await call(`/api/v1/agents/${theirs}`, { key: other.key })).json.status).toBe("draft");
    expect((await call(`/api/v1/agents/${mine}`, { key: t.key })).json.status).toBe("draft");
    expect((await call(`/api/v1/agents/${mine}`, { key: other.key })).status).toBe(404);
  });
});
