import type { Database } from "../../data/client";
import { runBatches } from "../../data/bulk";
import type { Random } from "../../lib/random";
import { findTemplate, type AgentContent, type AgentTemplate } from "./catalogue";
import { insertAgent } from "./queries";
import type { AgentRow, AgentVersionRow } from "./schema";
import { renderAgentYaml } from "./yaml";

const DAY = 86_400_000;

/** An agent's history as the panel would have made it: its first content, later edits, the version published. */
interface History {
  template: AgentTemplate | undefined;
  first: AgentContent;
  edits: Partial<AgentContent>[];
  /** The published version's number; null while none is. */
  published: number | null;
  status: "active" | "paused";
  createdAt: number;
}

/** The agent row and its versions for a history: version n + 1 is edited from n; the agent shows the published content. */
export function buildAgent(
  companyId: string,
  history: History,
  random: Random | undefined,
  agentId: string = crypto.randomUUID(),
): { agent: AgentRow; versions: AgentVersionRow[] } {
  const contents = [history.first];
  for (const edit of history.edits) contents.push({ ...contents.at(-1)!, ...edit });
  let at = history.createdAt;
  const versions = contents.map((content, index): AgentVersionRow => {
    const number = index + 1;
    if (index > 0) at += (random ? random.int(1, 4) : 1) * DAY;
    const published = history.published;
    return {
      id: crypto.randomUUID(),
      companyId,
      agentId,
      number,
      baseVersion: index,
      status: published === null || number > published ? "draft" : number === published ? "published" : "superseded",
      source: index === 0 && history.template ? "template" : "panel",
      yaml: renderAgentYaml(
        content,
        index,
        index === 0 && history.template ? `From the template ${history.template.id}` : undefined,
      ),
      createdAt: new Date(at).toISOString(),
    };
  });
  const shown = contents[(history.published ?? contents.length) - 1]!;
  const last = versions.at(-1)!;
  return {
    agent: {
      id: agentId,
      companyId,
      name: shown.name,
      language: shown.language,
      voiceId: shown.voice,
      greeting: shown.greeting,
      prompt: shown.prompt,
      status: history.published === null ? "draft" : history.status,
      templateId: history.template?.id ?? null,
      latestVersion: last.number,
      publishedVersion: history.published,
      createdAt: versions[0]!.createdAt,
      updatedAt: last.createdAt,
      rowVersion: 0,
    },
    versions,
  };
}

const template = (id: string) => findTemplate(id)!;

/** A realistic set for the demo company (Spanish) and a small one for others (British English). */
function histories(scale: "full" | "small", now: number): History[] {
  const at = (days: number) => now - days * DAY;
  if (scale === "small") {
    const reception = template("receptionist-en-gb");
    const leads = template("lead-qualifier-en-gb");
    return [
      {
        template: reception,
        first: reception.content,
        edits: [{ greeting: "Hello, you're through to reception. Olivia speaking, how can I help?" }],
        published: 2,
        status: "active",
        createdAt: at(40),
      },
      {
        template: leads,
        first: { ...leads.content, name: "Lead follow-up" },
        edits: [],
        published: 1,
        status: "active",
        createdAt: at(20),
      },
    ];
  }
  const reception = template("receptionist-es");
  const appointments = template("appointments-es");
  const english = template("receptionist-en-gb");
  return [
    {
      template: reception,
      first: { ...reception.content, name: "Recepción" },
      edits: [
        { greeting: "Hola, Reformas Demo, le atiende Elena. ¿En qué puedo ayudarle?" },
        { prompt: `${reception.content.prompt}Horario de oficina: de lunes a viernes, de 9:00 a 18:00.\n` },
        { end_call_phrases: ["adiós", "hasta luego", "gracias, nada más"] },
      ],
      published: 3,
      status: "active",
      createdAt: at(60),
    },
    {
      template: appointments,
      first: { ...appointments.content, name: "Citas de obra" },
      edits: [{ max_call_seconds: 420 }],
      published: 1,
      status: "active",
      createdAt: at(45),
    },
    {
      template: english,
      first: { ...english.content, name: "Reception (English)" },
      edits: [],
      published: 1,
      status: "paused",
      createdAt: at(30),
    },
    {
      template: appointments,
      first: { ...appointments.content, name: "Reactivación de clientes" },
      edits: [{ greeting: "Hola, le llamamos de Reformas Demo por su consulta del año pasado. ¿Tiene un minuto?" }],
      published: null,
      status: "active",
      createdAt: at(5),
    },
  ];
}

/** The company's agents, made from templates, each with its versions. */
export async function seedAgentDomain(
  db: Database,
  companyId: string,
  random: Random,
  now: number,
  scale: "full" | "small",
): Promise<Record<string, number>> {
  const built = histories(scale, now).map((history) => buildAgent(companyId, history, random));
  await runBatches(
    db,
    built.flatMap(({ agent, versions }) => insertAgent(db, agent, versions)),
  );
  return { agents: built.length, agent_versions: built.reduce((sum, { versions }) => sum + versions.length, 0) };
}
