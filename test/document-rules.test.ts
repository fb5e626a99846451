import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { configOf } from "../src/config";
import { openApiDocument } from "../src/core/registry";
import { domains } from "../src/domains";
import { catalogEntries } from "../src/domains/webhooks/model";
import { schemaErrors } from "../src/lib/json-schema";
import { allOperations, call, tenant } from "./helpers";

/**
 * The rules the API used to state only in prose, now said in JSON Schema by the same Zod
 * declaration that enforces them: for each, the document refuses a value (checked with the
 * project's JSON Schema walker over the document itself) and the server refuses it with a 400 that
 * names the rule, and a value the document accepts is not refused for that rule.
 */

type Json = Record<string, any>;
const document = openApiDocument(createApp(domains), configOf(env)) as unknown as Json;
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** The request body schema of an operation, as a schema that resolves its references in the document. */
function bodySchema(method: string, path: string): Json {
  const media = document.paths[path]?.[method]?.requestBody?.content?.["application/json"];
  if (!media) throw new Error(`${method} ${path} has no JSON body`);
  return { ...media.schema, components: document.components };
}
const component = (name: string) => document.components.schemas[name] as Json;
const documentRefuses = (schema: Json, value: unknown) => schemaErrors(schema, value).length > 0;

let key: string;
beforeAll(async () => {
  const capabilities = [...new Set(allOperations.map((op) => op.capability))];
  ({ key } = await tenant({ plan: "Business", capabilities, spendEnabled: true }));
});

const sample = (path: string) => path.replace(/\{[^}]+\}/g, "0b7c6a52-3f7e-4a8e-9f0e-2d9c1c0f4b11");
const messagesOf = (json: Json | undefined) =>
  ((json?.errors ?? []) as { path: string; message: string }[]).map((error) => `${error.path}: ${error.message}`);

describe("a body with nothing to change", () => {
  const ruled = Object.entries(document.paths as Json).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const media = item[method]?.requestBody?.content?.["application/json"];
      if (!media) return [];
      const schema = { ...media.schema, components: document.components };
      // Only the bodies whose one rule against {} is "at least one of" (no member required).
      const target = media.schema.$ref ? component(media.schema.$ref.split("/").at(-1)) : media.schema;
      const says = target.minProperties !== undefined || target.allOf !== undefined || target.oneOf !== undefined;
      return says && !target.required?.length && documentRefuses(schema, {}) ? [{ method, path }] : [];
    }),
  );

  it("is refused by the document of every PATCH that changes fields (minProperties or anyOf)", () => {
    const patches = ruled.filter((op) => op.method === "patch").map((op) => op.path);
    for (const path of [
      "/api/v1/contacts/{contact_id}",
      "/api/v1/campaigns/{campaign_id}",
      "/api/v1/sip-trunks/{trunk_id}",
      "/api/v1/webhooks",
      "/api/v1/sequences/{sequence_id}",
    ])
      expect(
        patches.some((documented) => documented.startsWith(path.replace(/\{.*$/, ""))),
        path,
      ).toBe(true);
    expect(component("UpdateContactInput").minProperties).toBe(1);
    expect(component("UpdateAgentInput").minProperties).toBe(1);
  });

  it("is refused by the server with a 400 wherever the document refuses it", async () => {
    expect(ruled.length).toBeGreaterThan(10);
    const answers: string[] = [];
    for (const { method, path } of ruled) {
      // Every gate open (spending included), with the Idempotency-Key a spending write requires.
      const response = await call(sample(path), {
        key,
        method: method.toUpperCase(),
        body: {},
        headers: { "Idempotency-Key": crypto.randomUUID() },
        vars: { PUBLIC_API_SPEND_ENABLED: "true" },
      });
      if (response.status !== 400 || response.json?.type?.endsWith("/validation_error") !== true)
        answers.push(`${method} ${path}: ${response.status} ${response.text.slice(0, 200)}`);
    }
    expect(answers).toEqual([]);
  });
});

