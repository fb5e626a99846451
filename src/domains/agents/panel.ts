import { z } from "@hono/zod-openapi";
import type { Database } from "../../data/client";
import { runBatches } from "../../data/bulk";
import { notFound } from "../../lib/errors";
import { InputError } from "../../lib/input-error";
import { defineOperatorOperation, type OperatorOperation } from "../../core/operator";
import { blankContent, findTemplate, templates } from "./catalogue";
import { Agent, AgentVersionSummary, toAgent, toVersionSummary } from "./model";
import { companyRegion, deleteAgent, insertAgent } from "./queries";
import { buildAgent } from "./seed";
import { clock } from "../../lib/clock";

/** The panel's side of agents: the operator creates a company's agent (published, so active) and deletes one. */

/**
 * Creates an agent from a platform template, or a plain assistant in the company's language. Its
 * first version is published, so the agent is active.
 */
export async function createAgent(
  db: Database,
  input: { companyId: string; name: string; templateId?: string; now?: number },
) {
  const region = await companyRegion(db, input.companyId);
  if (region === undefined) throw new InputError("unknown_company", `No company ${input.companyId}.`);
  const name = input.name.trim();
  if (name === "" || name.length > 100)
    throw new InputError("invalid_argument", "The name must be 1 to 100 characters.");
  const template = input.templateId === undefined ? undefined : findTemplate(input.templateId);
  if (input.templateId !== undefined && !template)
    throw new InputError(
      "not_found",
      `No template ${input.templateId}; the templates are ${templates.map((t) => t.id).join(", ")}.`,
    );
  const first = template ? { ...template.content, name } : blankContent(name, region);
  const { agent, versions } = buildAgent(
    input.companyId,
    { template, first, edits: [], published: 1, status: "active", createdAt: input.now ?? clock.now() },
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
    "From a platform template (`template_id`, GET /api/v1/agents/templates lists them; unknown: 404) or a plain assistant in the company's language. Its first version is published: the agent is active.",
  tag: "Agents",
  request: {
    params: z.object({ company_id: id }),
    body: z.object({ name: z.string().trim().min(1).max(100), template_id: id.optional() }),
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

export const agentOperatorOperations: readonly OperatorOperation[] = [createCompanyAgent, deleteCompanyAgent];
