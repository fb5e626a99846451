import { sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * A company's connection to the document archive (Paperless-ngx, reached through the gateway).
 * Without a row the archive is not connected: 503 integration_not_configured.
 */
export const documentArchives = sqliteTable("document_archives", {
  companyId: text("company_id").primaryKey(),
  /**
   * The company's own archive settings (its API token), sealed with sealProviderSettings; null:
   * the deployment's. A secret: no answer, log line or event carries it.
   */
  sealedProviderSettings: text("sealed_provider_settings"),
  /** The company's own archive (the operator connected it; its URL is sealed with the token too); null: the deployment's. */
  baseUrl: text("base_url"),
  connectedAt: text("connected_at").notNull(),
});

export type DocumentArchiveRow = typeof documentArchives.$inferSelect;
