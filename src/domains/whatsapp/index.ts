import { defineDomain } from "../../core/domain";
import { whatsappEvents } from "./events";
import { reconcileSend } from "./jobs";
import { whatsappOperations } from "./routes";

export { readWhatsAppPhone } from "./phone";

/** WhatsApp messaging for integrations: check, send, poll, templates, typing, and threads reserved for external bots. */
export default defineDomain({
  name: "whatsapp",
  defaults: {
    tag: "WhatsApp",
    tagDescription:
      "WhatsApp messaging for integrations, through the company's connected number: who can be written to and how, sending text " +
      "or templates, receiving by polling, approved templates, the typing indicator, and phones reserved for an external bot.",
    plans: "ALL",
    capability: "whatsapp",
  },
  operations: whatsappOperations,
  events: whatsappEvents,
  dueWork: [reconcileSend],
});
