import { defineDomain } from "../../core/domain";
import { clientOperations } from "./routes";
import { seedClients } from "./seed";

export { clients } from "./schema";
export { clientIdentity } from "./model";
export { clientOfIdentity, clientSave } from "./queries";
export type { SeededClient } from "./seed";

/** Saved clients of the company (read only through the API). */
export default defineDomain({
  name: "clients",
  defaults: {
    tag: "Clients",
    tagDescription: "The clients the company saved in the panel, with their contact and tax details (read only).",
    plans: "ALL",
    capability: "clients",
  },
  operations: clientOperations,
  seed: async ({ db, company, random, now, scale }) => ({
    clients: (await seedClients(db, company.id, random, scale === "full" ? 24 : 6, now)).length,
  }),
});
