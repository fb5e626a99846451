import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, slug, tenant } from "../../../test/helpers";
import { agentYaml, multipart, newAgent, submit } from "../../../test/fixtures/agents";
import { agentVersionCreated } from "./events";
import { AGENT_YAML_MAX_BYTES } from "./model";
import { agentVersions } from "./schema";
import { eventRowsOf } from "../../../test/events";

const versionsOf = (agentId: string) => db.select().from(agentVersions).where(eq(agentVersions.agentId, agentId));

/** The 400's errors as [path, line, column], for position checks. */
const where = (json: { errors: { path: string; line?: number; column?: number }[] }) =>
  json.errors.map((e) => [e.path, e.line, e.column]);

describe("POST /api/v1/agents/{agent_id}/versions: storing a draft", () => {
  it("stores an application/yaml body as a draft numbered one past the latest, and lists versions newest first", async () => {
    const t = await tenant();
    const { agent } = await newAgent(t.companyId);
    const yaml = `# edited in my editor\n${agentYaml(1)}`;
    const created = await submit(t.key, agent.id, yaml);
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      agent_id: agent.id,
      number: 2,
      base_version: 1,
      status: "draft",
      source: "api",
      yaml,
    });

    const after = await call(`/api/v1/agents/${agent.id}`, { key: t.key });
    expect(after.json).toMatchObject({
      latest_version: 2,
      published_version: 1,
      greeting: agent.greeting,
      status: "active",
    });

    const third = await submit(t.key, agent.id, agentYaml(2), "text/yaml; charset=utf-8");
    expect(third.json).toMatchObject({ number: 3, base_version: 2 });
    const list = await call(`/api/v1/agents/${agent.id}/versions`, { key: t.key });
    expect(list.status).toBe(200);
    expect(list.json.data.map((v: { number: number }) => v.number)).toEqual([3, 2, 1]);
    expect(list.json.data[1]).toEqual(created.json);
    expect(list.json.data[2]).toMatchObject({ status: "published", source: "template", base_version: 0 });
    const page = await call(`/api/v1/agents/${agent.id}/versions?limit=1&offset=1`, { key: t.key });
    expect(page.json.data.map((v: { number: number }) => v.number)).toEqual([2]);

    const events = (await eventRowsOf(t.companyId)).map((event) =>
      agentVersionCreated.schema.parse(JSON.parse(event.data)),
    );
    const { yaml: _yaml, ...summary } = created.json;
    expect(events).toContainEqual({ agent_id: agent.id, version: summary });
    expect(events).toHaveLength(2);
  });

  it("takes the file from the file part of multipart/form-data (a file or a plain field)", async () => {
    const t = await tenant();
    const { agent } = await newAgent(t.companyId);
    const asFile = await multipart({
      note: "from the browser",
      file: new File([agentYaml(1)], "agent.yaml", { type: "application/yaml" }),
    });
    const first = await submit(t.key, agent.id, asFile.body, asFile.contentType);
    expect([first.status, first.json.number, first.json.yaml]).toEqual([201, 2, agentYaml(1)]);
    const asField = await multipart({ file: agentYaml(2) });
    const second = await submit(t.key, agent.id, asField.body, asField.contentType);
    expect([second.status, second.json.number]).toEqual([201, 3]);
  });

  it("accepts the agent.yaml as JSON { yaml }, the form generated clients send", async () => {
    const t = await tenant();
    const { agent } = await newAgent(t.companyId);
    const response = await submit(t.key, agent.id, JSON.stringify({ yaml: agentYaml(1) }), "application/json");
    expect([response.status, response.json.number]).toEqual([201, 2]);
  });

  it("refuses other media types, a multipart body without a file part, and charsets other than UTF-8", async () => {
    const t = await tenant();
    const { agent } = await newAgent(t.companyId);
    const noFile = await multipart({ document: agentYaml(1) });
    const image = await multipart({ file: new File([agentYaml(1)], "agent.yaml", { type: "image/png" }) });
    const cases: [string, string, string][] = [
      [JSON.stringify({ yaml: agentYaml(1), notes: "x" }), "application/json", "body.notes"],
      [agentYaml(1), "text/plain", "body"],
      [agentYaml(1), "", "body"],
      [agentYaml(1), "application/yaml; charset=latin1", "body"],
      [noFile.body, noFile.contentType, "body.file"],
      [image.body, image.contentType, "body.file"],
      [agentYaml(1), "application/x-yaml", "body"],
      [JSON.stringify({ yaml: agentYaml(1) }), "application/problem+json", "body"],
      ["--x\r\nbroken", "multipart/form-data; boundary=y", "body"],
    ];
    for (const [body, type, path] of cases) {
      const response = await submit(t.key, agent.id, body, type);
      expect([response.status, slug(response.json), response.json.errors[0].path], type).toEqual([
        400,
        "validation_error",
        path,
      ]);
    }
    expect(await versionsOf(agent.id)).toHaveLength(1);
  });

  it("answers 404 for an unknown agent, before looking at the body", async () => {
    const t = await tenant();
    expect((await submit(t.key, crypto.randomUUID(), agentYaml(1))).status).toBe(404);
    expect((await submit(t.key, crypto.randomUUID(), "not: [yaml", "text/plain")).status).toBe(404);
    expect((await call(`/api/v1/agents/${crypto.randomUUID()}/versions`, { key: t.key })).status).toBe(404);
  });

  it("replays an Idempotency-Key retry without storing a second version", async () => {
    const t = await tenant();
    const { agent } = await newAgent(t.companyId);
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    const first = await submit(t.key, agent.id, agentYaml(1), "application/yaml", headers);
    const again = await submit(t.key, agent.id, agentYaml(1), "application/yaml", headers);
    expect([first.status, again.status, again.headers.get("Idempotent-Replayed")]).toEqual([201, 201, "true"]);
    expect(again.json).toEqual(first.json);
    expect(await versionsOf(agent.id)).toHaveLength(2);
  });
});