describe("rules said in JSON Schema and enforced", () => {
  it("a contact needs a phone or an email (anyOf; null is not sent)", async () => {
    const schema = bodySchema("post", "/api/v1/contacts");
    for (const body of [{ first_name: "Ana" }, { first_name: "Ana", phone: null }]) {
      expect(documentRefuses(schema, body)).toBe(true);
      const response = await call("/api/v1/contacts", { key, body });
      expect(response.status).toBe(400);
      expect(messagesOf(response.json)).toEqual(["body.phone: A contact needs a phone or an email."]);
    }
    const fine = { first_name: "Ana", email: "ana.rules@example.com" };
    expect(schemaErrors(schema, fine)).toEqual([]);
    expect((await call("/api/v1/contacts", { key, body: fine })).status).toBe(201);
  });

  it("custom-field names (propertyNames), refused with a message that names the field", async () => {
    const schema = bodySchema("post", "/api/v1/contacts");
    for (const name of ["bad key", "__proto__", "x".repeat(65)]) {
      const body = JSON.parse(`{"email":"a@example.com","custom_fields":{${JSON.stringify(name)}:1}}`);
      expect(documentRefuses(schema, body), name).toBe(true);
      const response = await call("/api/v1/contacts", { key, body: JSON.stringify(body) });
      expect(response.status).toBe(400);
      const messages = messagesOf(response.json).join("\n");
      expect(messages).toContain(JSON.stringify(name));
      expect(messages).not.toContain("Invalid key in record");
    }
  });

  it("contact_ids or list_id, exactly one (oneOf)", async () => {
    const schema = bodySchema("post", "/api/v1/sequences/{sequence_id}/enroll");
    const path = sample("/api/v1/sequences/{sequence_id}/enroll");
    for (const body of [{}, { contact_ids: ["a"], list_id: "0b7c6a52-3f7e-4a8e-9f0e-2d9c1c0f4b11" }]) {
      expect(documentRefuses(schema, body)).toBe(true);
      const response = await call(path, { key, body });
      expect(response.status).toBe(400);
      expect(messagesOf(response.json).join()).toContain("Send either contact_ids or list_id.");
    }
    expect(schemaErrors(schema, { contact_ids: ["a"] })).toEqual([]);
    // Accepted as a body: the unknown sequence is 404, not a 400.
    expect((await call(path, { key, body: { contact_ids: ["a"] } })).status).toBe(404);
  });

  it("a WhatsApp message is text or template by its type (a discriminator)", async () => {
    const send = component("WhatsAppSendInput");
    expect(send.discriminator?.propertyName).toBe("type");
    expect(Object.keys(send.discriminator.mapping).sort()).toEqual(["template", "text"]);
    const schema = bodySchema("post", "/api/v1/whatsapp/send");
    const cases: [unknown, string][] = [
      [{ to: "+34612345678", type: "text" }, "body.text: A text message needs text."],
      [{ to: "+34612345678", type: "template" }, "body.template: A template message needs template."],
      [{ to: "+34612345678", type: "text", text: "hi", template: { name: "a", language: "es" } }, "body.template"],
      [{ to: "+34612345678", type: "voice", text: "hi" }, 'body.type: type is "text" or "template".'],
    ];
    for (const [body, message] of cases) {
      expect(documentRefuses(schema, body), JSON.stringify(body)).toBe(true);
      const response = await call("/api/v1/whatsapp/send", { key, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(messagesOf(response.json).join("\n")).toContain(message);
    }
    expect(schemaErrors(schema, { to: "+34612345678", type: "text", text: "hi" })).toEqual([]);
  });

  it("a subscription's event types are an enum of the event catalogue", async () => {
    const types = catalogEntries(domains.flatMap((domain) => domain.events)).map((entry) => entry.type);
    const items = component("CreateWebhookSubscription").properties.events.items;
    expect([...items.enum].sort()).toEqual(["*", ...types].sort());
    const body = { url: "https://hooks.example.com/rules", events: ["budget.created", "no.such_event"] };
    expect(documentRefuses(bodySchema("post", "/api/v1/webhooks"), body)).toBe(true);
    const response = await call("/api/v1/webhooks", { key, body });
    expect(response.status).toBe(400);
    expect(messagesOf(response.json).join()).toContain('body.events.1: Unknown event type "no.such_event"');
  });

  it("a subscription's change: rotate_secret counts only when true", async () => {
    const schema = bodySchema("patch", "/api/v1/webhooks");
    expect(documentRefuses(schema, { rotate_secret: false })).toBe(true);
    expect(schemaErrors(schema, { rotate_secret: true })).toEqual([]);
    const response = await call("/api/v1/webhooks", { key, method: "PATCH", body: { rotate_secret: false } });
    expect(response.status).toBe(400);
  });

  it("calendar/check?at= has a minLength, and RFC 3339's space for the T is accepted", async () => {
    const at = (document.paths["/api/v1/calendar/check"].get.parameters as Json[]).find((p) => p.name === "at");
    expect(at?.schema.minLength).toBeGreaterThan(0);
    const empty = await call("/api/v1/calendar/check?at=", { key });
    expect(empty.status).toBe(400);
    expect(schemaErrors(at?.schema, "")).not.toEqual([]);
    const schedule = document.paths["/api/v1/calendar/schedule"].put.requestBody.content["application/json"].example;
    expect((await call("/api/v1/calendar/schedule", { key, method: "PUT", body: schedule })).status).toBe(200);
    const spaced = await call(`/api/v1/calendar/check?at=${encodeURIComponent("2026-03-29 03:00:00+02:00")}`, { key });
    expect(spaced.status, spaced.text).toBe(200);
    expect(spaced.json.at).toBe("2026-03-29T01:00:00.000Z");
  });

  it("X-D1-Bookmark is documented as an opaque token, and a forged one is still a clear 400", async () => {
    const parameter = document.components.parameters.D1Bookmark as Json;
    expect(parameter.schema.pattern).toBeUndefined();
    expect(parameter.description).toContain("opaque");
    expect(document.components.headers["X-D1-Bookmark"].schema.pattern).toBeUndefined();
    const response = await call("/api/v1/contacts", { key, headers: { "X-D1-Bookmark": "forged-bookmark" } });
    expect(response.status).toBe(400);
    expect(response.json.detail).toContain("X-D1-Bookmark");
  });
});
