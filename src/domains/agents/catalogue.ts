/**
 * The platform's voice catalogue and agent templates: global data, the same for every company and
 * every environment, shipped with the Worker (a new voice or template is a release, not a row a
 * tenant could change). The seed and the admin CLI build agents from them; the API validates voice
 * ids against them and lists the templates.
 */

export interface Voice {
  /** Stable id, used in agent.yaml and PATCH: <locale>-<name>. */
  id: string;
  name: string;
  gender: "female" | "male";
  /** BCP 47 locales the voice speaks natively. */
  locales: readonly string[];
}

const MULTILINGUAL = ["es-ES", "es-MX", "ca-ES", "en-GB", "en-US", "fr-FR", "de-DE", "it-IT", "pt-PT", "pt-BR"];

export const voices: readonly Voice[] = [
  { id: "es-ES-elena", name: "Elena", gender: "female", locales: ["es-ES"] },
  { id: "es-ES-alvaro", name: "Álvaro", gender: "male", locales: ["es-ES"] },
  { id: "es-MX-camila", name: "Camila", gender: "female", locales: ["es-MX"] },
  { id: "ca-ES-nuria", name: "Núria", gender: "female", locales: ["ca-ES"] },
  { id: "en-GB-olivia", name: "Olivia", gender: "female", locales: ["en-GB"] },
  { id: "en-GB-james", name: "James", gender: "male", locales: ["en-GB"] },
  { id: "en-US-ava", name: "Ava", gender: "female", locales: ["en-US"] },
  { id: "en-US-noah", name: "Noah", gender: "male", locales: ["en-US"] },
  { id: "fr-FR-lea", name: "Léa", gender: "female", locales: ["fr-FR"] },
  { id: "de-DE-katja", name: "Katja", gender: "female", locales: ["de-DE"] },
  { id: "it-IT-giulia", name: "Giulia", gender: "female", locales: ["it-IT"] },
  { id: "pt-PT-ines", name: "Inês", gender: "female", locales: ["pt-PT"] },
  { id: "multi-aria", name: "Aria (multilingual)", gender: "female", locales: MULTILINGUAL },
  { id: "multi-leo", name: "Leo (multilingual)", gender: "male", locales: MULTILINGUAL },
];

export const voiceIds = voices.map((voice) => voice.id) as [string, ...string[]];

const primary = (locale: string) => locale.split("-")[0]!.toLowerCase();

/**
 * Whether the voice can speak an agent's language: one of its locales has the same primary language
 * (an es-ES voice reads es-MX text, with its own accent; it cannot read English).
 */
export function voiceSpeaks(voiceId: string, language: string): boolean {
  const voice = voices.find((candidate) => candidate.id === voiceId);
  return voice?.locales.some((locale) => primary(locale) === primary(language)) ?? false;
}

/** What an agent says and does: the content of an agent.yaml apart from its base_version. */
export interface AgentContent {
  name: string;
  language: string;
  voice: string;
  greeting: string;
  prompt: string;
  max_call_seconds?: number;
  end_call_phrases?: string[];
}

export interface AgentTemplate {
  id: string;
  name: string;
  description: string;
  content: AgentContent;
}

