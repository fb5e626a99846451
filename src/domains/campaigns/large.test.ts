import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { call, db } from "../../../test/helpers";
import { databaseFor } from "../../data/tenancy";
import { runBatches, chunkedInserts } from "../../data/bulk";
import { fund, ledgerOf } from "../../../test/wallet-operations";
import { jobsOf, settleJobs } from "../../../test/jobs";
import { contactListMembers, contactLists } from "../contact-lists/schema";
import { contacts } from "../contacts/schema";
import { addLists, createCampaign, marketer } from "../../../test/fixtures/campaigns";
import { campaignAttempts, campaignBatches } from "./schema";

const open = { PUBLIC_API_WRITE_ENABLED: "true", PUBLIC_API_SPEND_ENABLED: "true" };

/** A list of `count` contacts with an email, written straight to D1 (creating them one by one would take minutes). */
async function bulkList(companyId: string, count: number): Promise<string> {
  const now = new Date().toISOString();
  const listId = crypto.randomUUID();
  const people = Array.from({ length: count }, (_, i) => ({
    id: crypto.randomUUID(),
    companyId,
    firstName: `P${i}`,
    lastName: null,
    phone: null,
    companyName: null,
    notes: null,
    email: `bulk${i}.${companyId}@example.com`,
    tags: [],
    customFields: {},
    source: "seed" as const,
    createdAt: now,
    updatedAt: now,
  }));
  await runBatches(db, [
    ...chunkedInserts(db, contacts, people),
    ...chunkedInserts(db, contactLists, [
      { id: listId, companyId, name: "Everyone", description: null, createdAt: now, updatedAt: now },
    ]),
    ...chunkedInserts(
      db,
      contactListMembers,
      people.map((person) => ({ listId, contactId: person.id, companyId, addedAt: now })),
    ),
  ]);
  return listId;
}

/** The bytes a table's matching rows hold in D1: every column's value as stored (text in UTF-8, numbers as their digits). */
/** The bytes `table`'s rows matching `where` store, read in the company's own store (an aggregate is not fanned out). */
async function storedBytes(companyId: string, table: SQLiteTable, where: SQL): Promise<number> {
  const columns = Object.values(getTableColumns(table)).map(
    (column) => sql`coalesce(length(CAST(${column} AS BLOB)), 0)`,
  );
  const row = await databaseFor(env, companyId).get<{ bytes: number | null }>(
    sql`SELECT sum(${sql.join(columns, sql` + `)}) AS bytes FROM ${table} WHERE ${where}`,
  );
  return row?.bytes ?? 0;
}

describe("a dispatch of the largest batch", () => {
  it("enrolls a large audience and queues 500 attempts, one charge and 500 jobs in one transaction", async () => {
    const m = await marketer({ spendEnabled: true });
    await fund(m.companyId, 10_000);
    const listId = await bulkList(m.companyId, 1_200);
    const campaign = await createCampaign(m);
    await addLists(m, campaign.id, [listId]);
    const response = await call(`/api/v1/campaigns/${campaign.id}/dispatch`, {
      key: m.key,
      body: { batch_size: 500 },
      vars: open,
      headers: { "Idempotency-Key": crypto.randomUUID() },
    });
    expect(response.status).toBe(200);
    expect(response.json.batch).toMatchObject({ recipients: 500, amount_minor: 500, remaining: 700 });
    expect(response.json.campaign.counts.enrolled).toBe(1_200);
    expect((await ledgerOf(m.companyId)).filter((entry) => entry.kind === "charge")).toHaveLength(1);
    expect((await jobsOf(m.companyId)).length).toBe(500);
    // The Queue's consumer sends them in the background; each attempt ends sent.
    await settleJobs(m.companyId, { rounds: 100 });
    const view = await call(`/api/v1/campaigns/${campaign.id}`, { key: m.key });
    expect(view.json.counts).toMatchObject({ enrolled: 1_200, pending: 700, queued: 0, sent: 500 });
  }, 120_000);

  it("stores a 199 KB template once per dispatch, not once per recipient", async () => {
    const m = await marketer({ spendEnabled: true });
    await fund(m.companyId, 10_000);
    const filler = "<p>Our spring offer, in detail.</p>\n".repeat(5_600);
    const template = await call("/api/v1/email-templates", {
      key: m.key,
      body: {
        name: "Newsletter",
        subject: "{{first_name}}, the spring letter",
        body: `<p>Hello {{first_name}}</p>${filler}`.slice(0, 199_000),
        text_body: `Hello {{first_name}}\n${filler}`.slice(0, 199_000),
      },
    });
    expect(template.status).toBe(201);
    const campaign = await createCampaign(m, { template_id: template.json.id });
    await addLists(m, campaign.id, [await bulkList(m.companyId, 500)]);
    const response = await call(`/api/v1/campaigns/${campaign.id}/dispatch`, {
      key: m.key,
      body: { batch_size: 500 },
      vars: open,
      headers: { "Idempotency-Key": crypto.randomUUID() },
    });
    expect(response.status).toBe(200);
    const templateBytes = await storedBytes(
      m.companyId,
      campaignBatches,
      sql`${campaignBatches.campaignId} = ${campaign.id}`,
    );
    const attemptBytes = await storedBytes(
      m.companyId,
      campaignAttempts,
      sql`${campaignAttempts.campaignId} = ${campaign.id}`,
    );
    console.log(
      `D1 bytes of a dispatch of a 398,000-character template to 500 recipients: template ${templateBytes}, attempts ${attemptBytes}`,
    );
    // Rendered per recipient, this was about 198 MB (396 KB an attempt); now the template once and a few hundred bytes a recipient.
    expect(templateBytes).toBeGreaterThan(398_000);
    expect(templateBytes).toBeLessThan(400_000);
    expect(attemptBytes / 500).toBeLessThan(500);
  }, 300_000);
});
