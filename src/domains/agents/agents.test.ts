import { asc, eq } from "drizzle-orm";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../lib/random";
import { call, db, slug, tenant } from "../../../test/helpers";
import { webhookEvents } from "../webhooks/schema";
import { templates, voices } from "./catalogue";
import { agentUpdated } from "./events";
import { AgentYaml, GREETING_MAX, PROMPT_MAX } from "./model";
import { agentVersions } from "./schema";
import { createAgent } from "./panel";
import { seedAgentDomain } from "./seed";

const newAgent = (companyId: string, name = "Front desk", templateId: string | null = "receptionist-es") =>
  createAgent(db, { companyId, name, templateId: templateId ?? undefined });

const patch = (key: string, id: string, body: unknown) => call(`/api/v1/agents/${id}`, { key, method: "PATCH", body });

describe("the panel's agent create (admin CLI)", () => {
  it("makes an active agent from a template, with version 1 published from the template's agent.yaml", async () => {
    const t = await tenant();
    const created = await newAgent(t.companyId, "Recepción central");
    const template = templates.find((candidate) => candidate.id === "receptionist-es")!;
    expect(created.agent).toMatchObject({
      name: "Recepción central",
      language: "es-ES",
      voice: template.content.voice,
      greeting: template.content.greeting,
      status: "active",
      template_id: "receptionist-es",
      latest_version: 1,
      published_version: 1,
    });
    expect(created.version).toMatchObject({ number: 1, base_version: 0, status: "published", source: "template" });
    const [version] = await db.select().from(agentVersions).where(eq(agentVersions.agentId, created.agent.id));
    expect(AgentYaml.parse(parse(version!.yaml))).toMatchObject({
      base_version: 0,
      name: "Recepción central",
      prompt: template.content.prompt.trim(),
    });
  });

  it("without a template, makes a plain assistant in the company's language; refuses unknown templates and companies", async () => {
    const t = await tenant({ defaultRegion: "GB" });
    const created = await newAgent(t.companyId, "Helper", null);
    expect(created.agent).toMatchObject({ language: "en-GB", template_id: null, status: "active" });
    expect(voices.find((voice) => voice.id === created.agent.voice)?.locales).toContain("en-GB");
    await expect(newAgent(t.companyId, "X", "no-such-template")).rejects.toThrow(/No template no-such-template/);
    await expect(newAgent(crypto.randomUUID(), "X")).rejects.toThrow(/No company/);
  });
});

describe("GET /api/v1/agents and /agents/{agent_id}", () => {
  it("lists the company's agents newest first, pages, filters by status and language, and shows one agent", async () => {
    const t = await tenant();
    await seedAgentDomain(db, t.companyId, seededRandom(1), Date.now(), "full");
    const all = await call("/api/v1/agents", { key: t.key });
    expect(all.status).toBe(200);
    expect(all.json.data.map((agent: { name: string }) => agent.name)).toEqual([
      "Reactivación de clientes",
      "Reception (English)",
      "Citas de obra",
      "Recepción",
    ]);
    const createdAt = all.json.data.map((agent: { created_at: string }) => agent.created_at);
    expect([...createdAt].sort().reverse()).toEqual(createdAt);
    expect(all.json.data[3]).toMatchObject({ status: "active", latest_version: 4, published_version: 3 });
    expect(all.json.data[0]).toMatchObject({ status: "draft", latest_version: 2, published_version: null });

    const page = await call("/api/v1/agents?limit=2&offset=1", { key: t.key });
    expect(page.json).toMatchObject({ limit: 2, offset: 1 });
    expect(page.json.data.map((agent: { id: string }) => agent.id)).toEqual(
      all.json.data.slice(1, 3).map((agent: { id: string }) => agent.id),
    );

    const paused = await call("/api/v1/agents?status=paused", { key: t.key });
    expect(paused.json.data.map((agent: { name: string }) => agent.name)).toEqual(["Reception (English)"]);
    const english = await call("/api/v1/agents?language=EN-gb", { key: t.key });
    expect(english.json.data.map((agent: { language: string }) => agent.language)).toEqual(["en-GB"]);

    const one = await call(`/api/v1/agents/${all.json.data[3].id}`, { key: t.key });
    expect(one.status).toBe(200);
    expect(one.json).toEqual(all.json.data[3]);
  });

  it("refuses an unknown status and a malformed language with 400 naming the parameter", async () => {
    const t = await tenant();
    const status = await call("/api/v1/agents?status=deleted", { key: t.key });
    expect([status.status, slug(status.json), status.json.errors[0].path]).toEqual([
      400,
      "validation_error",
      "query.status",
    ]);
    const language = await call("/api/v1/agents?language=not_a_language!", { key: t.key });
    expect([language.status, language.json.errors[0].path]).toEqual([400, "query.language"]);
  });

  it("answers 404 for an unknown id and for a string that is not an id (the view declares no 400)", async () => {
    const t = await tenant();
    expect((await call(`/api/v1/agents/${crypto.randomUUID()}`, { key: t.key })).status).toBe(404);
    const malformed = await call("/api/v1/agents/not-an-id", { key: t.key });
    expect([malformed.status, slug(malformed.json)]).toEqual([404, "not_found"]);
  });
});

