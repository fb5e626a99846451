import { env } from "cloudflare:test";
import type { z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { configOf } from "../src/config";
import { isWrite, type Operation } from "../src/core/operation";
import { openApiDocument } from "../src/core/registry";
import { strictObjects } from "../src/lib/schemas";
import { domains } from "../src/domains";
import { catalogEntries } from "../src/domains/webhooks/model";
import { allOperations } from "./helpers";

/**
 * The OpenAPI document a client can trust, checked from the declarations: every request body and
 * 2xx response has an example its own Zod schema accepts; the document carries those examples,
 * descriptions, enums, formats and limits, the headers the server sends, the scope each operation
 * requires, and every event type as a webhook with the same data schema as the event catalogue.
 * (Spectral and Redocly lint the same document in test/e2e/document.e2e.test.ts.)
 */

type Json = Record<string, any>;
const document = openApiDocument(createApp(domains), configOf(env)) as unknown as Json;
const METHODS = ["get", "post", "put", "patch", "delete"] as const;
const label = (op: Pick<Operation, "method" | "path">) => `${op.method.toUpperCase()} ${op.path}`;
const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The target of a local $ref (`#/components/schemas/Contact`), else the value itself. */
function deref(value: unknown): Json {
  let current = value;
  for (let depth = 0; isRecord(current) && typeof current.$ref === "string" && depth < 10; depth++) {
    current = current.$ref
      .slice(2)
      .split("/")
      .reduce<unknown>(
        (node, key) => (isRecord(node) ? node[key.replaceAll("~1", "/").replaceAll("~0", "~")] : undefined),
        document,
      );
  }
  if (!isRecord(current)) throw new Error(`Unresolvable: ${JSON.stringify(value)}`);
  return current;
}

/** Every operation object of the document with where it is. */
const documented = Object.entries(document.paths as Json).flatMap(([path, item]) =>
  METHODS.filter((method) => isRecord(item[method])).map((method) => ({
    path,
    method,
    operation: item[method] as Json,
  })),
);
const operationOf = (op: Pick<Operation, "method" | "path">) => document.paths[op.path]?.[op.method] as Json;

/** Walks a schema (following $refs once each): calls `visit` with every subschema and the property name it sits under. */
function walkSchema(
  schema: unknown,
  visit: (schema: Json, where: string, name: string | undefined) => void,
  where: string,
  seen = new Set<string>(),
  name?: string,
) {
  if (!isRecord(schema)) return;
  if (typeof schema.$ref === "string") {
    if (seen.has(schema.$ref)) return;
    seen.add(schema.$ref);
    walkSchema(deref(schema), visit, schema.$ref.replace("#/components/schemas/", ""), seen, name);
    return;
  }
  visit(schema, where, name);
  for (const [property, child] of Object.entries(isRecord(schema.properties) ? schema.properties : {}))
    walkSchema(child, visit, `${where}.${property}`, seen, property);
  if (isRecord(schema.items)) walkSchema(schema.items, visit, `${where}[]`, seen, name);
  if (isRecord(schema.additionalProperties)) walkSchema(schema.additionalProperties, visit, `${where}{}`, seen, name);
  for (const key of ["anyOf", "oneOf", "allOf"])
    for (const child of Array.isArray(schema[key]) ? schema[key] : []) walkSchema(child, visit, where, seen, name);
}

const typesOf = (schema: Json): string[] =>
  Array.isArray(schema.type) ? schema.type : typeof schema.type === "string" ? [schema.type] : [];

describe("examples: every request body and every 2xx response has one its schema accepts", () => {
  const failures = (check: (op: Operation) => string[]) => allOperations.flatMap(check);
  const problem = (op: Operation, where: string, issues: readonly z.core.$ZodIssue[]) =>
    `${label(op)} ${where}: ${issues.map((issue) => `${issue.path.join(".") || "(root)"} ${issue.message}`).join("; ")}`;

  it("request bodies", () => {
    const found = failures((op) => {
      const request = op.request ?? {};
      // Parsed as the pipeline parses it: strict, so an example carries no member the body lacks.
      const schema = request.body ? strictObjects(request.body) : Object.values(request.rawBody?.content ?? {})[0];
      if (!schema) return [];
      if (request.example === undefined) return [`${label(op)}: the request body has no example`];
      const parsed = schema.safeParse(request.example);
      return parsed.success ? [] : [problem(op, "request example", parsed.error.issues)];
    });
    expect(found).toEqual([]);
  });

  it("2xx responses", () => {
    const found = failures((op) =>
      Object.entries(op.responses).flatMap(([status, response]) => {
        if (!response) return [];
        if (response.example === undefined) return [`${label(op)} ${status}: no example`];
        const parsed = response.schema.safeParse(response.example);
        return parsed.success ? [] : [problem(op, `${status} example`, parsed.error.issues)];
      }),
    );
    expect(found).toEqual([]);
  });

  it("are the examples the document shows", () => {
    const found = failures((op) => {
      const operation = operationOf(op);
      const missing: string[] = [];
      const media = Object.values((operation.requestBody?.content ?? {}) as Json)[0] as Json | undefined;
      if (
        media &&
        op.request?.example !== undefined &&
        JSON.stringify(media.example) !== JSON.stringify(op.request.example)
      )
        missing.push(`${label(op)}: request example`);
      for (const [status, response] of Object.entries(op.responses)) {
        const shown = operation.responses[status]?.content?.["application/json"]?.example;
        if (response?.example !== undefined && JSON.stringify(shown) !== JSON.stringify(response.example))
          missing.push(`${label(op)} ${status}: example`);
      }
      return missing;
    });
    expect(found).toEqual([]);
  });
});

describe("the OpenAPI document", () => {
  it("has info with contact and license, and a server that names its environment", () => {
    expect(document.info.contact).toMatchObject({
      name: expect.any(String),
      url: expect.stringMatching(/^https?:\/\//),
    });
    expect(document.info.license).toMatchObject({ name: expect.any(String), identifier: expect.any(String) });
    expect(document.servers[0]).toMatchObject({
      url: configOf(env).publicBaseUrl,
      "x-internal": false,
      description: expect.stringMatching(/test|production/),
    });
  });

  it("describes every component schema and every tag, and lists every operation's tag", () => {
    const undescribed = Object.entries(document.components.schemas as Json)
      .filter(([, schema]) => !schema.description)
      .map(([name]) => name);
    expect(undescribed).toEqual([]);
    const tags = new Map(
      (document.tags as { name: string; description?: string }[]).map((tag) => [tag.name, tag.description]),
    );
    expect([...tags].filter(([, description]) => !description).map(([name]) => name)).toEqual([]);
    for (const { operation, path, method } of documented)
      for (const tag of operation.tags) expect(tags.has(tag), `${method} ${path}: tag ${tag}`).toBe(true);
  });

  it("states each operation's scope in its description as in x-scope", () => {
    for (const op of allOperations) {
      const operation = operationOf(op);
      expect(operation["x-scope"], label(op)).toBe(op.scope);
      expect(operation.description, label(op)).toContain(`Requires the scope \`${op.scope}\`.`);
    }
  });

  it("declares Idempotency-Key on every write, required on gate S", () => {
    for (const op of allOperations) {
      const parameters = ((operationOf(op).parameters ?? []) as unknown[])
        .map(deref)
        .filter((parameter) => parameter.in === "header" && parameter.name === "Idempotency-Key");
      if (!isWrite(op)) {
        expect(parameters, label(op)).toEqual([]);
        continue;
      }
      expect(parameters, label(op)).toHaveLength(1);
      expect(parameters[0]!.required, label(op)).toBe(op.gate === "S");
      expect(parameters[0]!.schema).toMatchObject({ type: "string", maxLength: 255 });
    }
  });

  it("declares the headers the server sends on every response", () => {
    const missing: string[] = [];
    for (const { path, method, operation } of documented) {
      for (const [status, response] of Object.entries(operation.responses as Json)) {
        const headers = Object.keys((deref(response) as Json).headers ?? {});
        const expected = ["X-Request-Id", "Cache-Control", "X-Content-Type-Options"];
        if (status === "401") expected.push("WWW-Authenticate");
        else expected.push("RateLimit", "RateLimit-Policy");
        if (status === "429") expected.push("Retry-After");
        if (method !== "get" && status.startsWith("2")) expected.push("Idempotent-Replayed");
        for (const header of expected)
          if (!headers.includes(header)) missing.push(`${method.toUpperCase()} ${path} ${status}: ${header}`);
      }
    }
    expect(missing).toEqual([]);
    const methodNotAllowed = document.components.responses.MethodNotAllowed;
    expect(Object.keys(methodNotAllowed.headers)).toEqual(expect.arrayContaining(["Allow", "X-Request-Id"]));
    for (const name of Object.keys(document.components.headers))
      expect(document.components.headers[name].description, name).toBeTruthy();
  });

  it("gives every status or kind field of a response an enum (or const)", () => {
    // resource_type is an open set: each domain adds the kinds of resource it writes (docs/decisions/openapi.md).
    // Media types (RFC 6838) and the archive's document types (each company's own vocabulary) are open sets too.
    const OPEN_SETS = new Set([
      "AuditEntry.resource_type",
      "MailboxAttachment.content_type",
      "MailboxAttachmentContent.content_type",
      "ArchiveDocument.type",
      // The event types of the catalogue, which grows with the domains (GET /api/v1/events/catalog lists them).
      "RequestCausedEvent.type",
      // A problem shown inside a 2xx (the request log's): its type is the problem type's URI.
      "Problem.type",
    ]);
    const loose: string[] = [];
    const check = (schema: unknown, where: string) =>
      walkSchema(
        schema,
        (subschema, at, name) => {
          if (!name || !/(^|_)(status|kind|type)$/.test(name) || !typesOf(subschema).includes("string")) return;
          if (subschema.enum === undefined && subschema.const === undefined && !OPEN_SETS.has(at)) loose.push(at);
        },
        where,
      );
    for (const { path, method, operation } of documented) {
      for (const [status, response] of Object.entries(operation.responses as Json)) {
        if (status.startsWith("2"))
          check(deref(response).content?.["application/json"]?.schema, `${method.toUpperCase()} ${path} ${status}`);
      }
    }
    for (const [type, item] of Object.entries(document.webhooks as Json))
      check(item.post.requestBody.content["application/json"].schema, `webhook ${type}`);
    expect([...new Set(loose)]).toEqual([]);
  });

  it("documents path ids as UUIDs, or with their pattern", () => {
    for (const { path, method, operation } of documented) {
      for (const parameter of ((operation.parameters ?? []) as unknown[])
        .map(deref)
        .filter((parameter) => parameter.in === "path")) {
        const where = `${method.toUpperCase()} ${path} {${parameter.name}}`;
        expect(parameter.schema.format === "uuid" || typeof parameter.schema.pattern === "string", where).toBe(true);
        expect(parameter.schema.maxLength, where).toBeGreaterThan(0);
      }
    }
  });

  it("limits every string a client sends: maxLength, enum or const", () => {
    const unlimited: string[] = [];
    const check = (schema: unknown, where: string) =>
      walkSchema(
        schema,
        (subschema, at) => {
          if (
            typesOf(subschema).includes("string") &&
            subschema.maxLength === undefined &&
            subschema.enum === undefined &&
            subschema.const === undefined
          )
            unlimited.push(at);
        },
        where,
      );
    for (const { path, method, operation } of documented) {
      const where = `${method.toUpperCase()} ${path}`;
      for (const parameter of ((operation.parameters ?? []) as unknown[]).map(deref))
        check(parameter.schema, `${where} ${parameter.in} ${parameter.name}`);
      for (const [type, media] of Object.entries((operation.requestBody?.content ?? {}) as Json))
        check(media.schema, `${where} body (${type})`);
    }
    expect([...new Set(unlimited)]).toEqual([]);
  });

  it("bounds every array and every map a client sends: maxItems, maxProperties", () => {
    // A request's size alone is capped (413 over the body limit); each list and map inside it is
    // bounded on its own, so that what is stored or fanned out per item never grows with the body.
    const unbounded: string[] = [];
    const check = (schema: unknown, where: string) =>
      walkSchema(
        schema,
        (subschema, at) => {
          const types = typesOf(subschema);
          if (types.includes("array") && subschema.maxItems === undefined)
            unbounded.push(`${at} (array without maxItems)`);
          if (
            types.includes("object") &&
            isRecord(subschema.additionalProperties) &&
            subschema.maxProperties === undefined
          )
            unbounded.push(`${at} (map without maxProperties)`);
        },
        where,
      );
    for (const { path, method, operation } of documented) {
      const where = `${method.toUpperCase()} ${path}`;
      for (const parameter of ((operation.parameters ?? []) as unknown[]).map(deref))
        check(parameter.schema, `${where} ${parameter.in} ${parameter.name}`);
      for (const [type, media] of Object.entries((operation.requestBody?.content ?? {}) as Json))
        check(media.schema, `${where} body (${type})`);
    }
    expect([...new Set(unbounded)]).toEqual([]);
  });

  it("closes every object of a request body (additionalProperties: false), as the server refuses unknown members", () => {
    const open: string[] = [];
    for (const { path, method, operation } of documented) {
      for (const [type, media] of Object.entries((operation.requestBody?.content ?? {}) as Json)) {
        if (type === "multipart/form-data") continue;
        walkSchema(
          media.schema,
          (subschema, at) => {
            if (typesOf(subschema).includes("object") && subschema.additionalProperties === undefined) open.push(at);
          },
          `${method.toUpperCase()} ${path} body (${type})`,
        );
      }
    }
    expect([...new Set(open)]).toEqual([]);
  });

  it("states the server's email check as a pattern beside format: email", () => {
    const loose: string[] = [];
    walkSchema(
      {
        anyOf: documented.flatMap(({ operation }) =>
          Object.values((operation.requestBody?.content ?? {}) as Json).map((media) => media.schema),
        ),
      },
      (subschema, at) => {
        if (subschema.format === "email" && typeof subschema.pattern !== "string") loose.push(at);
      },
      "request bodies",
    );
    expect(loose).toEqual([]);
    const email = deref(document.components.schemas.CreateBudgetInput).properties.client_email;
    const pattern = new RegExp(email.pattern ?? email.anyOf?.find((member: Json) => member.pattern)?.pattern);
    expect(pattern.test("0@com")).toBe(false);
    expect(pattern.test("billing@acme.example")).toBe(true);
  });

  it("documents a budget's document_type as the one value accepted", () => {
    const documentType = deref(document.components.schemas.CreateBudgetInput).properties.document_type;
    expect(documentType.enum ?? documentType.anyOf?.find((member: Json) => member.enum)?.enum).toEqual(["budget"]);
  });

  it("types the rows of POST /contacts/import as the contact input", () => {
    const body = deref(document.paths["/api/v1/contacts/import"].post.requestBody.content["application/json"].schema);
    expect(body.properties.contacts.items).toEqual({ $ref: "#/components/schemas/CreateContactInput" });
  });

  it("writes placeholders in descriptions as code, so that Markdown shows them", () => {
    const bare: string[] = [];
    const visit = (node: unknown, at: string) => {
      if (Array.isArray(node)) {
        for (const [index, child] of node.entries()) visit(child, `${at}[${index}]`);
        return;
      }
      if (!isRecord(node)) return;
      for (const [key, value] of Object.entries(node)) {
        if ((key === "description" || key === "summary") && typeof value === "string") {
          const outsideCode = value.replace(/`[^`]*`/g, "");
          if (/<[A-Za-z_][\w -]*>/.test(outsideCode)) bare.push(`${at}.${key}: ${value.slice(0, 120)}`);
        } else if (key !== "example" && key !== "examples") visit(value, `${at}.${key}`);
      }
    };
    visit(document, "#");
    expect(bare).toEqual([]);
  });
});

describe("the webhooks section", () => {
  const definitions = domains.flatMap((domain) => domain.events);

  it("lists every event type the domains emit, and nothing else", () => {
    expect(Object.keys(document.webhooks).sort()).toEqual(definitions.map((definition) => definition.type).sort());
  });

  it("gives each the delivery body { id, type, timestamp, data }, with data of the event catalogue's schema", () => {
    const catalog = new Map(catalogEntries(definitions).map((entry) => [entry.type, entry.schema as Json]));
    for (const definition of definitions) {
      const webhook = document.webhooks[definition.type].post;
      expect(webhook.requestBody.required, definition.type).toBe(true);
      const payload = deref(webhook.requestBody.content["application/json"].schema);
      expect(payload.required, definition.type).toEqual(["id", "type", "timestamp", "data"]);
      expect(payload.properties.type, definition.type).toMatchObject({ enum: [definition.type] });
      expect(payload.properties.id, definition.type).toMatchObject({ format: "uuid" });
      // The same Zod schema as the catalogue's: the same members, required alike.
      const data = deref(payload.properties.data);
      const published = catalog.get(definition.type)!;
      expect(Object.keys(data.properties ?? {}).sort(), definition.type).toEqual(
        Object.keys(published.properties ?? {}).sort(),
      );
      expect([...(data.required ?? [])].sort(), definition.type).toEqual(
        [...((published.required as string[]) ?? [])].sort(),
      );
      expect(webhook.parameters.map((parameter: Json) => parameter.name)).toEqual([
        "webhook-id",
        "webhook-timestamp",
        "webhook-signature",
      ]);
    }
  });
});

describe("what client generators read", () => {
  /** Every schema object of the document with where it is, examples left out. */
  function schemaNodes(node: unknown, at: string, found: [string, Json][] = []): [string, Json][] {
    if (Array.isArray(node)) for (const [index, item] of node.entries()) schemaNodes(item, `${at}[${index}]`, found);
    else if (isRecord(node)) {
      found.push([at, node]);
      for (const [key, value] of Object.entries(node))
        if (key !== "example" && key !== "examples") schemaNodes(value, `${at}.${key}`, found);
    }
    return found;
  }
  const nullableByType = (node: Json) => Array.isArray(node.type) && node.type.includes("null");

  it("writes a nullable reference as anyOf [$ref, null]: no component and no allOf member is nullable by its type", () => {
    const nullableComponents = Object.entries(document.components.schemas as Json)
      .filter(([, schema]) => nullableByType(schema))
      .map(([name]) => name);
    expect(nullableComponents).toEqual([]);
    const nullableMembers = schemaNodes(document, "#")
      .filter(
        ([, node]) =>
          Array.isArray(node.allOf) && node.allOf.some((member: unknown) => isRecord(member) && nullableByType(member)),
      )
      .map(([at]) => at);
    expect(nullableMembers).toEqual([]);
  });

  it("gives Idempotency-Key and X-D1-Bookmark no example, which try-it panels and curl samples would send as a real value", () => {
    for (const name of ["IdempotencyKey", "IdempotencyKeyRequired", "D1Bookmark"]) {
      const parameter = document.components.parameters[name] as Json | undefined;
      if (!parameter) continue;
      expect(parameter.example, name).toBeUndefined();
      expect(parameter.schema.example, name).toBeUndefined();
      expect(parameter.examples, name).toBeUndefined();
    }
  });
});
