import type { z } from "@hono/zod-openapi";
import { Document, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node } from "yaml";
import { parseJsonBody, requireJsonContentType } from "../../lib/body";
import { ApiError, fieldErrors, invalidField } from "../../lib/errors";
import { mediaTypeOf, otherCharset } from "../../lib/media-type";
import type { AgentContent } from "./catalogue";
import { AGENT_YAML_MAX_BYTES, AgentYaml, AgentYamlJson, type AgentYamlContent } from "./model";

/** A field error with where it is in the file (1-based), when it can be placed. */
interface LocatedError {
  path: string;
  message: string;
  line?: number;
  column?: number;
}

/** The body types the document declares for agent.yaml (no unregistered x- variants). */
const YAML_TYPES = ["application/yaml", "text/yaml"];
/**
 * The types a multipart `file` part may declare: the YAML ones, text/plain, and
 * application/octet-stream (what `curl -F file=@agent.yaml` sends). An image or a PDF is refused,
 * never read as text.
 */
const FILE_PART_TYPES = [...YAML_TYPES, "text/plain", "application/octet-stream", ""];

/**
 * The agent.yaml text of a request: `yaml` of a JSON body, the body itself (application/yaml or
 * text/yaml, UTF-8), or the part named `file` of a multipart/form-data body. Anything else is a 400 saying how to send it.
 */
export async function agentYamlText(bodyText: string, contentType: string | undefined): Promise<string> {
  const mediaType = mediaTypeOf(contentType);
  const { type } = mediaType;
  if (YAML_TYPES.includes(type)) {
    const charset = otherCharset(mediaType);
    if (charset !== undefined) {
      throw invalidField("body", `agent.yaml must be UTF-8; this one was declared charset=${charset}.`);
    }
    return bodyText;
  }
  if (type === "application/json") {
    requireJsonContentType(contentType);
    const parsed = AgentYamlJson.safeParse(parseJsonBody(bodyText));
    if (!parsed.success) {
      const errors = fieldErrors("body", parsed.error.issues);
      throw new ApiError(
        "validation_error",
        `The request has ${errors.length} invalid field${errors.length > 1 ? "s" : ""}.`,
        { errors },
      );
    }
    return parsed.data.yaml;
  }
  if (type === "multipart/form-data") {
    let form: FormData;
    try {
      form = await new Request("http://agent.yaml/", {
        method: "POST",
        headers: { "Content-Type": contentType! },
        body: bodyText,
      }).formData();
    } catch {
      throw invalidField("body", "The multipart/form-data body could not be read (check its boundary).");
    }
    const file: unknown = form.get("file");
    if (file === null) throw invalidField("body.file", "Send the agent.yaml in a part named file.");
    if (!(file instanceof Blob)) return String(file);
    const partType = mediaTypeOf(file.type).type;
    if (!FILE_PART_TYPES.includes(partType)) {
      throw invalidField(
        "body.file",
        `The part named file is ${partType}; send agent.yaml as application/yaml, text/yaml, text/plain or application/octet-stream.`,
      );
    }
    return await file.text();
  }
  throw invalidField(
    "body",
    `Send the agent.yaml as JSON { "yaml": "..." }, with Content-Type application/yaml or text/yaml, or as the part named file of multipart/form-data${type ? `; ${type} is not accepted` : ""}.`,
  );
}

/** The node at `path` (or its key, for a key that should not be there), else the deepest node on the way. */
function nodeAt(doc: Document, path: readonly PropertyKey[], key: boolean): Node | undefined {
  let node: unknown = doc.contents;
  let found = node as Node | undefined;
  for (const [index, segment] of path.entries()) {
    let next: unknown;
    if (isMap(node)) {
      const pair = node.items.find(
        (item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(segment),
      );
      next = pair && (key && index === path.length - 1 ? pair.key : pair.value);
    } else if (isSeq(node) && typeof segment === "number") {
      next = node.items[segment];
    }
    if (!next || typeof next !== "object" || !("range" in next)) break;
    node = next;
    found = next as Node;
  }
  return found;
}

function located(lines: LineCounter, offset: number | undefined) {
  if (offset === undefined) return {};
  const { line, col } = lines.linePos(offset);
  return { line, column: col };
}

const refuse = (detail: string, errors: LocatedError[]) => new ApiError("validation_error", detail, { errors });

/**
 * How deep agent.yaml may nest collections (maps and lists): the file itself needs two (its map,
 * the list of end_call_phrases). Deeper is refused before anything recurses through it (reading
 * it into values, checking its schema), so no depth makes the request run out of stack.
 */
const AGENT_YAML_MAX_DEPTH = 16;

/** The refusal of a file nested deeper than AGENT_YAML_MAX_DEPTH, where the first too-deep collection starts. */
function tooDeep(lines: LineCounter, offset: number | undefined): ApiError {
  const detail = `agent.yaml nests maps and lists more than ${AGENT_YAML_MAX_DEPTH} levels deep; it needs two (its keys, and the list of end_call_phrases).`;
  const at = located(lines, offset);
  return refuse(
    at.line === undefined ? detail : `${detail} The first too deep starts at line ${at.line}, column ${at.column}.`,
    [{ path: "body", message: detail, ...at }],
  );
}

/** The first collection nested deeper than AGENT_YAML_MAX_DEPTH, found without recursion (aliases are not followed). */
function tooDeepNode(root: unknown): Node | undefined {
  const pending: [unknown, number][] = [[root, 1]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, depth] = next;
    if (!isMap(node) && !isSeq(node)) continue;
    if (depth > AGENT_YAML_MAX_DEPTH) return node as Node;
    for (const item of node.items) {
      if (isPair(item)) pending.push([item.value, depth + 1], [item.key, depth + 1]);
      else pending.push([item, depth + 1]);
    }
  }
  return undefined;
}

