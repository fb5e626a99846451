import { describe, expect, it } from "vitest";
import { call, db, keyFor, tenant } from "../../../test/helpers";
import { seededRandom } from "../../lib/random";
import { seedAgentDomain } from "../agents/seed";
import { seedContactListDomain } from "../contact-lists/seed";
import { seedContactDomain } from "../contacts/seed";
import { seedEmailTemplateDomain } from "../email-templates/seed";
import { seedSequenceDomain } from "../sequences/seed";
import { seedCampaignDomain } from "./seed";

describe("the campaigns, templates and sequences seed", () => {
  it("gives a full company templates, a welcome sequence with enrollments, a finished campaign whose counts agree and a draft", async () => {
    const t = await tenant({ defaultRegion: "ES", capabilities: ["campaigns"] });
    const random = seededRandom(11);
    const now = Date.now();
    await seedContactDomain(db, t.companyId, random, now);
    await seedContactListDomain(db, t.companyId, random, now);
    await seedAgentDomain(db, t.companyId, random, now, "full");
    await seedEmailTemplateDomain(db, t.companyId, random, now, "full");
    await seedSequenceDomain(db, t.companyId, random, now, "full");
    const counts = await seedCampaignDomain(db, t.companyId, random, now, "full");
    const { key } = await keyFor(t.companyId);

    const templates = (await call("/api/v1/email-templates", { key })).json.data as { placeholders: string[] }[];
    expect(templates).toHaveLength(3);
    expect(templates.every((template) => template.placeholders.length > 0)).toBe(true);
    const sequences = (await call("/api/v1/sequences", { key })).json.data as {
      status: string;
      enrolled_count: number;
      steps: unknown[];
    }[];
    expect(sequences.map((sequence) => sequence.status).sort()).toEqual(["active", "archived"]);
    expect(sequences.find((sequence) => sequence.status === "active")!.enrolled_count).toBeGreaterThan(0);

    const campaigns = (await call("/api/v1/campaigns", { key })).json.data as {
      id: string;
      status: string;
      counts: { enrolled: number; sent: number; failed: number };
    }[];
    expect(campaigns.map((campaign) => campaign.status).sort()).toEqual(["completed", "draft"]);
    const finished = campaigns.find((campaign) => campaign.status === "completed")!;
    expect(finished.counts.enrolled).toBe(counts.campaign_attempts);
    expect(finished.counts.sent + finished.counts.failed).toBe(finished.counts.enrolled);
    const attempts = await call(`/api/v1/campaigns/${finished.id}/attempts?status=sent&limit=100`, { key });
    expect(attempts.json.data.length).toBe(Math.min(100, finished.counts.sent));
  });
});
