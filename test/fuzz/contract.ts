import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { isRecord } from "./json-schema";
import type { OperationInfo } from "./openapi";

/**
 * What the OpenAPI document promises about each answer, checked with ajv (JSON Schema 2020-12, the
 * dialect of OpenAPI 3.1, formats on): the body matches the schema of its status and media type,
 * and the headers the document marks required are there, with values their schemas accept.
 *
 * ajv compiles each schema to a function with `new Function`. A deployed Worker may not do that,
 * but the test worker of the vitest pool (@cloudflare/vitest-plugin) can, so ajv runs here, in
 * the fuzz's own property: a broken answer fails with the request that caused it, shrunk.
 */

/** An answer as the contract sees it. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

type Json = Record<string, unknown>;

/** The document's annotation keywords that JSON Schema does not define (ajv's strict mode refuses unknown ones). */
const OPENAPI_KEYWORDS = ["example", "discriminator", "xml", "externalDocs"];
/** Where the document's component schemas are registered, so that a rewritten $ref reaches them. */
const COMPONENTS_ID = "https://contract.test/components";

/** A copy of `value` with every `#/components/schemas/X` reference pointing into the registered components. */
function retarget(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(retarget);
  if (!isRecord(value)) return value;
  const out: Json = {};
  for (const [key, entry] of Object.entries(value)) {
    out[key] =
      key === "$ref" && typeof entry === "string" && entry.startsWith("#/components/schemas/")
        ? `${COMPONENTS_ID}#/$defs/${entry.slice("#/components/schemas/".length)}`
        : retarget(entry);
  }
  return out;
}

export class ResponseContract {
  private readonly ajv: Ajv2020;
  private readonly paths: Json;
  private readonly components: Json;
  private readonly validators = new Map<string, ValidateFunction>();
  /** How much was checked, for the run's summary: answers, bodies validated, headers checked. */
  readonly checked = { answers: 0, bodies: 0, headers: 0 };

  constructor(document: unknown) {
    if (!isRecord(document) || !isRecord(document.paths) || !isRecord(document.components))
      throw new Error("Not an OpenAPI document");
    this.paths = document.paths;
    this.components = document.components;
    this.ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictTuples: false });
    this.ajv.addVocabulary(OPENAPI_KEYWORDS);
    addFormats(this.ajv);
    const schemas = isRecord(this.components.schemas) ? this.components.schemas : {};
    this.ajv.addSchema({ $id: COMPONENTS_ID, $defs: retarget(schemas) });
  }

  /** Follows one `#/components/<section>/<name>` reference of a response or header object. */
  private resolve(value: unknown): Json | undefined {
    if (!isRecord(value)) return undefined;
    const ref = value.$ref;
    if (typeof ref !== "string") return value;
    const [, , section, name] = ref.split("/");
    const table = section ? this.components[section] : undefined;
    return isRecord(table) && name ? this.resolve(table[decodeURIComponent(name)]) : undefined;
  }

  /** The response object the document gives for this status (405 from components: it applies to every path). */
  private responseOf(op: OperationInfo, status: number): Json | undefined {
    const item = this.paths[op.path];
    const operation = isRecord(item) ? item[op.method] : undefined;
    const responses = isRecord(operation) && isRecord(operation.responses) ? operation.responses : {};
    const declared = responses[String(status)];
    if (declared !== undefined) return this.resolve(declared);
    return status === 405 ? this.resolve({ $ref: "#/components/responses/MethodNotAllowed" }) : undefined;
  }

  private validator(key: string, schema: unknown): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(retarget(schema) as Json);
      this.validators.set(key, validate);
    }
    return validate;
  }

  private failures(validate: ValidateFunction, where: string): string[] {
    return (validate.errors ?? [])
      .slice(0, 8)
      .map(
        (error) =>
          `${where}${error.instancePath || "/"} ${error.message ?? "is invalid"}${error.params && Object.keys(error.params).length > 0 ? ` ${JSON.stringify(error.params)}` : ""}`,
      );
  }

  /** Every way the answer breaks the document, as sentences; empty when it keeps it. Undeclared statuses are left to the caller. */
  violations(op: OperationInfo, answer: Answer): string[] {
    const response = this.responseOf(op, answer.status);
    if (!response) return [];
    this.checked.answers++;
    const found: string[] = [];
    const headers = isRecord(response.headers) ? response.headers : {};
    for (const [name, reference] of Object.entries(headers)) {
      const header = this.resolve(reference);
      const value = answer.headers.get(name);
      this.checked.headers++;
      if (value === null) {
        if (header?.required === true) found.push(`required header ${name} is missing`);
        continue;
      }
      if (!header || !isRecord(header.schema)) continue;
      const validate = this.validator(`header ${name}`, header.schema);
      // Header values are text; an integer header is checked as the number it spells.
      const typed = header.schema.type === "integer" && /^-?\d+$/.test(value) ? Number(value) : value;
      if (!validate(typed)) found.push(...this.failures(validate, `header ${name}: ${JSON.stringify(value)}`));
    }
    const content = isRecord(response.content) ? response.content : undefined;
    const mediaType = answer.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase();
    if (!content || Object.keys(content).length === 0) {
      if (answer.text !== "") found.push(`status ${answer.status} declares no body, but one was sent`);
      return found;
    }
    const declared = mediaType ? content[mediaType] : undefined;
    if (!isRecord(declared)) {
      found.push(
        `Content-Type ${JSON.stringify(mediaType ?? null)} is not declared for status ${answer.status} (declared: ${Object.keys(content).join(", ")})`,
      );
      return found;
    }
    if (!isRecord(declared.schema)) return found;
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      found.push(`body of status ${answer.status} is not JSON`);
      return found;
    }
    const validate = this.validator(`${op.operationId} ${answer.status} ${mediaType}`, declared.schema);
    this.checked.bodies++;
    if (!validate(body)) found.push(...this.failures(validate, "body"));
    return found;
  }
}
