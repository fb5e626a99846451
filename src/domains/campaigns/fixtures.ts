/** What the campaigns tests share: a company with an agent, a template, contacts and lists. */
import { expect } from "vitest";
import { call, db, tenant } from "../../../test/helpers";
import { createAgent } from "../agents";

export interface Marketer {
  companyId: string;
  key: string;
  agentId: string;
  templateId: string;
}

export const template = {
  name: "Offer",
  subject: "{{first_name}}, your offer",
  body: "<p>Hello {{first_name}}</p>{{#custom_fields.plan}}<p>Plan {{custom_fields.plan}}</p>{{/custom_fields.plan}}",
  text_body: "Hello {{first_name}}",
};

/** A company granted campaigns (and spending when asked), with an agent and a template. */
export async function marketer(options: { spendEnabled?: boolean } = {}): Promise<Marketer> {
  const t = await tenant({ capabilities: ["campaigns"], spendEnabled: options.spendEnabled ?? false });
  const { agent } = await createAgent(db, { companyId: t.companyId, name: "Sales agent" });
  const created = await call("/api/v1/email-templates", { key: t.key, body: template });
  expect(created.status).toBe(201);
  return { companyId: t.companyId, key: t.key, agentId: agent.id, templateId: created.json.id };
}

export async function createCampaign(m: Marketer, body: Record<string, unknown> = {}) {
  const response = await call("/api/v1/campaigns", { key: m.key, body: { name: "Spring", agent_id: m.agentId, template_id: m.templateId, ...body } });
  expect(response.status).toBe(201);
  return response.json as { id: string; [field: string]: unknown };
}

/** A list holding the given contacts (each created from its fields). */
export async function listOf(m: Marketer, people: readonly Record<string, unknown>[], name = "Audience") {
  const list = await call("/api/v1/contact-lists", { key: m.key, body: { name } });
  const ids: string[] = [];
  for (const person of people) {
    const created = await call("/api/v1/contacts", { key: m.key, body: person });
    expect(created.status).toBe(201);
    ids.push(created.json.id);
  }
  if (ids.length > 0) expect((await call(`/api/v1/contact-lists/${list.json.id}/members`, { key: m.key, body: { contact_ids: ids } })).status).toBe(200);
  return { listId: list.json.id as string, contactIds: ids };
}

export const people = (count: number, tag = crypto.randomUUID().slice(0, 8)) =>
  Array.from({ length: count }, (_, i) => ({ first_name: `Person${i}`, email: `p${i}.${tag}@example.com`, custom_fields: { plan: i % 2 ? "pro" : "basic" } }));

export const addLists = (m: Marketer, campaignId: string, listIds: readonly string[]) => call(`/api/v1/campaigns/${campaignId}/lists`, { key: m.key, body: { list_ids: listIds } });
export const patch = (m: Marketer, campaignId: string, body: unknown) => call(`/api/v1/campaigns/${campaignId}`, { key: m.key, method: "PATCH", body });
