import type { z } from "@hono/zod-openapi";
import type { Uses } from "../../core/action";
import { isUniqueViolation } from "../../data/bulk";
import { retryOnConflict } from "../../data/precondition";
import { companyRow } from "../../data/rows";
import { nowIso } from "../../data/schema";
import { ApiError, invalidField, notFound, orNotFound } from "../../lib/errors";
import type { OffsetPage } from "../../lib/pagination";
import { voiceSpeaks } from "./catalogue";
import { agentUpdated, agentVersionCreated } from "./events";
import { toAgent, toVersion, toVersionSummary, type AgentView, type UpdateAgentInput } from "./model";
import { findAgent, insertVersion, latestVersion, listVersions, updateAgentContent } from "./queries";
import { agentVersions, type AgentVersionRow } from "./schema";
import { agentYamlText, parseAgentYaml } from "./yaml";

/** One agent of the company; any other id is 404. */
export function requireAgent({ db, caller }: Uses<"db" | "caller">, agentId: string) {
  return orNotFound(findAgent(db, caller.company.id, agentId), "agent");
}

/** A page of one agent's versions (404 for an agent not the company's). */
export async function versionPage(
  { db, caller }: Uses<"db" | "caller">,
  { agentId, page }: { agentId: string; page: OffsetPage },
) {
  const agent = await requireAgent({ db, caller }, agentId);
  return listVersions(db, caller.company.id, agent.id, page);
}

/**
 * PATCH: the fields sent replace the agent's, merged into the agent as read and written only if no
 * other change moved it meanwhile (compare-and-set on its row version); if one did, merge again.
 */
export async function patchAgent(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  { agentId, body }: { agentId: string; body: z.output<typeof UpdateAgentInput> },
): Promise<AgentView> {
  const companyId = caller.company.id;
  const changed = (["greeting", "prompt", "voice"] as const).filter((field) => body[field] !== undefined);
  return retryOnConflict(async () => {
    const current = await findAgent(db, companyId, agentId);
    if (!current) throw notFound("agent");
    if (body.voice !== undefined && !voiceSpeaks(body.voice, current.language)) {
      throw invalidField(
        "body.voice",
        `The voice ${body.voice} does not speak the agent's language, ${current.language}.`,
      );
    }
    const changes = {
      greeting: body.greeting ?? current.greeting,
      prompt: body.prompt ?? current.prompt,
      voiceId: body.voice ?? current.voiceId,
      updatedAt: nowIso(),
    };
    const agent = toAgent({ ...current, ...changes });
    await commit(updateAgentContent(db, current, changes), { resourceType: "agent", resourceId: current.id }, [
      agentUpdated.of({ agent, changed_fields: changed }),
    ]);
    return agent;
  });
}

const versionConflict = (base: number, latest: number) =>
  new ApiError(
    "version_conflict",
    `agent.yaml was edited from version ${base}, but the agent's latest version is ${latest}: apply your changes to version ${latest} and submit with base_version: ${latest}.`,
    { base_version: base, latest_version: latest },
  );

/**
 * POST /agents/{agent_id}/versions: the agent.yaml as a new draft numbered base_version + 1. A
 * base that is not the latest is refused at once; a submission that loses a race from the same
 * base is refused by the unique index (agent_id, number) and answers the same 409.
 */
export async function submitVersion(
  { db, caller, commit }: Uses<"db" | "caller" | "commit">,
  { agentId, bodyText, contentType }: { agentId: string; bodyText: string; contentType: string | undefined },
) {
  const companyId = caller.company.id;
  const agent = await findAgent(db, companyId, agentId);
  if (!agent) throw notFound("agent");
  const yaml = await agentYamlText(bodyText, contentType);
  const file = parseAgentYaml(yaml);
  if (file.base_version !== agent.latestVersion) throw versionConflict(file.base_version, agent.latestVersion);
  const row: AgentVersionRow = {
    id: crypto.randomUUID(),
    companyId,
    agentId: agent.id,
    number: file.base_version + 1,
    baseVersion: file.base_version,
    status: "draft",
    source: "api",
    yaml,
    createdAt: nowIso(),
  };
  try {
    await commit(insertVersion(db, row), { resourceType: "agent_version", resourceId: row.id }, [
      agentVersionCreated.of({ agent_id: agent.id, version: toVersionSummary(row) }),
    ]);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw versionConflict(file.base_version, await latestVersion(db, companyId, agent.id));
  }
  return toVersion(row);
}

/** The version a submission wrote (its audit entry names it), as the submission answered it; undefined once gone. */
export async function submittedVersion({ db, caller }: Uses<"db" | "caller">, agentId: string, versionId: string) {
  const row = await companyRow(db, agentVersions, caller.company.id, versionId);
  return row?.agentId === agentId ? toVersion(row) : undefined;
}
