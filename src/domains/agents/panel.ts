import { z } from "@hono/zod-openapi";
import type { Database } from "../../data/client";
import type { EmittedEvent } from "../../data/events";
import type { WriteStatement } from "../../data/write-batch";
import { runBatches } from "../../data/bulk";
import { ApiError, notFound } from "../../lib/errors";
import { nowIso } from "../../data/schema";
import { InputError } from "../../lib/input-error";
import { defineOperatorOperation, type OperatorOperation } from "../../core/operator";
import { blankContent, findTemplate, templates } from "./catalogue";
import { agentUpdated } from "./events";
import { Agent, AgentVersionSummary, toAgent, toVersionSummary } from "./model";
import { companyRegion, deleteAgent, findAgent, findVersion, insertAgent, publishVersionStatements } from "./queries";
import { parseAgentYaml } from "./yaml";
import { buildAgent } from "./seed";
import { clock } from "../../lib/clock";

/**
 * The panel's side of agents: the operator creates a company's agent (published, so active, or a
 * draft), publishes one of its versions, and deletes one.
 */

/**
 * Creates an agent from a platform template, or a plain assistant in the company's language. Its
 * first version is published, so the agent is active.
 */
export async function createAgent(
  db: Database,
  input: { companyId: string; name: string; templateId?: string; draft?: boolean; now?: number },
) {
  const region = await companyRegion(db, input.companyId);
  if (region === undefined) throw new InputError("unknown_company", `No company ${input.companyId}.`);
  const name = input.name.trim();
  if (name === "" || name.length > 100)
    throw new InputError("invalid_argument", "name must be 1 to 100 characters.", "body.name");
  const template = input.templateId === undefined ? undefined : findTemplate(input.templateId);
  if (input.templateId !== undefined && !template)
    throw new InputError(
      "not_found",
      `No template ${input.templateId}; the templates are ${templates.map((t) => t.id).join(", ")}.`,
    );
  const first = template ? { ...template.content, name } : blankContent(name, region);
  const { agent, versions } = buildAgent(
    input.companyId,
    {
      template,
      first,
      edits: [],
      published: input.draft ? null : 1,
      status: "active",
      createdAt: input.now ?? clock.now(),
    },
    undefined,
  );
  await runBatches(db, insertAgent(db, agent, versions));
  return { agent: toAgent(agent), version: toVersionSummary(versions[0]!) };
}

const id = z.string().min(1).max(100);

const createCompanyAgent = defineOperatorOperation({
  operationId: "createAgent",
  method: "post",
  path: "/admin/v1/companies/{company_id}/agents",
  summary: "Create a company's agent",
  description:
    "From a platform template (`template_id`, GET /api/v1/agents/templates lists them; unknown: 404) or a plain assistant in the company's language. Its first version is published: the agent is active; with `draft: true` nothing is published and the agent is a draft until a version is (POST .../versions/{number}/publish).",
  tag: "Agents",
  request: {
    params: z.object({ company_id: id }),
    body: z.object({
      name: z.string().trim().min(1).max(100),
      template_id: id.optional(),
      draft: z.boolean().optional(),
    }),
  },
  responses: {
    201: {
      description: "The agent and its first (published) version",
      schema: z.object({ agent: Agent, version: AgentVersionSummary }),
    },
  },
  codes: [],
  handler: async ({ db, params, body }) => {
    const created = await createAgent(db, {
      companyId: params.company_id,
      name: body.name,
      templateId: body.template_id,
      draft: body.draft,
    });
    return {
      status: 201,
      body: created,
      audit: { companyId: params.company_id, resourceType: "agent", resourceId: created.agent.id },
    };
  },
});

