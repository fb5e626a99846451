import { defineOperation } from "../../core/operation";
import { offsetEnvelope } from "../../lib/pagination";
import { AuditEntry, auditPageExample, AuditQuery } from "./model";
import { listAuditEntries } from "./queries";

export const auditLogOperations = [
  defineOperation({
    operationId: "listAuditLog",
    method: "get",
    path: "/api/v1/audit-log",
    summary: "Read the activity log",
    description:
      "Every successful write made through the API: who (key), what (operation), which resource, when. Newest first.",
    scope: "audit:read",
    gate: "A",
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: AuditQuery },
    responses: {
      200: {
        description: "A page of audit entries",
        schema: offsetEnvelope(AuditEntry, "AuditPage", "A page of the activity log, newest first"),
        example: auditPageExample,
      },
    },
    handler: async ({ db, caller, query }) => ({
      status: 200,
      body: await listAuditEntries(db, caller.company.id, query),
    }),
  }),
];
