import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { annotationsOf, cost, spendsMoney, type OperationTool } from "./tools";
import { isWrite } from "../operation";

/**
 * The discovery tools: three tools that reach every operation the key may call, so that a client
 * needs no tool per operation. `search_operations` finds operations by the words of their
 * summaries and descriptions, `describe_operation` gives one's input schema, scope and cost, and
 * `call_operation` calls one with arguments checked against that schema, through the same path as
 * the operation's own tool (src/core/mcp.ts).
 */

export const SEARCH_OPERATIONS = "search_operations";
export const DESCRIBE_OPERATION = "describe_operation";
export const CALL_OPERATION = "call_operation";

type JsonObject = Record<string, unknown>;

/** How many operations a search answers at most, and by default. */
const MAX_RESULTS = 20;
const DEFAULT_RESULTS = 8;

const OPERATION_ID = {
  type: "string",
  minLength: 1,
  maxLength: 128,
  description: "An operation_id, as search_operations answers it (such as createContact).",
};

/** The structured result of a call answered with a problem: the document's Problem, kept in each schema's `$defs`. */
const PROBLEM = { $ref: "#/$defs/Problem" };

const OPERATION_SUMMARY = {
  type: "object",
  properties: {
    operation_id: { type: "string" },
    summary: { type: "string" },
    method: { type: "string" },
    path: { type: "string" },
    toolset: { type: "string" },
    scope: { type: "string" },
    read_only: { type: "boolean" },
    spends_money: { type: "boolean" },
  },
  required: ["operation_id", "summary", "method", "path", "toolset", "scope", "read_only", "spends_money"],
};

