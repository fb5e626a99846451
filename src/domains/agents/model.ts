import { z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import type { ExampleRow } from "../../core/examples";
import { OffsetPageQuery } from "../../lib/pagination";
import { int32, requireSome } from "../../lib/schemas";
import { voiceIds, voiceSpeaks, type AgentTemplate as TemplateData } from "./catalogue";
import { agents, agentStatuses, versionSources, versionStatuses, type AgentRow, type AgentVersionRow } from "./schema";

const NAME_MAX = 100;
export const GREETING_MAX = 1_000;
export const PROMPT_MAX = 16_000;
const END_PHRASES_MAX = 20;
const END_PHRASE_MAX = 100;
/** An agent.yaml is at most this many bytes (UTF-8). */
export const AGENT_YAML_MAX_BYTES = 64 * 1024;

const voiceList = voiceIds.join(", ");

/** A BCP 47 language tag, in its canonical case (es-es -> es-ES); an invalid tag is refused. */
const languageTag = z
  .string()
  .trim()
  .min(2)
  .max(35)
  .transform((tag, ctx) => {
    try {
      const [canonical] = Intl.getCanonicalLocales(tag);
      if (canonical) return canonical;
    } catch {
      // Reported below.
    }
    ctx.addIssue({
      code: "custom",
      message: `${JSON.stringify(tag)} is not a BCP 47 language tag (for example es-ES or en-GB).`,
    });
    return z.NEVER;
  })
  .openapi({ description: "BCP 47 language tag", example: "es-ES" });

const voice = z
  .enum(voiceIds, { error: `Unknown voice; the platform's voices are ${voiceList}.` })
  .openapi({ description: "A voice of the platform's catalogue. It must speak the agent's language." });

const greeting = z
  .string()
  .trim()
  .min(1)
  .max(GREETING_MAX)
  .openapi({ description: `What the agent says first, 1 to ${GREETING_MAX} characters` });
const prompt = z
  .string()
  .trim()
  .min(1)
  .max(PROMPT_MAX)
  .openapi({ description: `The agent's instructions, 1 to ${PROMPT_MAX} characters` });

// ---------------------------------------------------------------------------------------------
// Requests

/** The agent the document's examples name (a campaign's, a dial's). */
export const exampleAgentId = "8a0c2e4b-6d8f-4a1c-9e3b-5d7f9b1d3f5a";

/** A company's row for it: its oldest active agent (a dial needs a published one). */
export const agentExampleRows: readonly ExampleRow[] = [
  { id: exampleAgentId, table: agents, where: eq(agents.status, "active"), order: [agents.createdAt, agents.id] },
];

export const AgentPath = z.object({
  agent_id: z.string().openapi({ format: "uuid", maxLength: 36, description: "Id of an agent of the key's company" }),
});

export const ListAgentsQuery = OffsetPageQuery.extend({
  status: z.enum(agentStatuses).optional().openapi({ description: "Only agents in this status" }),
  language: languageTag.optional().openapi({ description: "Only agents speaking this language (BCP 47, any case)" }),
});

export { OffsetPageQuery as ListVersionsQuery, OffsetPageQuery as ListTemplatesQuery };

/** PATCH: the fields sent change, the others stay; anything but greeting, prompt and voice is refused. */
export const UpdateAgentInput = requireSome(
  z.strictObject({ greeting: greeting.optional(), prompt: prompt.optional(), voice: voice.optional() }),
  "Send at least one of greeting, prompt and voice.",
).openapi("UpdateAgentInput", {
  description: "The agent's greeting, prompt or voice to change (the others stay).",
  example: { greeting: "Hello, thanks for calling. How can I help you today?" },
});

/**
 * The content of an agent.yaml. Unknown keys are refused (a misspelt key would otherwise be lost),
 * and the voice must speak the language.
 */
export const AgentYaml = z
  .strictObject({
    base_version: z
      .number()
      .int()
      .min(0)
      .openapi({ description: "The version this file was edited from (0 for an agent's first)" }),
    name: z.string().trim().min(1).max(NAME_MAX),
    language: languageTag,
    voice,
    greeting,
    prompt,
    max_call_seconds: z
      .number()
      .int()
      .min(30)
      .max(3_600)
      .optional()
      .openapi({ description: "Hang up after this long (30 to 3600 s)" }),
    end_call_phrases: z
      .array(z.string().trim().min(1).max(END_PHRASE_MAX))
      .max(END_PHRASES_MAX)
      .optional()
      .openapi({ description: `Up to ${END_PHRASES_MAX} phrases after which the agent ends the call` }),
  })
  .superRefine((file, ctx) => {
    if (!voiceSpeaks(file.voice, file.language)) {
      ctx.addIssue({
        code: "custom",
        path: ["voice"],
        message: `The voice ${file.voice} does not speak ${file.language}.`,
      });
    }
  });

export type AgentYamlContent = z.output<typeof AgentYaml>;

/** The example of the document: an edit of version 3. */
export const agentYamlExample =
  "base_version: 3\nname: Recepcionista\nlanguage: es-ES\nvoice: es-ES-elena\ngreeting: Hola, gracias por llamar. ¿En qué puedo ayudarle?\n" +
  "prompt: |\n  Eres la recepcionista de la empresa.\nmax_call_seconds: 600\nend_call_phrases:\n  - adiós\n";

const yamlText = z
  .string()
  .max(AGENT_YAML_MAX_BYTES)
  .openapi({
    description:
      `An agent.yaml (YAML 1.2, UTF-8, at most ${AGENT_YAML_MAX_BYTES} bytes): base_version, name, language (BCP 47), voice (${voiceList}), ` +
      `greeting (1 to ${GREETING_MAX} characters), prompt (1 to ${PROMPT_MAX}), optional max_call_seconds (30 to 3600) and end_call_phrases (up to ${END_PHRASES_MAX}); no other keys.`,
    example: agentYamlExample,
  });

/** The agent.yaml inside JSON: the form every generated client sends as is. */
export const AgentYamlJson = z
  .strictObject({ yaml: yamlText })
  .openapi("AgentYamlUpload", { description: "An agent.yaml sent as JSON: the file's text in `yaml`." });

/**
 * How POST /agents/{agent_id}/versions documents its body. JSON comes first: client generators
 * build their call from the first media type they support, and JSON is the one both openapi-typescript
 * (hey-api) and openapi-python-client send as declared (hey-api JSON-encodes a YAML string; the
 * Python generator drops application/yaml). The raw file and the multipart part stay for curl.
 */
export const agentYamlBody = {
  description:
    'The agent.yaml: as JSON `{ "yaml": "<the file>" }` (application/json), the raw file (application/yaml or text/yaml), ' +
    "or multipart/form-data with the file in a part named file.",
  content: {
    "application/json": AgentYamlJson,
    "application/yaml": yamlText,
    "text/yaml": yamlText,
    "multipart/form-data": z.object({
      file: z.string().max(AGENT_YAML_MAX_BYTES).openapi({ format: "binary", description: "The agent.yaml file" }),
    }),
  },
};

// ---------------------------------------------------------------------------------------------
// Responses

const timestamp = z.string().openapi({ format: "date-time" });

export const Agent = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    language: z.string().openapi({ description: "BCP 47", example: "es-ES" }),
    voice: z.string().openapi({ description: "Voice id of the platform's catalogue", example: "es-ES-elena" }),
    greeting: z.string(),
    prompt: z.string(),
    status: z.enum(agentStatuses).openapi({
      description: "draft: no version published yet; active: takes calls; paused: published but not taking calls",
    }),
    template_id: z.string().nullable().openapi({ description: "The template the agent was created from" }),
    latest_version: int32().openapi({ description: "Number of the agent's newest version" }),
    published_version: int32({ min: 1 })
      .nullable()
      .openapi({ description: "Number of the version published in the panel; null while none is" }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .openapi("Agent", {
    description: "A voice agent of the company: its language, voice, greeting, prompt, status and versions.",
  });

export type AgentView = z.output<typeof Agent>;

const versionFields = {
  id: z.string().uuid(),
  agent_id: z.string().uuid(),
  number: int32({ min: 1 }).openapi({ description: "1, 2, ... per agent" }),
  base_version: int32().openapi({ description: "The version it was edited from; 0 for the first" }),
  status: z.enum(versionStatuses).openapi({
    description:
      "draft: not published; published: the agent's published version; superseded: published once, replaced since",
  }),
  source: z.enum(versionSources).openapi({
    description:
      "template: the agent's first version, from its template; panel: made in the web panel; api: submitted through the API",
  }),
  created_at: timestamp,
};

export const AgentVersionSummary = z.object(versionFields).openapi("AgentVersionSummary", {
  description: "A version of an agent (an agent.yaml submission), without its file.",
});
export const AgentVersion = z
  .object({ ...versionFields, yaml: z.string().openapi({ description: "The agent.yaml exactly as submitted" }) })
  .openapi("AgentVersion", { description: "A version of an agent, with its agent.yaml." });

export const AgentTemplate = z
  .object({
    id: z.string().openapi({ example: "receptionist-es" }),
    name: z.string(),
    description: z.string(),
    language: z.string().openapi({ description: "BCP 47" }),
    voice: z.string(),
    yaml: z.string().openapi({ description: "The template's agent.yaml (base_version 0)" }),
  })
  .openapi("AgentTemplate", {
    description: "A template of the platform that agents are created from, with its agent.yaml.",
  });

export function toAgent(row: AgentRow): AgentView {
  return {
    id: row.id,
    name: row.name,
    language: row.language,
    voice: row.voiceId,
    greeting: row.greeting,
    prompt: row.prompt,
    status: row.status,
    template_id: row.templateId,
    latest_version: row.latestVersion,
    published_version: row.publishedVersion,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export function toVersionSummary(row: AgentVersionRow): z.output<typeof AgentVersionSummary> {
  return {
    id: row.id,
    agent_id: row.agentId,
    number: row.number,
    base_version: row.baseVersion,
    status: row.status,
    source: row.source,
    created_at: row.createdAt,
  };
}

export const toVersion = (row: AgentVersionRow): z.output<typeof AgentVersion> => ({
  ...toVersionSummary(row),
  yaml: row.yaml,
});

export const toTemplate = (template: TemplateData, yaml: string): z.output<typeof AgentTemplate> => ({
  id: template.id,
  name: template.name,
  description: template.description,
  language: template.content.language,
  voice: template.content.voice,
  yaml,
});

export const agentExample: z.input<typeof Agent> = {
  id: "9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  name: "Recepcionista",
  language: "es-ES",
  voice: "es-ES-elena",
  greeting: "Hola, gracias por llamar. ¿En qué puedo ayudarle?",
  prompt: "Eres la recepcionista de la empresa.",
  status: "active",
  template_id: "receptionist-es",
  latest_version: 4,
  published_version: 3,
  created_at: "2026-01-15T09:00:00.000Z",
  updated_at: "2026-04-26T10:15:30.000Z",
};

export const agentPageExample = { data: [agentExample], limit: 50, offset: 0 };

export const updateAgentExample: z.input<typeof UpdateAgentInput> = {
  greeting: "Hola, gracias por llamar a Reformas Demo. ¿En qué puedo ayudarle?",
};

export const agentVersionExample: z.input<typeof AgentVersion> = {
  id: "e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b",
  agent_id: "9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  number: 4,
  base_version: 3,
  status: "draft",
  source: "api",
  created_at: "2026-04-26T10:15:30.000Z",
  yaml: agentYamlExample,
};

export const agentVersionPageExample = { data: [agentVersionExample], limit: 50, offset: 0 };

export const agentTemplatePageExample = {
  data: [
    {
      id: "receptionist-es",
      name: "Recepcionista",
      description: "Answers calls, takes messages and books visits.",
      language: "es-ES",
      voice: "es-ES-elena",
      yaml: agentYamlExample.replace("base_version: 3", "base_version: 0"),
    },
  ],
  limit: 50,
  offset: 0,
};
