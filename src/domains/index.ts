import type { EventDefinition } from "../core/events";
import type { Operation } from "../core/operation";
import { apiKeyOperations } from "./api-keys/routes";
import { auditLogOperations } from "./audit-log/routes";
import { budgetEvents } from "./budgets/events";
import { budgetOperations } from "./budgets/routes";
import { clientOperations } from "./clients/routes";
import { contactListEvents } from "./contact-lists/events";
import { contactListOperations } from "./contact-lists/routes";
import { contactEvents } from "./contacts/events";
import { contactOperations } from "./contacts/routes";
import { invoiceOperations } from "./invoices/routes";
import { teamEvents } from "./team/events";
import { teamOperations } from "./team/routes";
import { webhookEvents } from "./webhooks/events";
import { webhookOperations } from "./webhooks/routes";

/** Every operation of the API. A domain adds its list here; nothing else needs to change. */
export const operations: readonly Operation[] = [
  ...budgetOperations,
  ...clientOperations,
  ...invoiceOperations,
  ...auditLogOperations,
  ...apiKeyOperations,
  ...contactOperations,
  ...contactListOperations,
  ...teamOperations,
  ...webhookOperations,
];

/** Every event type the API emits: the event catalogue. */
export const eventDefinitions: readonly EventDefinition[] = [
  ...budgetEvents,
  ...contactEvents,
  ...contactListEvents,
  ...teamEvents,
  ...webhookEvents,
];
