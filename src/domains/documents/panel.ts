import { z } from "@hono/zod-openapi";
import type { Config } from "../../config";
import type { Database } from "../../data/client";
import { nowIso } from "../../data/schema";
import { gateway, sealProviderSettings } from "../../integrations";
import { MAX_URL_LENGTH, requireResolvedPublicDestination } from "../../lib/destination";
import { InputError } from "../../lib/input-error";
import { CompanyParams, defineOperatorOperation } from "../../core/operator";
import { connectArchive, disconnectArchive } from "./queries";
import { requireCompany } from "../../data/rows";

/**
 * The operator's side of documents: connecting a company's own Paperless-ngx instance (its URL
 * and API token, sealed together per company) or disconnecting it. GET /api/v1/documents of the
 * company then reads that archive.
 */

/**
 * The archive's URL: the Worker sends the company's token there, so it passes the destination check
 * of every outbound URL (https, no credentials, a public host by name and by what it resolves to;
 * loopback only where WEBHOOKS_ALLOW_LOOPBACK says local development).
 */
const ArchiveUrl = z
  .string()
  .trim()
  .max(MAX_URL_LENGTH)
  .url()
  .transform((url) => url.replace(/\/+$/, ""));

const Archive = z.object({
  company_id: z.string(),
  url: z.string().nullable(),
  connected: z.boolean(),
  connected_at: z.string().nullable(),
});

/**
 * Connects (or replaces) the company's archive after one read of it with these settings, so a
 * wrong URL or token is refused (502) rather than stored. The token is sealed, never stored or
 * answered in clear.
 */
async function connectCompanyArchive(
  db: Database,
  config: Config,
  requestId: string,
  input: { companyId: string; url: string; token: string },
) {
  await requireCompany(db, input.companyId);
  const caller = { company: { id: input.companyId } };
  await requireResolvedPublicDestination(
    input.url,
    config.webhooksAllowLoopback,
    (name) => gateway({ config, requestId, caller }).dns.addresses(name),
    "body.url",
  );
  if (!config.webhookSecretKey)
    throw new InputError("missing_secret", "The at-rest key WEBHOOK_SECRET_KEY is needed to seal the archive's token.");
  const sealed = await sealProviderSettings(config, "paperless", input.companyId, {
    baseUrl: input.url,
    token: input.token,
  });
  await gateway(
    { config, requestId, caller },
    { companySettings: async (provider) => (provider === "paperless" ? sealed : null) },
  ).documents.list({ page: 1, pageSize: 1 });
  const connectedAt = nowIso();
  await connectArchive(db, {
    companyId: input.companyId,
    sealedProviderSettings: sealed,
    baseUrl: input.url,
    connectedAt,
  });
  return { company_id: input.companyId, url: input.url, connected: true, connected_at: connectedAt };
}

const connectArchiveOperation = defineOperatorOperation({
  operationId: "connectArchive",
  method: "put",
  path: "/admin/v1/companies/{company_id}/archive",
  summary: "Connect a company's document archive (Paperless-ngx)",
  description:
    "The archive's URL and an API token of it. The archive is read once with them first (502 if that fails: nothing is stored); the token is sealed and never answered. " +
    "Replaces the company's archive if it had one.",
  tag: "Document archive",
  request: { params: CompanyParams, body: z.object({ url: ArchiveUrl, token: z.string().min(1).max(500) }) },
  responses: { 200: { description: "The archive is connected", schema: Archive } },
  codes: [502, 503],
  handler: async ({ db, config, requestId, params, body }) => ({
    status: 200,
    body: await connectCompanyArchive(db, config, requestId, {
      companyId: params.company_id,
      url: body.url,
      token: body.token,
    }),
    audit: { companyId: params.company_id, resourceType: "document_archive", resourceId: params.company_id },
  }),
});

const disconnectArchiveOperation = defineOperatorOperation({
  operationId: "disconnectArchive",
  method: "delete",
  path: "/admin/v1/companies/{company_id}/archive",
  summary: "Disconnect a company's document archive",
  description:
    "Its sealed token is deleted; GET /api/v1/documents of the company answers 503 again. 404 if none was connected.",
  tag: "Document archive",
  request: { params: CompanyParams },
  responses: { 200: { description: "The archive is disconnected", schema: Archive } },
  codes: [],
  handler: async ({ db, params }) => {
    await requireCompany(db, params.company_id);
    if (!(await disconnectArchive(db, params.company_id)))
      throw new InputError("not_found", `The company ${params.company_id} has no archive connected.`);
    return {
      status: 200,
      body: { company_id: params.company_id, url: null, connected: false, connected_at: null },
      audit: { companyId: params.company_id, resourceType: "document_archive", resourceId: params.company_id },
    };
  },
});

export const documentOperatorOperations = [connectArchiveOperation, disconnectArchiveOperation];
