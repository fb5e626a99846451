import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const agentStatuses = ["draft", "active", "paused"] as const;
export const versionStatuses = ["draft", "published", "superseded"] as const;
export const versionSources = ["template", "panel", "api"] as const;

/**
 * A company's voice agents. Their content (greeting, prompt, voice) is what calls use now; PATCH
 * edits it. Versions are the agent.yaml history: drafts submitted through the API, published in the
 * panel. Created and deleted only in the panel (the admin CLI).
 */
export const agents = sqliteTable(
  "agents",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    name: text("name").notNull(),
    /** BCP 47, canonical case (es-ES). */
    language: text("language").notNull(),
    /** An id of the platform's voice catalogue. */
    voiceId: text("voice_id").notNull(),
    greeting: text("greeting").notNull(),
    prompt: text("prompt").notNull(),
    status: text("status", { enum: agentStatuses }).notNull(),
    /** The platform template the agent was created from, if any. */
    templateId: text("template_id"),
    /** Number of the agent's newest version (versions are numbered 1, 2, ... per agent). */
    latestVersion: integer("latest_version").notNull(),
    /** Number of the version published in the panel; null while none is. */
    publishedVersion: integer("published_version"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    /** Bumped by every content change: PATCH compares it with the one it read (compare-and-set). */
    rowVersion: integer("row_version").notNull().default(0),
  },
  (t) => [
    index("agents_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("agents_company_status_created_idx").on(t.companyId, t.status, t.createdAt, t.id),
  ],
);

/**
 * Versions of an agent's agent.yaml, numbered 1, 2, ... per agent. The unique index on
 * (agent_id, number) is what makes two submissions from the same base exclude each other: both
 * insert number base + 1, and only one row can hold it.
 */
export const agentVersions = sqliteTable(
  "agent_versions",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    agentId: text("agent_id").notNull(),
    number: integer("number").notNull(),
    /** The version this one was edited from; 0 for the first. */
    baseVersion: integer("base_version").notNull(),
    status: text("status", { enum: versionStatuses }).notNull(),
    source: text("source", { enum: versionSources }).notNull(),
    /** The agent.yaml exactly as submitted (comments included). */
    yaml: text("yaml").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("agent_versions_agent_number_idx").on(t.agentId, t.number),
    index("agent_versions_company_agent_number_idx").on(t.companyId, t.agentId, t.number, t.id),
  ],
);

export type AgentRow = typeof agents.$inferSelect;
export type AgentVersionRow = typeof agentVersions.$inferSelect;
