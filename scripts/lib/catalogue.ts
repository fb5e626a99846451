/**
 * The catalogue the API promises (spec/catalogue.json): every operation of the specification with
 * its method, path, purpose, scope, gate, plans and declared status codes, the plan sets, and the
 * codes the request pipeline adds. `npm run catalogue -- <operations.json>` writes it from the
 * specification's operations.json and the extensions (spec/extensions.json: operations this API
 * adds beyond the specification, each marked `"extension": true` in the catalogue); the tests read
 * the committed file, so it changes only when the specification or the extensions do, never when
 * the code does.
 *
 * No Node imports here: the drift test runs this same builder inside workerd.
 */
import { z } from "zod";

const Method = z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]);
const Gate = z.enum(["A", "W", "S", "C"]);
const Code = z.number().int().min(100).max(599);

/** One operation as the specification (or spec/extensions.json) states it. */
const SpecifiedOperationSchema = z.object({
  method: Method,
  path: z.string().startsWith("/api/v1/"),
  purpose: z.string().min(1),
  domain: z.string().min(1),
  scope: z.string().min(1),
  gate: Gate,
  plans: z.string(),
  codes: z.array(Code).min(1),
});

/** What this project reads from the specification's operations.json (other members are ignored). */
const SpecificationSchema = z.object({
  plans: z.record(z.string(), z.array(z.string())),
  operations: z.array(SpecifiedOperationSchema),
});

/**
 * spec/extensions.json: operations this API adds beyond the specification, written by hand in the
 * specification's own form. They use the specification's plan sets and follow its operations in
 * the catalogue; an operation the specification already lists is refused.
 */
export const ExtensionsSchema = z.object({
  description: z.string(),
  operations: z.array(SpecifiedOperationSchema),
});

const OperationSchema = z.object({
  method: Method,
  path: z.string(),
  domain: z.string(),
  purpose: z.string(),
  scope: z.string(),
  gate: Gate,
  plans: z.string(),
  codes: z.array(Code),
  /** Listed in spec/extensions.json, not in the specification. */
  extension: z.literal(true).optional(),
});

const ExtensionSchema = z.object({
  /** `every`: every operation; `body`: the operation takes a JSON request body; `write`: its method is POST, PUT, PATCH or DELETE. */
  appliesTo: z.enum(["every", "body", "write"]),
  codes: z.array(Code),
  reason: z.string(),
});

export const CatalogueSchema = z
  .object({
    description: z.string(),
    gates: z.record(Gate, z.string()),
    plans: z.record(z.string(), z.array(z.string())),
    pipelineExtensions: z.object({ description: z.string(), rules: z.array(ExtensionSchema) }),
    operations: z.array(OperationSchema),
  })
  .superRefine((catalogue, ctx) => {
    const seen = new Set<string>();
    for (const op of catalogue.operations) {
      const key = `${op.method} ${op.path}`;
      if (seen.has(key)) ctx.addIssue({ code: "custom", message: `${key} is listed twice` });
      seen.add(key);
      if (!(op.plans in catalogue.plans))
        ctx.addIssue({ code: "custom", message: `${key}: unknown plan set ${op.plans}` });
    }
  });

export type Catalogue = z.infer<typeof CatalogueSchema>;
type CatalogueOperation = Catalogue["operations"][number];

const DESCRIPTION =
  "Every operation of the public API (implemented or not yet): method, path, domain, purpose, required scope, " +
  "gate (see gates), plan set (see plans: the plans that include the operation by default; NONE: only a capability " +
  "granted to the account) and the status codes the operation declares. " +
  "Written by `npm run catalogue -- <operations.json>` from the specification and spec/extensions.json (operations " +
  "this API adds beyond the specification, marked extension); the catalogue test compares the generated OpenAPI document with it.";

const GATES: Catalogue["gates"] = {
  A: "always on (with the API)",
  W: "write switch: PUBLIC_API_WRITE_ENABLED",
  S: "spending: PUBLIC_API_WRITE_ENABLED and PUBLIC_API_SPEND_ENABLED, the company enabled for spending, Idempotency-Key required",
  C: "conversations switch: CONVERSATIONS_API_ENABLED",
};

const PIPELINE_EXTENSIONS: Catalogue["pipelineExtensions"] = {
  description:
    "Codes the request pipeline can answer beyond those an operation declares. The OpenAPI document lists them " +
    "among the operation's responses and in x-pipeline-codes; no other difference from the declared codes is allowed. " +
    "404 (API switched off), 405 (another method) and 500 apply to every operation and are stated once in the document's description.",
  rules: [
    {
      appliesTo: "every",
      codes: [400],
      reason:
        "validation_error: an X-D1-Bookmark this API did not return, or a query parameter the operation does not have",
    },
    {
      appliesTo: "write",
      codes: [413],
      reason:
        "payload_too_large: a request body over 1 MiB (every write reads its body: the Idempotency-Key fingerprint covers it)",
    },
    {
      appliesTo: "write",
      codes: [400, 409],
      reason: "Idempotency-Key: 400 idempotency_key_invalid or idempotency_key_reused, 409 idempotency_key_in_use",
    },
  ],
};

