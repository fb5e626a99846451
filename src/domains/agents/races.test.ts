import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { concurrently, raceRounds, staggered, statusCounts } from "../../../test/concurrency";
import { call, db, slug, tenant } from "../../../test/helpers";
import { agentYaml, newAgent, submit } from "../../../test/fixtures/agents";
import { isUniqueViolation } from "../../data/bulk";
import { insertVersion } from "./queries";
import { agents, agentVersions } from "./schema";
import { eventRowsOf } from "../../../test/events";

const prepare = async () => {
  const t = await tenant();
  const { agent } = await newAgent(t.companyId);
  return { ...t, agentId: agent.id };
};

describe("agent versions under concurrency", () => {
  it("of concurrent submissions from the same base, exactly one is stored (201) and the others answer 409 naming it", async () => {
    await raceRounds(
      10,
      prepare,
      (state) => concurrently(5, (i) => submit(state.key, state.agentId, agentYaml(1, { name: `Edit ${i}` }))),
      async (outcomes, state) => {
        expect(statusCounts(outcomes)).toEqual({ 201: 1, 409: 4 });
        const winner = outcomes.find((outcome) => outcome.status === 201)!;
        expect(winner.json).toMatchObject({ number: 2, base_version: 1 });
        for (const loser of outcomes.filter((outcome) => outcome.status === 409)) {
          expect([slug(loser.json), loser.json.latest_version]).toEqual(["version_conflict", 2]);
        }
        const stored = await db.select().from(agentVersions).where(eq(agentVersions.agentId, state.agentId));
        expect(stored.map((version) => version.number).sort()).toEqual([1, 2]);
        expect(stored.find((version) => version.number === 2)!.id).toBe(winner.json.id);
        const agent = await db.select().from(agents).where(eq(agents.id, state.agentId)).get();
        expect(agent!.latestVersion).toBe(2);
        expect(await eventRowsOf(state.companyId, "agent.version_created")).toHaveLength(1);
      },
    );
  });

  it("does not depend on timing: the unique index (agent_id, number) refuses a number already taken, and the batch leaves the agent as it was", async () => {
    const state = await prepare();
    const before = await db.select().from(agents).where(eq(agents.id, state.agentId)).get();
    const taken = {
      id: crypto.randomUUID(),
      companyId: state.companyId,
      agentId: state.agentId,
      number: 1,
      baseVersion: 0,
      status: "draft" as const,
      source: "api" as const,
      yaml: agentYaml(0),
      createdAt: "2099-01-01T00:00:00.000Z",
    };
    const [insert, ...rest] = insertVersion(db, taken);
    const failure = await db.batch([insert!, ...rest]).catch((error: unknown) => error);
    expect(isUniqueViolation(failure)).toBe(true);
    expect(await db.select().from(agents).where(eq(agents.id, state.agentId)).get()).toEqual(before);
    expect(await db.select().from(agentVersions).where(eq(agentVersions.agentId, state.agentId))).toHaveLength(1);
  });

  it("submissions that each start from the latest they read form a gap-free chain", async () => {
    const state = await prepare();
    const results = await staggered(6, async () => {
      for (let attempt = 0; ; attempt++) {
        const latest = (await call(`/api/v1/agents/${state.agentId}`, { key: state.key })).json
          .latest_version as number;
        const response = await submit(state.key, state.agentId, agentYaml(latest));
        if (response.status !== 409 || attempt > 20) return response;
      }
    });
    expect(statusCounts(results)).toEqual({ 201: 6 });
    expect(results.map((result) => result.json.number).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7]);
    for (const result of results) expect(result.json.base_version).toBe(result.json.number - 1);
  });
});

describe("PATCH /agents/{agent_id} under concurrency", () => {
  it("concurrent changes of different fields are all kept (compare-and-set, merged again on conflict)", async () => {
    await raceRounds(
      6,
      prepare,
      (state) =>
        staggered(3, (i) => {
          const body = [{ greeting: "Saludo nuevo" }, { prompt: "Instrucciones nuevas" }, { voice: "es-ES-alvaro" }][i];
          return call(`/api/v1/agents/${state.agentId}`, { key: state.key, method: "PATCH", body });
        }),
      async (outcomes, state) => {
        expect(statusCounts(outcomes)).toEqual({ 200: 3 });
        const agent = (await call(`/api/v1/agents/${state.agentId}`, { key: state.key })).json;
        expect(agent).toMatchObject({
          greeting: "Saludo nuevo",
          prompt: "Instrucciones nuevas",
          voice: "es-ES-alvaro",
        });
        expect(await eventRowsOf(state.companyId, "agent.updated")).toHaveLength(3);
      },
    );
  });

  it("a PATCH racing a version submission keeps both: the content change and the new latest_version", async () => {
    await raceRounds(
      6,
      prepare,
      (state) =>
        concurrently(2, (i) =>
          i === 0
            ? call(`/api/v1/agents/${state.agentId}`, {
                key: state.key,
                method: "PATCH",
                body: { greeting: "Otro saludo" },
              })
            : submit(state.key, state.agentId, agentYaml(1)),
        ),
      async (outcomes, state) => {
        expect(outcomes.map((outcome) => outcome.status)).toEqual([200, 201]);
        const agent = (await call(`/api/v1/agents/${state.agentId}`, { key: state.key })).json;
        expect(agent).toMatchObject({ greeting: "Otro saludo", latest_version: 2 });
      },
    );
  });
});
