import type { Database } from "../../data/client";
import { chunkedInserts, runBatches } from "../../data/bulk";
import { daysAgo, type Random } from "../../lib/random";
import { announcements, type AnnouncementCategory, type AnnouncementRow } from "./schema";

interface Sample {
  category: AnnouncementCategory;
  title: string;
  body: string;
  daysBack: number;
  withdrawn?: boolean;
}

const samples: readonly Sample[] = [
  {
    category: "feature",
    title: "Voice agents can now book appointments",
    body: "Agents can check your working calendar and book a slot during the call. Enable it in the agent's tools.",
    daysBack: 2,
  },
  {
    category: "maintenance",
    title: "Planned maintenance of the telephony network",
    body: "On Sunday from 02:00 to 04:00 UTC, calls in progress may drop for a few seconds while carriers switch routes.",
    daysBack: 6,
  },
  {
    category: "incident",
    title: "Outbound calls to Portugal delayed (resolved)",
    body: "Between 10:05 and 10:40 UTC some outbound calls to +351 numbers failed to connect. Failed attempts were not charged.",
    daysBack: 12,
  },
  {
    category: "billing",
    title: "New per-minute rates for UK mobiles",
    body: "From the first of next month, calls to UK mobile numbers cost 0.045 per minute. Your rate table shows the new prices.",
    daysBack: 20,
  },
  {
    category: "news",
    title: "Draft: spring webinar",
    body: "This announcement was published by mistake and withdrawn.",
    daysBack: 25,
    withdrawn: true,
  },
  {
    category: "news",
    title: "Call analytics dashboard",
    body: "The dashboard now compares each indicator with the previous period of the same length.",
    daysBack: 40,
  },
];

/** The platform's recent announcements as this company received them (one withdrawn); two for a small seed. */
export async function seedAnnouncementDomain(
  db: Database,
  companyId: string,
  random: Random,
  now: number,
  scale: "full" | "small",
): Promise<Record<string, number>> {
  const chosen = scale === "full" ? samples : samples.filter((sample) => !sample.withdrawn).slice(0, 2);
  const rows: AnnouncementRow[] = chosen.map((sample) => {
    const publishedAt = daysAgo(random, now, sample.daysBack);
    return {
      id: crypto.randomUUID(),
      companyId,
      publicationId: crypto.randomUUID(),
      category: sample.category,
      title: sample.title,
      body: sample.body,
      publishedAt,
      withdrawnAt: sample.withdrawn ? new Date(Date.parse(publishedAt) + 3_600_000).toISOString() : null,
    };
  });
  await runBatches(db, chunkedInserts(db, announcements, rows));
  return { announcements: rows.length };
}
