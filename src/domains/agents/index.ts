import { defineDomain } from "../../core/domain";
import { agentEvents } from "./events";
import { agentOperatorOperations } from "./panel";
import { agentOperations } from "./routes";
import { seedAgentDomain } from "./seed";

import { agentExampleRows } from "./model";

export { Agent, exampleAgentId, toAgent } from "./model";
export { agents } from "./schema";
export { createAgent } from "./panel";
export { companyAgentIds, deleteAgent } from "./queries";
export { templates, voices, voiceSpeaks } from "./catalogue";

/** Voice agents: their content, their agent.yaml versions, and the platform's templates and voices. */
export default defineDomain({
  name: "agents",
  defaults: {
    tag: "Agents",
    tagDescription:
      "The company's voice agents: their greeting, prompt and voice, and their versions (agent.yaml files); the platform's templates.",
    plans: "ALL",
    capability: "agents",
  },
  operations: agentOperations,
  operatorOperations: agentOperatorOperations,
  events: agentEvents,
  examples: agentExampleRows,
  seed: ({ db, company, random, now, scale }) => seedAgentDomain(db, company.id, random, now, scale),
});