const deleteCompanyAgent = defineOperatorOperation({
  operationId: "deleteAgent",
  method: "delete",
  path: "/admin/v1/companies/{company_id}/agents/{agent_id}",
  summary: "Delete a company's agent and its versions",
  tag: "Agents",
  request: { params: z.object({ company_id: id, agent_id: id }) },
  responses: {
    200: { description: "The agent is deleted", schema: z.object({ agent_id: z.string(), deleted: z.literal(true) }) },
  },
  codes: [],
  handler: async ({ db, params }) => {
    if (!(await deleteAgent(db, params.company_id, params.agent_id))) throw notFound("agent");
    return {
      status: 200,
      body: { agent_id: params.agent_id, deleted: true as const },
      audit: { companyId: params.company_id, resourceType: "agent", resourceId: params.agent_id },
    };
  },
});

const refusePublication = (detail: string) => new ApiError("conflict", detail);

/**
 * Publishes a draft version: the agent takes its content (name, language, voice, greeting,
 * prompt) and a draft agent becomes active (a paused one stays paused). State only moves forward:
 * a version that is not a draft, or older than the one published, is 409.
 */
async function publishAgentVersion(
  {
    db,
    commit,
  }: {
    db: Database;
    commit: (
      companyId: string,
      statements: readonly WriteStatement[],
      events?: readonly EmittedEvent[],
    ) => Promise<unknown>;
  },
  input: { companyId: string; agentId: string; number: number },
) {
  const current = await findAgent(db, input.companyId, input.agentId);
  if (!current) throw notFound("agent");
  const version = await findVersion(db, input.companyId, current.id, input.number);
  if (!version) throw notFound("agent version");
  if (version.status !== "draft")
    throw refusePublication(`Version ${version.number} is ${version.status}; only a draft is published.`);
  if (current.publishedVersion !== null && version.number < current.publishedVersion)
    throw refusePublication(
      `Version ${version.number} is older than version ${current.publishedVersion}, the one published; submit it again as a new version to publish its content.`,
    );
  const file = parseAgentYaml(version.yaml);
  const changes = {
    name: file.name,
    language: file.language,
    voiceId: file.voice,
    greeting: file.greeting,
    prompt: file.prompt,
    status: current.status === "draft" ? ("active" as const) : current.status,
    publishedVersion: version.number,
    updatedAt: nowIso(),
  };
  const agent = toAgent({ ...current, ...changes });
  const changed = (
    [
      ["greeting", current.greeting !== changes.greeting],
      ["prompt", current.prompt !== changes.prompt],
      ["voice", current.voiceId !== changes.voiceId],
    ] as const
  )
    .filter(([, differs]) => differs)
    .map(([field]) => field);
  await commit(
    input.companyId,
    publishVersionStatements(db, current, version, changes),
    changed.length > 0 ? [agentUpdated.of({ agent, changed_fields: changed })] : [],
  );
  return { agent, version: toVersionSummary({ ...version, status: "published" }) };
}

const publishCompanyAgentVersion = defineOperatorOperation({
  operationId: "publishAgentVersion",
  method: "post",
  path: "/admin/v1/companies/{company_id}/agents/{agent_id}/versions/{number}/publish",
  summary: "Publish a version of a company's agent",
  description:
    "A draft version (POST /api/v1/agents/{agent_id}/versions) becomes the published one: the agent takes its content, a draft agent becomes active (and can be dialled), the version published before is superseded. A version that is not a draft, or older than the published one, is 409; so is an agent changed meanwhile (compare-and-set). Emits agent.updated when the greeting, prompt or voice changed.",
  tag: "Agents",
  request: {
    params: z.object({ company_id: id, agent_id: id, number: z.coerce.number().int().min(1).max(1_000_000) }),
  },
  responses: {
    200: {
      description: "The agent and the version published",
      schema: z.object({ agent: Agent, version: AgentVersionSummary }),
    },
  },
  codes: [409],
  handler: async ({ db, commit, params }) => {
    const published = await publishAgentVersion(
      { db, commit },
      { companyId: params.company_id, agentId: params.agent_id, number: params.number },
    );
    return {
      status: 200,
      body: published,
      audit: { companyId: params.company_id, resourceType: "agent_version", resourceId: published.version.id },
    };
  },
});

export const agentOperatorOperations: readonly OperatorOperation[] = [
  createCompanyAgent,
  publishCompanyAgentVersion,
  deleteCompanyAgent,
];
