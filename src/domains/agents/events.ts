import { z } from "@hono/zod-openapi";
import { defineEvent, type EventDefinition } from "../../data/events";
import { Agent, AgentVersionSummary } from "./model";

export const agentUpdated = defineEvent(
  "agent.updated",
  "An agent's content was changed (PATCH /agents/{agent_id}); `agent` is the agent after the change, `changed_fields` the fields the request sent.",
  z.object({ agent: Agent, changed_fields: z.array(z.enum(["greeting", "prompt", "voice"])).max(3) }),
);

export const agentVersionCreated = defineEvent(
  "agent.version_created",
  "An agent.yaml was submitted and stored as a draft version (POST /agents/{agent_id}/versions); the file itself is read from GET /agents/{agent_id}/versions.",
  z.object({ agent_id: z.string().uuid(), version: AgentVersionSummary }),
);

export const agentEvents: EventDefinition[] = [agentUpdated, agentVersionCreated];