describe("POST /api/v1/agents/{agent_id}/versions: errors in the file", () => {
  it("answers a YAML syntax error with its line and column", async () => {
    const t = await tenant();
    const { agent } = await newAgent(t.companyId);
    const cases: [string, number, number][] = [
      ["base_version: 1\nname: x\ngreeting: a\ngreeting: b\n", 4, 1], // duplicate key
      ["base_version: 1\nend_call_phrases:\n\t- adiós\n", 3, 1], // tab as indentation
      ["base_version: 1\nname: x\n  language: es-ES\n", 2, 7], // bad indentation
      ["base_version: 1\nend_call_phrases: [a, b\nname: x\n", 3, 1], // unclosed flow sequence
      ["base_version: 1\n---\nname: x\n", 2, 1], // two documents
    ];
    for (const [yaml, line, column] of cases) {
      const response = await submit(t.key, agent.id, yaml);
      expect([response.status, slug(response.json)], yaml).toEqual([400, "validation_error"]);
      expect(where(response.json)[0], yaml).toEqual(["body", line, column]);
      expect(response.json.detail).toContain(`line ${line}, column ${column}`);
    }
    expect(await versionsOf(agent.id)).toHaveLength(1);
    expect(await eventRowsOf(t.companyId)).toEqual([]);
  });

  it("answers schema errors with each field's path, line and column", async () => {
    const t = await tenant();
    const { agent } = await newAgent(t.companyId);
    const yaml = agentYaml(1, {
      greeting: '""',
      end_call_phrases: "\n  - adiós\n  - ''",
      max_call_seconds: "5",
      extra: "true",
    });
    const response = await submit(t.key, agent.id, yaml);
    expect([response.status, slug(response.json)]).toEqual([400, "validation_error"]);
    expect(where(response.json).sort()).toEqual(
      [
        ["body.greeting", 5, 11],
        ["body.end_call_phrases.1", 11, 5],
        ["body.max_call_seconds", 12, 19],
        ["body.extra", 13, 1],
      ].sort(),
    );
    expect(response.json.errors.find((e: { path: string }) => e.path === "body.extra").message).toMatch(
      /Unknown key "extra"/,
    );
  });

  it("names missing fields and wrong types, placing them at the enclosing mapping", async () => {
    const t = await tenant();
    const { agent } = await newAgent(t.companyId);
    const missing = await submit(t.key, agent.id, "base_version: '1'\nname: Recepción\n");
    expect(where(missing.json)).toEqual([
      ["body.base_version", 1, 15],
      ["body.language", 1, 1],
      ["body.voice", 1, 1],
      ["body.greeting", 1, 1],
      ["body.prompt", 1, 1],
    ]);
    const list = await submit(t.key, agent.id, "- base_version: 1\n");
    expect(where(list.json)).toEqual([["body", 1, 1]]);
    const scalar = await submit(t.key, agent.id, "just text\n");
    expect(where(scalar.json)).toEqual([["body", 1, 1]]);
  });

  it("refuses an unknown voice, a voice that does not speak the language, and an invalid language tag", async () => {
    const t = await tenant();
    const { agent } = await newAgent(t.companyId);
    const unknown = await submit(t.key, agent.id, agentYaml(1, { voice: "es-ES-nobody" }));
    expect(where(unknown.json)).toEqual([["body.voice", 4, 8]]);
    expect(unknown.json.errors[0].message).toMatch(/Unknown voice/);
    const mismatch = await submit(t.key, agent.id, agentYaml(1, { voice: "de-DE-katja" }));
    expect(where(mismatch.json)).toEqual([["body.voice", 4, 8]]);
    expect(mismatch.json.errors[0].message).toMatch(/does not speak es-ES/);
    const language = await submit(t.key, agent.id, agentYaml(1, { language: "español!" }));
    expect(where(language.json)).toEqual([["body.language", 3, 11]]);
    const canonical = await submit(t.key, agent.id, agentYaml(1, { language: "es-mx", voice: "es-MX-camila" }));
    expect(canonical.status).toBe(201);
  });

  it("refuses an empty file, a file over the size limit, an unknown __proto__ key and an alias bomb", async () => {
    const t = await tenant();
    const { agent } = await newAgent(t.companyId);
    expect(where((await submit(t.key, agent.id, "  \n")).json)).toEqual([["body", undefined, undefined]]);
    const large = agentYaml(1, { notes: `"${"x".repeat(AGENT_YAML_MAX_BYTES)}"` });
    const tooLarge = await submit(t.key, agent.id, large);
    expect([tooLarge.status, tooLarge.json.detail]).toEqual([400, expect.stringMatching(/at most 65536/)]);
    const proto = await submit(t.key, agent.id, agentYaml(1, { ["__proto__"]: "{ polluted: true }" }));
    expect(where(proto.json)).toEqual([["body.__proto__", 9, 1]]);
    // Each level is ten aliases of the one before: 10^9 strings once expanded.
    const levels = "abcdefghij".split("");
    const bomb = levels
      .map((name, i) =>
        i === 0
          ? `a: &a [x, x, x, x, x, x, x, x, x, x]`
          : `${name}: &${name} [${Array(10)
              .fill(`*${levels[i - 1]}`)
              .join(", ")}]`,
      )
      .join("\n");
    const exploded = await submit(t.key, agent.id, bomb);
    expect([exploded.status, slug(exploded.json)]).toEqual([400, "validation_error"]);
    expect(exploded.json.detail).toMatch(/could not be read: .*alias/i);
    expect(await versionsOf(agent.id)).toHaveLength(1);
  });
});

