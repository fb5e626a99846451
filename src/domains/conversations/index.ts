import { defineDomain } from "../../core/domain";
import { messageStatusCallback } from "./callbacks";
import { conversationEvents } from "./events";
import { inboundMessageCallback } from "./inbound";
import { inboundSmsCallback } from "./sms-inbound";
import { sendReply, sendSmsReply } from "./jobs";
import { conversationsOperatorOperations } from "./panel";
import { conversationOperations } from "./routes";
import { messageExampleRows } from "./model";
import { seedConversationDomain } from "./seed";
import { refreshWhatsAppToken } from "./tokens";

export { connectionGateway, sealConnectionCredentials, type ConnectionCredentials } from "./connections";
export { whatsappMessageFailed, whatsappMessageSent } from "./events";
export { connectWhatsAppNumber, disconnectWhatsAppNumber } from "./panel";
export {
  Message,
  messageExample,
  SERVICE_WINDOW_HOURS,
  SERVICE_WINDOW_MS,
  MAX_MESSAGE_TEXT,
  toMessage,
  windowOpen,
  type MessageView,
} from "./model";
export {
  addToWhitelist,
  connectionOf,
  conversationOf,
  defaultConnection,
  findMessage,
  insertConnection,
  markReadUpTo,
  messagesAfter,
  messageView,
  noConnectionReason,
  phoneStates,
  recordInboundMessage,
  recordMessage,
  removeFromWhitelist,
  settleQueued,
  unusableReason,
  whitelistEntry,
  type MessageRecord,
  type NewConnection,
  type NewMessage,
} from "./queries";
export {
  conversations,
  messages,
  whatsappConnections,
  whatsappWhitelist,
  type ConnectionRow,
  type MessageRow,
} from "./schema";

/** The WhatsApp inbox (gate C): conversations, their messages and the takeover by a human; the company's numbers; SMS sent to its rented numbers (sms-inbound.ts). */
export default defineDomain({
  name: "conversations",
  defaults: {
    tag: "Conversations",
    tagDescription:
      "The WhatsApp inbox: conversations with the company's contacts, their messages, and the takeover by a person of the team. " +
      "Replies are recorded and sent by the gateway through a queue; the company's numbers and their provider tokens are held by the service.",
    plans: "ALL",
    capability: "whatsapp",
  },
  operations: conversationOperations,
  operatorOperations: conversationsOperatorOperations,
  events: conversationEvents,
  examples: messageExampleRows,
  seed: seedConversationDomain,
  jobs: [sendReply, sendSmsReply],
  dueWork: [refreshWhatsAppToken],
  callbacks: [messageStatusCallback, inboundMessageCallback, inboundSmsCallback],
});
