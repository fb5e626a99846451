import { defineDomain } from "../../core/domain";
import { recadoEvents } from "./events";
import { recadoOperatorOperations } from "./panel";
import { recadoOperations } from "./routes";
import { seedRecadosDomain } from "./seed";

export { recadoCreated } from "./events";
export { Recado, toRecado } from "./model";
export { recadoInsert, recadoOfCall, setUpWorkspace } from "./queries";

/** The workspace: the message slips ("recados") agents take during calls. */
export default defineDomain({
  name: "recados",
  defaults: {
    tag: "Workspace",
    tagDescription: "The team's workspace: message slips (recados) the voice agents took during calls.",
    plans: "NONE",
    capability: "workspace",
  },
  operations: recadoOperations,
  operatorOperations: recadoOperatorOperations,
  events: recadoEvents,
  seed: seedRecadosDomain,
});