describe("POST /api/v1/agents/{agent_id}/versions: nesting", () => {
  it("refuses a file nested deeper than 16 levels with a 400 that says so and where, however deep (never a stack overflow)", async () => {
    const t = await tenant();
    const { agent } = await newAgent(t.companyId);
    const flow = (depth: number) => `${"[".repeat(depth)}x${"]".repeat(depth)}`;
    const block = (depth: number) =>
      `\n${Array.from({ length: depth }, (_, level) => `${"  ".repeat(level + 1)}k${level}:`).join("\n")} x`;
    // 17 levels: the file's map, then 16 lists; 5,000 levels runs the YAML parser out of stack; 100 levels of indented maps.
    // Where the first too deep collection starts: the 16th "[" (line 9, after "end_call_phrases: "), the
    // parser's own position when it ran out, the map under k15 (line 25, indented 32).
    for (const [deep, at] of [
      [flow(16), [9, 34]],
      [flow(5_000), [9, expect.any(Number)]],
      [block(100), [25, 33]],
    ] as const) {
      const refused = await submit(t.key, agent.id, agentYaml(1, { end_call_phrases: deep }));
      expect([refused.status, slug(refused.json)]).toEqual([400, "validation_error"]);
      expect(refused.json.detail).toMatch(/^agent\.yaml nests maps and lists more than 16 levels deep/);
      expect(refused.text).not.toMatch(/call stack/i);
      expect(where(refused.json)).toEqual([["body", ...at]]);
    }
    // The JSON form is read the same way.
    const json = await call(`/api/v1/agents/${agent.id}/versions`, {
      key: t.key,
      body: { yaml: agentYaml(1, { end_call_phrases: flow(5_000) }) },
    });
    expect([json.status, json.json.detail]).toEqual([400, expect.stringMatching(/more than 16 levels deep/)]);
    // 16 levels is read, and its schema decides: a list of phrases is not a list of lists.
    const allowed = await submit(t.key, agent.id, agentYaml(1, { end_call_phrases: flow(15) }));
    expect(allowed.status).toBe(400);
    expect(allowed.json.errors[0].path).toMatch(/^body\.end_call_phrases\.0/);
    expect(await versionsOf(agent.id)).toHaveLength(1);
  });
});

describe("POST /api/v1/agents/{agent_id}/versions: base_version", () => {
  it("answers 409 version_conflict naming the latest when base_version is not the latest", async () => {
    const t = await tenant();
    const { agent } = await newAgent(t.companyId);
    for (const base of [0, 7]) {
      const response = await submit(t.key, agent.id, agentYaml(base));
      expect([response.status, slug(response.json), response.json.latest_version, response.json.base_version]).toEqual([
        409,
        "version_conflict",
        1,
        base,
      ]);
    }
    expect((await submit(t.key, agent.id, agentYaml(1))).status).toBe(201);
    const stale = await submit(t.key, agent.id, agentYaml(1));
    expect([stale.status, stale.json.latest_version]).toEqual([409, 2]);
    expect(stale.json.detail).toMatch(/latest version is 2/);
    expect((await versionsOf(agent.id)).map((v) => v.number).sort()).toEqual([1, 2]);
  });
});