export const templates: readonly AgentTemplate[] = [
  {
    id: "receptionist-es",
    name: "Recepcionista",
    description: "Answers inbound calls, says who the company is, takes a message and books a callback.",
    content: {
      name: "Recepcionista",
      language: "es-ES",
      voice: "es-ES-elena",
      greeting: "Hola, gracias por llamar. ¿En qué puedo ayudarle?",
      prompt:
        "Eres la recepcionista de la empresa. Saluda con cortesía, averigua el motivo de la llamada y el nombre de quien llama.\n" +
        "Si piden un presupuesto, toma sus datos de contacto y ofrece una llamada del equipo comercial.\n" +
        "No inventes precios ni plazos. Si no sabes algo, dilo y ofrece que alguien le devuelva la llamada.\n",
      max_call_seconds: 600,
      end_call_phrases: ["adiós", "hasta luego"],
    },
  },
  {
    id: "appointments-es",
    name: "Citas",
    description: "Books, moves and cancels appointments in the company's calendar and confirms them by SMS.",
    content: {
      name: "Gestor de citas",
      language: "es-ES",
      voice: "es-ES-alvaro",
      greeting: "Hola, le atiende el asistente de citas. ¿Quiere pedir, cambiar o anular una cita?",
      prompt:
        "Gestionas citas. Pide nombre, teléfono y la franja que prefiere. Ofrece como mucho tres huecos libres.\n" +
        "Repite la fecha y la hora antes de confirmar. Al terminar, di que recibirá un SMS de confirmación.\n",
      max_call_seconds: 480,
      end_call_phrases: ["adiós", "gracias, nada más"],
    },
  },
  {
    id: "receptionist-en-gb",
    name: "Receptionist",
    description: "Answers inbound calls in British English, takes a message and books a callback.",
    content: {
      name: "Receptionist",
      language: "en-GB",
      voice: "en-GB-olivia",
      greeting: "Hello, thanks for calling. How can I help?",
      prompt:
        "You are the company's receptionist. Greet the caller, find out who they are and why they are calling.\n" +
        "Take a message with a callback number. Never quote prices or dates you have not been given.\n",
      max_call_seconds: 600,
      end_call_phrases: ["goodbye", "bye"],
    },
  },
  {
    id: "lead-qualifier-en-gb",
    name: "Lead qualifier",
    description: "Calls new leads back within minutes, asks the qualifying questions and hands hot leads to sales.",
    content: {
      name: "Lead qualifier",
      language: "en-GB",
      voice: "en-GB-james",
      greeting: "Hi, this is the team you contacted on our website. Is now a good time for two quick questions?",
      prompt:
        "You call people who asked for information. Ask what they need, their timeline and their budget range.\n" +
        "If they are ready within a month, offer a call with a specialist. Be brief and polite; stop if they ask you to.\n",
      max_call_seconds: 300,
    },
  },
  {
    id: "support-en-us",
    name: "Customer support",
    description: "First-line support in US English: answers common questions and opens a ticket for the rest.",
    content: {
      name: "Support",
      language: "en-US",
      voice: "en-US-ava",
      greeting: "Hi, you've reached support. What can I help you with today?",
      prompt:
        "You are first-line support. Answer only from the knowledge base. If the question is not covered,\n" +
        "collect a description of the problem and an email address, and say a specialist will reply within one business day.\n",
      max_call_seconds: 900,
      end_call_phrases: ["that's all", "goodbye"],
    },
  },
];

export const findTemplate = (id: string) => templates.find((template) => template.id === id);

/** The language an agent without a template speaks, from the company's default region. */
const regionLanguages: Record<string, string> = {
  ES: "es-ES",
  MX: "es-MX",
  GB: "en-GB",
  US: "en-US",
  FR: "fr-FR",
  DE: "de-DE",
  IT: "it-IT",
  PT: "pt-PT",
};

/** Content of a new agent without a template: a plain assistant in the company's language. */
export function blankContent(name: string, region: string): AgentContent {
  const language = regionLanguages[region] ?? "en-US";
  const voice = voices.find((candidate) => candidate.locales.includes(language))?.id ?? "multi-aria";
  const spanish = language.startsWith("es");
  return {
    name,
    language,
    voice,
    greeting: spanish ? `Hola, le atiende ${name}. ¿En qué puedo ayudarle?` : `Hello, this is ${name}. How can I help?`,
    prompt: spanish
      ? "Eres el asistente telefónico de la empresa. Ayuda a quien llama y toma nota de lo que necesite.\n"
      : "You are the company's phone assistant. Help the caller and take note of what they need.\n",
  };
}
