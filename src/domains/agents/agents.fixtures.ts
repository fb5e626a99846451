import { call, db } from "../../../test/helpers";
import { createAgent } from "./seed";

/** Helpers shared by the agents tests (not a test file itself). */

export const newAgent = (companyId: string, name = "Front desk", templateId = "receptionist-es") => createAgent(db, { companyId, name, templateId });

/** A valid agent.yaml edited from `base`, with lines replaced or added by `extra` (key: raw YAML value). */
export function agentYaml(base: number, extra: Record<string, string> = {}): string {
  const fields: Record<string, string> = {
    base_version: String(base),
    name: "Recepción",
    language: "es-ES",
    voice: "es-ES-elena",
    greeting: "Hola, ¿en qué puedo ayudarle?",
    prompt: "|\n  Eres la recepcionista.\n  Sé breve.",
    ...extra,
  };
  return `${Object.entries(fields)
    .map(([key, value]) => `${key}: ${value}`)
    .join("\n")}\n`;
}

/** POST /agents/{id}/versions with a raw body and its Content-Type. */
export const submit = (key: string, agentId: string, body: string, contentType = "application/yaml", headers: Record<string, string> = {}) =>
  call(`/api/v1/agents/${agentId}/versions`, { key, method: "POST", body, headers: { "Content-Type": contentType, ...headers } });

/** A multipart/form-data body as a browser would send it, with its Content-Type (boundary included). */
export async function multipart(parts: Record<string, string | File>): Promise<{ body: string; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) form.append(name, value);
  const request = new Request("http://form.test/", { method: "POST", body: form });
  return { body: new TextDecoder().decode(await request.arrayBuffer()), contentType: request.headers.get("Content-Type")! };
}
