import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { chunkedInserts } from "../../data/bulk";
import { preparedStatement, preparedVariants, type Database } from "../../data/client";
import { companyRow, ofCompany, rowOf } from "../../data/rows";
import { offsetPageQuery, preparedOffsetList, type ListKeys } from "../../data/lists";
import { changedMeanwhile, precondition } from "../../data/precondition";
import { companies } from "../../data/schema";
import type { WriteStatement } from "../../core/operation";
import type { OffsetPage } from "../../lib/pagination";
import { toAgent, toVersion } from "./model";
import { agents, agentVersions, type AgentRow, type AgentVersionRow } from "./schema";

/** Backed by agents_company_created_idx (with a status filter, agents_company_status_created_idx). */
const agentKeys: ListKeys = { company: agents.companyId, at: agents.createdAt, id: agents.id };

/** Newest version first: backed by agent_versions_company_agent_number_idx. */
const versionKeys: ListKeys = { company: agentVersions.companyId, at: agentVersions.number, id: agentVersions.id };

export interface AgentFilter {
  status?: AgentRow["status"];
  language?: string;
}

export function listAgents(db: Database, companyId: string, filter: AgentFilter, page: OffsetPage) {
  const statement = agentPage(db, { status: filter.status !== undefined, language: filter.language !== undefined });
  return preparedOffsetList(db, statement, companyId, page, toAgent, {
    status: filter.status,
    language: filter.language,
  });
}

/** The agent page query of each set of filters, prepared once per database. */
const agentPage = preparedVariants((db, filters: { status: boolean; language: boolean }) =>
  offsetPageQuery(
    db.select().from(agents).$dynamic(),
    agentKeys,
    and(
      filters.status ? eq(agents.status, sql.placeholder("status")) : undefined,
      filters.language ? eq(agents.language, sql.placeholder("language")) : undefined,
    ),
  ).prepare(),
);

export async function findAgent(db: Database, companyId: string, id: string): Promise<AgentRow | undefined> {
  return companyRow(db, agents, companyId, id);
}

/** An agent's version page, prepared once per database. */
const versionPage = preparedStatement((db) =>
  offsetPageQuery(
    db.select().from(agentVersions).$dynamic(),
    versionKeys,
    eq(agentVersions.agentId, sql.placeholder("agentId")),
  ).prepare(),
);

export function listVersions(db: Database, companyId: string, agentId: string, page: OffsetPage) {
  return preparedOffsetList(db, versionPage(db), companyId, page, toVersion, { agentId });
}

/** The agent's newest version number now (after a submission lost a race). */
export async function latestVersion(db: Database, companyId: string, agentId: string): Promise<number> {
  const row = await db
    .select({ latest: sql<number>`coalesce(max(${agentVersions.number}), 0)` })
    .from(agentVersions)
    .where(ofCompany(agentVersions, companyId, eq(agentVersions.agentId, agentId)))
    .get();
  return row?.latest ?? 0;
}

export type ContentChanges = Pick<AgentRow, "greeting" | "prompt" | "voiceId" | "updatedAt">;

/**
 * A content change as a compare-and-set: it applies only if the agent still has the row version
 * the change was computed from, and bumps it. Only the content columns are written, so a version
 * submission meanwhile (latest_version) is never undone.
 */
export function updateAgentContent(db: Database, current: AgentRow, changes: ContentChanges): WriteStatement[] {
  const same = rowOf(agents, current.companyId, current.id);
  return [
    precondition(
      db,
      sql`EXISTS (SELECT 1 FROM ${agents} WHERE ${and(same, eq(agents.rowVersion, current.rowVersion))})`,
      () => changedMeanwhile("agent"),
    ),
    db
      .update(agents)
      .set({ ...changes, rowVersion: current.rowVersion + 1 })
      .where(same),
  ];
}

/**
 * A new version and the agent's latest_version. The version's number is its base + 1: when another
 * submission from the same base committed first, the unique index (agent_id, number) fails this
 * batch, so two submissions from one base can never both be stored.
 */
