import type { Operation } from "../core/operation";
import { apiKeyOperations } from "./api-keys/routes";
import { auditLogOperations } from "./audit-log/routes";
import { budgetOperations } from "./budgets/routes";
import { clientOperations } from "./clients/routes";
import { invoiceOperations } from "./invoices/routes";

/** Every operation of the API. A domain adds its list here; nothing else needs to change. */
export const operations: readonly Operation[] = [
  ...budgetOperations,
  ...clientOperations,
  ...invoiceOperations,
  ...auditLogOperations,
  ...apiKeyOperations,
];
