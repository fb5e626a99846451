import { defineOperation } from "../../core/operation";
import { offsetEnvelope } from "../../lib/pagination";
import { patchAgent, requireAgent, submittedVersion, submitVersion, versionPage } from "./actions";
import { templatePage } from "./templates";
import {
  Agent,
  AGENT_YAML_MAX_BYTES,
  agentExample,
  agentPageExample,
  AgentPath,
  AgentTemplate,
  agentTemplatePageExample,
  AgentVersion,
  agentVersionExample,
  agentVersionPageExample,
  agentYamlBody,
  agentYamlExample,
  ListAgentsQuery,
  ListTemplatesQuery,
  ListVersionsQuery,
  toAgent,
  updateAgentExample,
  UpdateAgentInput,
} from "./model";
import { listAgents } from "./queries";

export const agentOperations = [
  defineOperation({
    operationId: "listAgents",
    method: "get",
    path: "/api/v1/agents",
    summary: "List voice agents",
    description:
      "The company's voice agents, newest first (created_at, then id, descending). Filters: status, language (BCP 47, " +
      "compared in canonical case). An unknown status or a malformed language is 400. Agents are created and deleted in the panel.",
    scope: "agents:read",
    gate: "A",
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: ListAgentsQuery },
    responses: {
      200: {
        description: "A page of agents",
        schema: offsetEnvelope(Agent, "AgentPage", "A page of the company's agents, newest first"),
        example: agentPageExample,
      },
    },
    handler: async ({ db, caller, query }) => ({
      status: 200,
      body: await listAgents(db, caller.company.id, { status: query.status, language: query.language }, query),
    }),
  }),

  defineOperation({
    operationId: "listAgentTemplates",
    method: "get",
    path: "/api/v1/agents/templates",
    summary: "List agent templates",
    description:
      "The platform's agent templates, the same for every company, each with its agent.yaml (base_version 0). The panel creates agents from them.",
    scope: "agents:read",
    gate: "A",
    codes: [200, 401, 403, 429, 500],
    request: { query: ListTemplatesQuery },
    responses: {
      200: {
        description: "A page of templates",
        schema: offsetEnvelope(AgentTemplate, "AgentTemplatePage", "A page of the platform's agent templates"),
        example: agentTemplatePageExample,
      },
    },
    handler: async ({ query }) => ({ status: 200, body: templatePage(query) }),
  }),

  defineOperation({
    operationId: "getAgent",
    method: "get",
    path: "/api/v1/agents/{agent_id}",
    summary: "View an agent",
    description: "One agent of the key's company; any other id (another company's, or one that is not an id) is 404.",
    scope: "agents:read",
    gate: "A",
    codes: [200, 401, 403, 404, 429, 500],
    request: { params: AgentPath },
    responses: { 200: { description: "The agent", schema: Agent, example: agentExample } },
    handler: async ({ db, caller, params }) => ({
      status: 200,
      body: toAgent(await requireAgent({ db, caller }, params.agent_id)),
    }),
  }),

  defineOperation({
    operationId: "updateAgent",
    method: "patch",
    path: "/api/v1/agents/{agent_id}",
    summary: "Update content (greeting, prompt, voice)",
    description:
      "Changes the agent's greeting, prompt or voice: the fields sent change, the others stay; any other field is 400. " +
      "The voice must be one of the platform's and speak the agent's language (else 400 naming body.voice). Concurrent " +
      "updates never lose each other's changes. Creates no version (versions are agent.yaml submissions). Emits agent.updated.",
    scope: "agents:write",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { params: AgentPath, body: UpdateAgentInput, example: updateAgentExample },
    responses: {
      200: {
        description: "The agent after the change",
        schema: Agent,
        example: { ...agentExample, greeting: updateAgentExample.greeting! },
      },
    },
    replay: async ({ db, caller, params }) => ({
      status: 200,
      body: toAgent(await requireAgent({ db, caller }, params.agent_id)),
    }),
    handler: async ({ db, caller, params, body, commit }) => ({
      status: 200,
      body: await patchAgent({ db, caller, commit }, { agentId: params.agent_id, body }),
    }),
  }),

  defineOperation({
    operationId: "listAgentVersions",
    method: "get",
    path: "/api/v1/agents/{agent_id}/versions",
    summary: "List agent versions",
    description: "The agent's versions, newest (highest number) first, each with its agent.yaml.",
    scope: "agents:read",
    gate: "A",
    codes: [200, 401, 403, 404, 429, 500],
    request: { params: AgentPath, query: ListVersionsQuery },
    responses: {
      200: {
        description: "A page of versions",
        schema: offsetEnvelope(AgentVersion, "AgentVersionPage", "A page of the agent's versions, newest first"),
        example: agentVersionPageExample,
      },
    },
    handler: async ({ db, caller, params, query }) => ({
      status: 200,
      body: await versionPage({ db, caller }, { agentId: params.agent_id, page: query }),
    }),
  }),

  defineOperation({
    operationId: "createAgentVersion",
    method: "post",
    path: "/api/v1/agents/{agent_id}/versions",
    summary: "Submit an agent.yaml, create a draft version",
    description:
      'Stores an agent.yaml as a draft version numbered one past the latest. Send the file as JSON `{ "yaml": "<the file>" }` ' +
      "(application/json, the form generated clients send), as the body itself (Content-Type application/yaml or text/yaml, UTF-8) " +
      "or as the part named file of multipart/form-data; at most " +
      `${AGENT_YAML_MAX_BYTES} bytes. It is parsed as YAML 1.2: a syntax error is 400 with its line and column; a schema ` +
      "error is 400 listing each field's path (`body.<key>`) with its line and column. base_version must be the agent's " +
      "latest version: otherwise 409 version_conflict, whose latest_version names it. Of concurrent submissions from " +
      "the same base exactly one is stored; the others answer that 409. Publishing happens in the panel. Emits agent.version_created.",
    scope: "agents:write",
    gate: "W",
    codes: [201, 400, 401, 403, 404, 409, 429, 500],
    request: { params: AgentPath, rawBody: agentYamlBody, example: { yaml: agentYamlExample } },
    responses: { 201: { description: "The draft version", schema: AgentVersion, example: agentVersionExample } },
    replay: async ({ db, caller, params }, { resourceId }) => {
      const version = resourceId ? await submittedVersion({ db, caller }, params.agent_id, resourceId) : undefined;
      return version && { status: 201, body: version };
    },
    handler: async ({ db, caller, params, bodyText, contentType, commit }) => ({
      status: 201,
      body: await submitVersion({ db, caller, commit }, { agentId: params.agent_id, bodyText, contentType }),
    }),
  }),
];