/**
 * The agent.yaml, parsed as YAML 1.2 and validated. A syntax error is a 400 with its line and
 * column; schema errors are a 400 listing each field's path (body.end_call_phrases.2) with its
 * line and column in the file.
 */
export function parseAgentYaml(text: string): AgentYamlContent {
  const bytes = new TextEncoder().encode(text).byteLength;
  if (bytes > AGENT_YAML_MAX_BYTES)
    throw invalidField("body", `agent.yaml is ${bytes} bytes; at most ${AGENT_YAML_MAX_BYTES}.`);
  if (text.trim() === "") throw invalidField("body", "agent.yaml is empty.");
  const lines = new LineCounter();
  let doc: Document.Parsed;
  try {
    doc = parseDocument(text, {
      version: "1.2",
      schema: "core",
      lineCounter: lines,
      prettyErrors: false,
      uniqueKeys: true,
    });
  } catch (error) {
    // The parser records running out of stack as an error (below); should it throw instead, it is the same refusal.
    if (error instanceof RangeError) throw tooDeep(lines, undefined);
    throw error;
  }
  const exhausted = doc.errors.find((error) => error.code === "RESOURCE_EXHAUSTION");
  if (exhausted) throw tooDeep(lines, exhausted.pos[0]);
  if (doc.errors.length > 0) {
    const errors = doc.errors.map((error) => ({
      path: "body",
      message:
        error.code === "MULTIPLE_DOCS" ? "agent.yaml holds one document; a second one starts here." : error.message,
      ...located(lines, error.pos[0]),
    }));
    const [first] = errors;
    throw refuse(
      `agent.yaml is not valid YAML: line ${first!.line}, column ${first!.column}: ${first!.message}`,
      errors,
    );
  }
  const deep = tooDeepNode(doc.contents);
  if (deep) throw tooDeep(lines, deep.range?.[0]);
  let value: unknown;
  try {
    // Aliases are expanded a bounded number of times (no "billion laughs").
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    throw invalidField(
      "body",
      `agent.yaml could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const result = AgentYaml.safeParse(value);
  if (result.success) return result.data;
  const errors = result.error.issues.flatMap((issue): LocatedError[] => {
    const keys = issue.code === "unrecognized_keys" ? (issue as z.core.$ZodIssueUnrecognizedKeys).keys : undefined;
    const paths = keys ? keys.map((name) => [...issue.path, name]) : [issue.path];
    return paths.map((path) => ({
      path: ["body", ...path.map(String)].join("."),
      message: keys
        ? `Unknown key ${JSON.stringify(path.at(-1))}; agent.yaml takes base_version, name, language, voice, greeting, prompt, max_call_seconds and end_call_phrases.`
        : issue.message,
      ...located(lines, nodeAt(doc, path, keys !== undefined)?.range?.[0]),
    }));
  });
  throw refuse(`agent.yaml has ${errors.length} invalid field${errors.length > 1 ? "s" : ""}.`, errors);
}

/** An agent.yaml for `content`, edited from `baseVersion`: the form of templates and panel versions. */
export function renderAgentYaml(content: AgentContent, baseVersion: number, comment?: string): string {
  const doc = new Document({ base_version: baseVersion, ...content });
  if (comment) doc.commentBefore = ` ${comment}`;
  return doc.toString({ lineWidth: 0, blockQuote: "literal" });
}
