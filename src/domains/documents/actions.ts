import type { z } from "@hono/zod-openapi";
import type { Uses } from "../../core/action";
import { ApiError } from "../../lib/errors";
import { gateway } from "../../integrations";
import { toArchiveDocument, type ListDocumentsQuery } from "./model";
import { findArchive } from "./queries";

/**
 * The newest documents of the company's archive that match the filters, read live from the archive
 * through the gateway: 503 while the company has no archive connected (or the archive is not
 * configured), 502 when it fails.
 */
export async function listArchive(
  { db, caller, config, requestId }: Uses<"db" | "caller" | "config" | "requestId">,
  query: z.output<typeof ListDocumentsQuery>,
) {
  const archive = await findArchive(db, caller.company.id);
  if (!archive)
    throw new ApiError(
      "integration_not_configured",
      "No document archive is connected to this account; it is connected by your distributor, not by a key or a plan.",
      { provider: "paperless" },
    );
  const documents = gateway(
    { config, requestId, caller },
    { companySettings: async (provider) => (provider === "paperless" ? archive.sealedProviderSettings : null) },
  ).documents;
  const page = await documents.list({
    type: query.type,
    label: query.label,
    text: query.text,
    dateFrom: query.date_from,
    dateTo: query.date_to,
    page: 1,
    pageSize: query.limit,
  });
  return { data: page.results.map(toArchiveDocument), limit: query.limit, total: page.count, has_more: page.hasMore };
}
