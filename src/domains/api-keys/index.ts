import { defineDomain } from "../../core/domain";
import { apiKeyOperatorOperations } from "./panel";
import { apiKeyOperations } from "./routes";

/** The calling key's own rotation (keys are issued and revoked by the panel: the admin CLI). */
export default defineDomain({
  name: "api-keys",
  defaults: {
    tag: "API keys",
    tagDescription: "The calling key's own rotation (keys are issued and revoked in the panel).",
    plans: "SBAPE",
    capability: "api_keys",
  },
  operations: apiKeyOperations,
  operatorOperations: apiKeyOperatorOperations,
});