type SpecifiedOperation = z.infer<typeof SpecifiedOperationSchema>;

const catalogueEntry = (op: SpecifiedOperation): CatalogueOperation => ({
  method: op.method,
  path: op.path,
  domain: op.domain,
  purpose: op.purpose,
  scope: op.scope,
  gate: op.gate,
  plans: op.plans,
  codes: [...new Set(op.codes)].sort((a, b) => a - b),
});

/**
 * The catalogue of a specification (the parsed operations.json), in the specification's order,
 * followed by the extensions (the parsed spec/extensions.json), each marked `extension: true`.
 */
export function buildCatalogue(
  specification: unknown,
  extensions: unknown = { description: "", operations: [] },
): Catalogue {
  const spec = SpecificationSchema.parse(specification);
  const added = ExtensionsSchema.parse(extensions);
  const specified = new Set(spec.operations.map((op) => `${op.method} ${op.path}`));
  for (const op of added.operations) {
    if (specified.has(`${op.method} ${op.path}`))
      throw new Error(`${op.method} ${op.path} is in the specification: remove it from spec/extensions.json`);
  }
  return CatalogueSchema.parse({
    description: DESCRIPTION,
    gates: GATES,
    plans: spec.plans,
    pipelineExtensions: PIPELINE_EXTENSIONS,
    operations: [
      ...spec.operations.map(catalogueEntry),
      ...added.operations.map((op) => ({ ...catalogueEntry(op), extension: true })),
    ],
  });
}

/**
 * The specification's part of a catalogue (its plan sets and the operations that are no extension),
 * in the form of operations.json: `npm run catalogue` rebuilds from it when no operations.json is at hand.
 */
export function specificationOf(catalogue: Catalogue): z.input<typeof SpecificationSchema> {
  // The extension marker is not part of the specification's form; the specification's schema drops unknown members anyway.
  return { plans: catalogue.plans, operations: catalogue.operations.filter((op) => !op.extension) };
}

/** The codes the pipeline adds to an operation: those of every rule that applies, less the declared ones. */
export function extensionCodes(
  catalogue: Pick<Catalogue, "pipelineExtensions">,
  op: { codes: readonly number[]; hasBody: boolean; isWrite: boolean },
): number[] {
  const codes = new Set<number>();
  for (const rule of catalogue.pipelineExtensions.rules) {
    const applies = rule.appliesTo === "every" || (rule.appliesTo === "body" ? op.hasBody : op.isWrite);
    if (applies) for (const code of rule.codes) codes.add(code);
  }
  return [...codes].filter((code) => !op.codes.includes(code)).sort((a, b) => a - b);
}

/**
 * The file's text: two-space JSON, except that each plan set and each operation stays on one line,
 * so the file reads as a table and a change to one operation is a one-line diff.
 */
export function formatCatalogue(catalogue: Catalogue): string {
  const line = (value: unknown): string =>
    Array.isArray(value)
      ? `[${value.map(line).join(", ")}]`
      : typeof value === "object" && value !== null
        ? `{ ${Object.entries(value)
            .map(([key, member]) => `${JSON.stringify(key)}: ${line(member)}`)
            .join(", ")} }`
        : JSON.stringify(value);
  const block = (entries: string[], open: string, close: string, indent: string) =>
    entries.length
      ? `${open}\n${entries.map((entry) => `${indent}  ${entry}`).join(",\n")}\n${indent}${close}`
      : `${open}${close}`;
  const members = (record: Record<string, unknown>) =>
    Object.entries(record).map(([key, value]) => `${JSON.stringify(key)}: ${line(value)}`);
  const { description, rules } = catalogue.pipelineExtensions;
  const text = block(
    [
      `"description": ${line(catalogue.description)}`,
      `"gates": ${block(members(catalogue.gates), "{", "}", "  ")}`,
      `"plans": ${block(members(catalogue.plans), "{", "}", "  ")}`,
      `"pipelineExtensions": ${block([`"description": ${line(description)}`, `"rules": ${block(rules.map(line), "[", "]", "    ")}`], "{", "}", "  ")}`,
      `"operations": ${block(catalogue.operations.map(line), "[", "]", "  ")}`,
    ],
    "{",
    "}",
    "",
  );
  return `${text}\n`;
}