/** The three discovery tools, their results' schemas holding the document's Problem. */
export function discoveryTools(problem: unknown): Tool[] {
  const outputOf = (shape: JsonObject) => ({
    type: "object" as const,
    anyOf: [shape, PROBLEM],
    $defs: { Problem: problem },
  });
  return [
    {
      name: SEARCH_OPERATIONS,
      title: "Search the API's operations",
      description:
        "Finds the operations of the API this key may call whose summary, description, name or tag match the words of `query` " +
        '(for example "send sms", "create contact", "wallet balance", "dial a call"), best first: each with its operation_id, ' +
        "method, path, toolset, the scope it needs and whether it spends money. Then describe_operation gives one's arguments, and " +
        "call_operation calls it. Reads only: it changes nothing and costs no money (one request of the key's rate limit).",
      inputSchema: {
        type: "object",
        properties: {
          query: {
            type: "string",
            minLength: 1,
            maxLength: 200,
            description: "Words of what to do or find, in English.",
          },
          limit: {
            type: "integer",
            minimum: 1,
            maximum: MAX_RESULTS,
            default: DEFAULT_RESULTS,
            description: `How many operations at most (default ${DEFAULT_RESULTS}).`,
          },
        },
        required: ["query"],
        additionalProperties: false,
      },
      outputSchema: outputOf({
        type: "object",
        properties: { operations: { type: "array", items: OPERATION_SUMMARY }, total_matches: { type: "integer" } },
        required: ["operations", "total_matches"],
      }),
      annotations: {
        title: "Search the API's operations",
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    {
      name: DESCRIBE_OPERATION,
      title: "Describe an operation",
      description:
        "Describes one operation this key may call: what it does, what it changes and what it costs, the scope it needs, its MCP " +
        "annotations, and `input_schema`, the JSON Schema of the `arguments` that call_operation takes for it (path and query " +
        "parameters by name, the request body as `body`, and on a write an optional `idempotency_key`). Reads only: it changes " +
        "nothing and costs no money (one request of the key's rate limit).",
      inputSchema: {
        type: "object",
        properties: { operation_id: OPERATION_ID },
        required: ["operation_id"],
        additionalProperties: false,
      },
      outputSchema: outputOf({
        type: "object",
        properties: {
          ...OPERATION_SUMMARY.properties,
          description: { type: "string" },
          gate: { type: "string" },
          cost: { type: "string" },
          annotations: { type: "object" },
          input_schema: { type: "object" },
        },
        required: [...OPERATION_SUMMARY.required, "description", "gate", "cost", "annotations", "input_schema"],
      }),
      annotations: {
        title: "Describe an operation",
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    {
      name: CALL_OPERATION,
      title: "Call an operation",
      description:
        "Calls one operation of the API by its operation_id with `arguments` as describe_operation's input_schema says, exactly as the " +
        "REST API would: the same scopes, plan, gates, rate limit, validation, idempotency and audit log. Its result is the operation's " +
        "response; a refusal is a tool error whose text is the API's problem (its `detail` and `errors` say what to change). What it " +
        "changes and costs is the operation's (describe_operation says it). A write without `arguments.idempotency_key` is a new write " +
        "at every call (a retry of the same message in the same session is done once).",
      inputSchema: {
        type: "object",
        properties: {
          operation_id: OPERATION_ID,
          arguments: {
            type: "object",
            description: "The operation's arguments (describe_operation's input_schema); {} when it takes none.",
          },
        },
        required: ["operation_id"],
        additionalProperties: false,
      },
      outputSchema: { type: "object" },
      annotations: {
        title: "Call an operation",
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: false,
        openWorldHint: true,
      },
    },
  ];
}

/** An operation as a search lists it. */
function summaryOf({ op, toolset }: OperationTool) {
  return {
    operation_id: op.operationId,
    summary: op.summary,
    method: op.method.toUpperCase(),
    path: op.path,
    toolset,
    scope: op.scope,
    read_only: !isWrite(op),
    spends_money: spendsMoney(op),
  };
}

/** Everything describe_operation says of an operation. */
export function describeOperation(tool: OperationTool) {
  const { op } = tool;
  return {
    ...summaryOf(tool),
    description: tool.tool.description ?? op.summary,
    gate: op.gate,
    cost: cost(op),
    annotations: annotationsOf(op),
    input_schema: tool.tool.inputSchema,
  };
}

/** Words that say nothing of what an operation does. */
const STOP_WORDS = new Set([
  "an",
  "and",
  "by",
  "for",
  "from",
  "in",
  "is",
  "it",
  "its",
  "my",
  "of",
  "on",
  "or",
  "the",
  "to",
  "with",
]);

/** `createContactList` -> `create contact list`; words lower-cased, a plural's `s` dropped, stop words left out. */
function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word))
    .map(stem);
}

const stem = (word: string) =>
  word.length > 4 && word.endsWith("ies")
    ? `${word.slice(0, -3)}y`
    : word.length > 3 && word.endsWith("s") && !word.endsWith("ss")
      ? word.slice(0, -1)
      : word;

/** Words of an operation, by what they are: its name, its summary, its tag; its description and path say more. */
interface Indexed {
  fields: readonly { words: ReadonlySet<string>; weight: number }[];
  /** Each two words that follow one another in its name, summary or tag (`contact list`), for a query that says them in that order. */
  pairs: ReadonlySet<string>;
}

const indexes = new WeakMap<OperationTool, Indexed>();

function indexOf(tool: OperationTool): Indexed {
  let indexed = indexes.get(tool);
  if (!indexed) {
    const { op } = tool;
    const field = (text: string, weight: number) => ({ words: new Set(wordsOf(text)), weight });
    indexed = {
      fields: [
        field(op.operationId, 4),
        field(op.summary, 3),
        field(op.tag, 2),
        field(`${op.description ?? ""} ${op.path}`, 1),
      ],
      pairs: new Set([op.operationId, op.summary, op.tag].flatMap((text) => pairsOf(wordsOf(text)))),
    };
    indexes.set(tool, indexed);
  }
  return indexed;
}

const pairsOf = (words: readonly string[]) => words.slice(1).map((word, index) => `${words[index]} ${word}`);

/**
 * How well an operation matches the query's words: each word counts once, by the weightiest field
 * it is in (its name 4, summary 3, tag 2, description or path 1), half as much as a prefix of a word
 * there; and one more for each two words of the query found together in its name, summary or tag.
 */
function score({ fields, pairs }: Indexed, words: readonly string[]): number {
  let total = pairsOf(words).filter((pair) => pairs.has(pair)).length;
  for (const word of new Set(words)) {
    let best = 0;
    for (const { words: known, weight } of fields) {
      if (known.has(word)) best = Math.max(best, weight);
      else if (word.length >= 3 && [...known].some((other) => other.startsWith(word)))
        best = Math.max(best, weight / 2);
    }
    total += best;
  }
  return total;
}

/** The callable operations that match the query best, best first (declaration order among equals), and how many matched at all. */
export function searchOperations(callable: readonly OperationTool[], query: string, limit = DEFAULT_RESULTS) {
  const words = wordsOf(query);
  const ranked = callable
    .map((tool, order) => ({ tool, order, score: score(indexOf(tool), words) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order);
  return { operations: ranked.slice(0, limit).map((entry) => summaryOf(entry.tool)), total_matches: ranked.length };
}
