import { describe, expect, it } from "vitest";
import { call, db } from "../../../test/helpers";
import { runBatches, chunkedInserts } from "../../core/db/bulk";
import { fund, ledgerOf } from "../../../test/wallet-operations";
import { jobsOf, settleJobs } from "../../../test/jobs";
import { contactListMembers, contactLists } from "../contact-lists/schema";
import { contacts } from "../contacts/schema";
import { addLists, createCampaign, marketer } from "../../../test/fixtures/campaigns";

const open = { PUBLIC_API_WRITE_ENABLED: "true", PUBLIC_API_SPEND_ENABLED: "true" };

describe("a dispatch of the largest batch", () => {
  it("enrolls a large audience and queues 500 attempts, one charge and 500 jobs in one transaction", async () => {
    const m = await marketer({ spendEnabled: true });
    await fund(m.companyId, 10_000);
    const now = new Date().toISOString();
    const listId = crypto.randomUUID();
    const people = Array.from({ length: 1_200 }, (_, i) => ({
      id: crypto.randomUUID(),
      companyId: m.companyId,
      firstName: `P${i}`,
      lastName: null,
      phone: null,
      companyName: null,
      notes: null,
      email: `bulk${i}.${m.companyId}@example.com`,
      tags: [],
      customFields: {},
      source: "seed" as const,
      createdAt: now,
      updatedAt: now,
    }));
    await runBatches(db, [
      ...chunkedInserts(db, contacts, people),
      ...chunkedInserts(db, contactLists, [{ id: listId, companyId: m.companyId, name: "Everyone", description: null, createdAt: now, updatedAt: now }]),
      ...chunkedInserts(db, contactListMembers, people.map((person) => ({ listId, contactId: person.id, companyId: m.companyId, addedAt: now }))),
    ]);
    const campaign = await createCampaign(m);
    await addLists(m, campaign.id, [listId]);
    const response = await call(`/api/v1/campaigns/${campaign.id}/dispatch`, { key: m.key, body: { batch_size: 500 }, vars: open, headers: { "Idempotency-Key": crypto.randomUUID() } });
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
});