export function insertVersion(db: Database, version: AgentVersionRow): BatchItem<"sqlite">[] {
  return [
    db.insert(agentVersions).values(version),
    db
      .update(agents)
      .set({ latestVersion: sql`max(${agents.latestVersion}, ${version.number})`, updatedAt: version.createdAt })
      .where(rowOf(agents, version.companyId, version.agentId)),
  ];
}

/** A new agent with its versions (the panel's create; the seed). */
export function insertAgent(
  db: Database,
  agent: AgentRow,
  versions: readonly AgentVersionRow[],
): BatchItem<"sqlite">[] {
  return [db.insert(agents).values(agent), ...chunkedInserts(db, agentVersions, versions)];
}

/** Removes an agent and its versions in one batch (the panel's delete); false when the company has no such agent. */
export async function deleteAgent(db: Database, companyId: string, agentId: string): Promise<boolean> {
  if (!(await findAgent(db, companyId, agentId))) return false;
  await db.batch([
    db.delete(agentVersions).where(ofCompany(agentVersions, companyId, eq(agentVersions.agentId, agentId))),
    db.delete(agents).where(rowOf(agents, companyId, agentId)),
  ]);
  return true;
}

export async function companyRegion(db: Database, companyId: string): Promise<string | undefined> {
  const row = await db
    .select({ region: companies.defaultRegion })
    .from(companies)
    .where(eq(companies.id, companyId))
    .get();
  return row?.region;
}

/** The ids of the company's agents, oldest first (for other domains' demo data: calls and numbers name real agents). */
export async function companyAgentIds(db: Database, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ id: agents.id })
    .from(agents)
    .where(ofCompany(agents, companyId))
    .orderBy(agents.createdAt, agents.id);
  return rows.map((row) => row.id);
}

/** One version of the company's agent by its number. */
export async function findVersion(
  db: Database,
  companyId: string,
  agentId: string,
  number: number,
): Promise<AgentVersionRow | undefined> {
  return db
    .select()
    .from(agentVersions)
    .where(ofCompany(agentVersions, companyId, eq(agentVersions.agentId, agentId), eq(agentVersions.number, number)))
    .get();
}

export type PublishedChanges = Pick<
  AgentRow,
  "name" | "language" | "voiceId" | "greeting" | "prompt" | "status" | "publishedVersion" | "updatedAt"
>;

/**
 * Publishes a draft version, compare-and-set on the agent as read (its row version and published
 * version) and on the version still being a draft: the version published before is superseded,
 * this one published, and the agent takes its content. Only the columns a publication changes are
 * written, so a version submitted meanwhile (latest_version) is kept.
 */
export function publishVersionStatements(
  db: Database,
  current: AgentRow,
  version: AgentVersionRow,
  changes: PublishedChanges,
): WriteStatement[] {
  const same = rowOf(agents, current.companyId, current.id);
  const published =
    current.publishedVersion === null
      ? sql`${agents.publishedVersion} IS NULL`
      : eq(agents.publishedVersion, current.publishedVersion);
  return [
    precondition(
      db,
      sql`EXISTS (SELECT 1 FROM ${agents} WHERE ${and(same, eq(agents.rowVersion, current.rowVersion), published)})
        AND EXISTS (SELECT 1 FROM ${agentVersions} WHERE ${rowOf(agentVersions, current.companyId, version.id, eq(agentVersions.status, "draft"))})`,
      () => changedMeanwhile("agent"),
    ),
    db
      .update(agentVersions)
      .set({ status: "superseded" })
      .where(
        ofCompany(
          agentVersions,
          current.companyId,
          eq(agentVersions.agentId, current.id),
          eq(agentVersions.status, "published"),
        ),
      ),
    db
      .update(agentVersions)
      .set({ status: "published" })
      .where(rowOf(agentVersions, current.companyId, version.id)),
    db
      .update(agents)
      .set({ ...changes, rowVersion: current.rowVersion + 1 })
      .where(same),
  ];
}
