import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { ApiError } from "../../lib/errors";
import type { OperationTool } from "./tools";

/**
 * Which tools `tools/list` lists: the discovery tools, which reach every operation the key may
 * call, and the direct tools of the toolsets the client asks for. A toolset is a tag of the API
 * (`budgets`, `contact-lists`), `default` the few operations declared as common tasks
 * (`mcp.listedByDefault`), `all` every tag. Clients struggle with long lists (Cursor warns above 80
 * tools, Windsurf stops at 50), so a selection is listed toolset by toolset, in the order asked,
 * while the whole list stays within MAX_TOOLS; a toolset that would cross it is left out, and the
 * list says which (its operations stay reachable through call_operation, and by name).
 */

/** No selection lists more tools than this. */
export const MAX_TOOLS = 80;
/** The default list (no toolset asked for) lists at most this many. */
const MAX_DEFAULT_TOOLS = 20;
export const DEFAULT_TOOLSET = "default";
const ALL_TOOLSETS = "all";
/** Where a client asks for toolsets: `/mcp?toolsets=budgets,contacts`, or this header (for clients that cannot change the URL). */
const TOOLSETS_PARAMETER = "toolsets";
export const TOOLSETS_HEADER = "X-MCP-Toolsets";

/** Every toolset name, in the order of the operations' tags: `default` first. */
export function toolsetNames(tools: Iterable<OperationTool>): string[] {
  return [DEFAULT_TOOLSET, ...new Set([...tools].map((tool) => tool.toolset))];
}

/**
 * The toolsets a request asks for (the parameter's, then the header's), `all` expanded, in the
 * order asked; `default` when it asks for none. A name that is no toolset is 400, naming them all.
 */
export function requestedToolsets(url: URL, header: string | undefined, known: readonly string[]): string[] {
  const asked = [...url.searchParams.getAll(TOOLSETS_PARAMETER), header ?? ""]
    .flatMap((list) => list.split(","))
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== "");
  if (asked.length === 0) return [DEFAULT_TOOLSET];
  const unknown = asked.filter((name) => name !== ALL_TOOLSETS && !known.includes(name));
  if (unknown.length > 0) {
    throw new ApiError(
      "validation_error",
      `No toolset ${unknown.join(", ")}. The toolsets are ${[...known, ALL_TOOLSETS].join(", ")}.`,
      {
        errors: unknown.map(() => ({
          path: `query.${TOOLSETS_PARAMETER}`,
          message: `One of ${[...known, ALL_TOOLSETS].join(", ")}, separated by commas.`,
        })),
      },
    );
  }
  return [
    ...new Set(
      asked.flatMap((name) =>
        name === ALL_TOOLSETS ? known.filter((toolset) => toolset !== DEFAULT_TOOLSET) : [name],
      ),
    ),
  ];
}

/** What a selection lists: the tools, and which toolsets it listed and which it left out to stay within MAX_TOOLS. */
export interface Listing {
  tools: Tool[];
  listed: string[];
  leftOut: { toolset: string; tools: number }[];
}

/** The tools of `discovery` and of each toolset asked for, of the operation tools the key may call, within MAX_TOOLS. */
export function listing(
  selection: readonly string[],
  discovery: readonly Tool[],
  callable: readonly OperationTool[],
): Listing {
  const tools = [...discovery];
  const names = new Set(tools.map((tool) => tool.name));
  const listed: string[] = [];
  const leftOut: Listing["leftOut"] = [];
  for (const toolset of selection) {
    const members = callable
      .filter((tool) =>
        toolset === DEFAULT_TOOLSET ? tool.op.mcp?.listedByDefault === true : tool.toolset === toolset,
      )
      .filter((tool) => !names.has(tool.tool.name));
    if (tools.length + members.length > MAX_TOOLS) {
      leftOut.push({ toolset, tools: members.length });
      continue;
    }
    listed.push(toolset);
    for (const { tool } of members) {
      tools.push(tool);
      names.add(tool.name);
    }
  }
  return { tools, listed, leftOut };
}

/** The operations declared as common tasks must fit the default list beside the discovery tools. */
export function checkDefaultToolset(tools: Iterable<OperationTool>, discovery: readonly Tool[]): void {
  const defaults = [...tools].filter((tool) => tool.op.mcp?.listedByDefault).length;
  if (discovery.length + defaults > MAX_DEFAULT_TOOLS) {
    throw new Error(
      `${defaults} operations are listed by default (mcp.listedByDefault); with the ${discovery.length} discovery tools that is over ${MAX_DEFAULT_TOOLS}.`,
    );
  }
}