describe("PATCH /api/v1/agents/{agent_id}", () => {
  it("changes only the fields sent, bumps updated_at, and emits agent.updated with the agent after the change", async () => {
    const t = await tenant();
    const { agent } = await newAgent(t.companyId);
    const greeting = await patch(t.key, agent.id, { greeting: "  Buenos días, ¿en qué le ayudo?  " });
    expect(greeting.status).toBe(200);
    expect(greeting.json).toEqual({
      ...agent,
      greeting: "Buenos días, ¿en qué le ayudo?",
      updated_at: greeting.json.updated_at,
    });
    expect(greeting.json.updated_at >= agent.updated_at).toBe(true);

    const both = await patch(t.key, agent.id, { prompt: "Sé breve.", voice: "es-ES-alvaro" });
    expect(both.json).toMatchObject({
      greeting: "Buenos días, ¿en qué le ayudo?",
      prompt: "Sé breve.",
      voice: "es-ES-alvaro",
      latest_version: 1,
    });
    expect((await call(`/api/v1/agents/${agent.id}`, { key: t.key })).json).toEqual(both.json);

    const events = await db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.companyId, t.companyId))
      .orderBy(asc(webhookEvents.createdAt));
    expect(events.map((event) => agentUpdated.schema.parse(JSON.parse(event.data)))).toEqual([
      { agent: greeting.json, changed_fields: ["greeting"] },
      { agent: both.json, changed_fields: ["prompt", "voice"] },
    ]);
  });

  it("accepts a multilingual voice, and a voice of the same language in another region", async () => {
    const t = await tenant();
    const { agent } = await newAgent(t.companyId);
    expect((await patch(t.key, agent.id, { voice: "multi-leo" })).json.voice).toBe("multi-leo");
    expect((await patch(t.key, agent.id, { voice: "es-MX-camila" })).json.voice).toBe("es-MX-camila");
  });

  it("refuses an unknown voice, a voice that does not speak the language, and limits, naming the field; nothing changes", async () => {
    const t = await tenant();
    const { agent } = await newAgent(t.companyId);
    const cases: [unknown, string][] = [
      [{ voice: "es-ES-nobody" }, "body.voice"],
      [{ voice: "en-GB-olivia" }, "body.voice"],
      [{ greeting: "x".repeat(GREETING_MAX + 1) }, "body.greeting"],
      [{ prompt: "x".repeat(PROMPT_MAX + 1) }, "body.prompt"],
      [{ greeting: "   " }, "body.greeting"],
      [{ greeting: null }, "body.greeting"],
      [{ name: "Renamed" }, "body.name"],
      [{}, "body"],
    ];
    for (const [body, path] of cases) {
      const response = await patch(t.key, agent.id, body);
      expect([response.status, slug(response.json), response.json.errors?.[0]?.path], JSON.stringify(body)).toEqual([
        400,
        "validation_error",
        path,
      ]);
    }
    expect((await patch(t.key, agent.id, { voice: "es-ES-nobody" })).json.errors[0].message).toMatch(
      /Unknown voice.*es-ES-elena/,
    );
    expect((await patch(t.key, agent.id, { voice: "en-GB-olivia" })).json.detail).toMatch(/does not speak .*es-ES/);
    expect((await call(`/api/v1/agents/${agent.id}`, { key: t.key })).json).toEqual(agent);
    expect(await db.select().from(webhookEvents).where(eq(webhookEvents.companyId, t.companyId))).toEqual([]);
  });

  it("answers 404 for an unknown agent", async () => {
    const t = await tenant();
    const response = await patch(t.key, crypto.randomUUID(), { greeting: "Hola" });
    expect([response.status, slug(response.json)]).toEqual([404, "not_found"]);
  });
});

describe("GET /api/v1/agents/templates", () => {
  it("lists the platform's templates, the same for every company, each with an agent.yaml that validates", async () => {
    const first = await tenant();
    const second = await tenant({ plan: "PAYG", defaultRegion: "GB" });
    const mine = await call("/api/v1/agents/templates", { key: first.key });
    const theirs = await call("/api/v1/agents/templates", { key: second.key });
    expect(mine.status).toBe(200);
    expect(theirs.json).toEqual(mine.json);
    expect(mine.json).toMatchObject({ limit: 50, offset: 0 });
    expect(mine.json.data.map((template: { id: string }) => template.id)).toEqual(
      templates.map((template) => template.id),
    );
    for (const template of mine.json.data) {
      const file = AgentYaml.parse(parse(template.yaml));
      expect(file).toMatchObject({ base_version: 0, language: template.language, voice: template.voice });
    }
    const paged = await call("/api/v1/agents/templates?limit=2&offset=1", { key: first.key });
    expect(paged.json.data).toEqual(mine.json.data.slice(1, 3));
  });

  it("is not shadowed by /agents/{agent_id}", async () => {
    const t = await tenant();
    const response = await call("/api/v1/agents/templates/", { key: t.key });
    expect([response.status, Array.isArray(response.json.data)]).toEqual([200, true]);
  });
});
