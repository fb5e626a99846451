import { defineOperation } from "../../core/operation";
import { listArchive } from "./actions";
import { ArchiveDocumentList, archiveDocumentListExample, ListDocumentsQuery } from "./model";

export const documentOperations = [
  defineOperation({
    operationId: "listDocuments",
    method: "get",
    path: "/api/v1/documents",
    summary: "List the document archive",
    description:
      "The newest documents of the company's archive (an external document archive reached through the provider gateway), with filters " +
      "`type`, `label`, `text`, `date_from` and `date_to` (dates, inclusive at both ends; a reversed range is 400) and `limit`. " +
      "503 integration_not_configured when no archive is connected to the account; 502 upstream_error when the archive fails.",
    scope: "documents:read",
    gate: "A",
    codes: [200, 400, 401, 403, 429, 500, 502, 503],
    request: { query: ListDocumentsQuery },
    responses: {
      200: { description: "The matching documents", schema: ArchiveDocumentList, example: archiveDocumentListExample },
    },
    handler: async ({ db, caller, config, requestId, query }) => ({
      status: 200,
      body: await listArchive({ db, caller, config, requestId }, query),
    }),
  }),
];
