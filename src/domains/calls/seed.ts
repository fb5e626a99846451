import { DateTime } from "luxon";
import type { Random } from "../../lib/random";
import { chunkedInserts, runBatches } from "../../data/bulk";
import type { Database } from "../../data/client";
import type { SeedContext } from "../../core/domain";
import { companyAgentIds } from "../agents";
import { activeMemberIds } from "../team";
import { localDateOf, regionTimeZone } from "../../lib/period";
import {
  callAssignments,
  callLabelLinks,
  callLabels,
  callQualifications,
  calls,
  callSettings,
  type CallDirection,
  type CallResult,
  type CallRow,
  type QualificationVerdict,
} from "./schema";

const catalogue = [
  { key: "interested", name: "Interested", color: "#2e7d32", description: "Wants a quote or a visit." },
  { key: "callback", name: "Call back", color: "#f9a825", description: "Asked to be called again." },
  {
    key: "appointment",
    name: "Appointment booked",
    color: "#1565c0",
    description: "A visit or meeting was booked during the call.",
  },
  { key: "quote-requested", name: "Quote requested", color: "#6a1b9a", description: null },
  { key: "not-interested", name: "Not interested", color: "#757575", description: null },
  { key: "wrong-number", name: "Wrong number", color: "#c62828", description: "The person was not the contact." },
  { key: "complaint", name: "Complaint", color: "#d84315", description: "Unhappy with a past job; follow up." },
  { key: "vip", name: "VIP", color: "#00838f", description: "Important customer." },
];

const summaries = [
  "Caller asked for a quote to renovate a kitchen of about 12 m²; prefers a visit next week.",
  "Follow-up on the bathroom quote sent last week; the customer will decide after the weekend.",
  "Customer confirmed the appointment for Thursday at 10:00.",
  "Asked about payment in instalments and the warranty on the work.",
  "Not interested at the moment; already hired another company.",
  "Reported a leak after last month's work; a technician will call back today.",
  "Wanted the opening hours and the showroom address.",
  "Person reached was not the contact; number to be checked.",
];

const reasons: Record<QualificationVerdict, string[]> = {
  qualified: [
    "Budget and timing confirmed for this quarter.",
    "Owner of the property, wants works to start within a month.",
  ],
  not_qualified: ["No project planned.", "Outside the service area."],
  follow_up: ["Interested but waiting for the community's approval.", "Asked to be called back after the holidays."],
};

/** Draws from weighted choices. */
function weighted<T>(random: Random, choices: readonly [T, number][]): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let point = random.next() * total;
  for (const [value, weight] of choices) {
    point -= weight;
    if (point < 0) return value;
  }
  return choices[choices.length - 1]![0];
}

const outboundResults: [CallResult, number][] = [
  ["answered", 55],
  ["no_answer", 20],
  ["voicemail", 10],
  ["busy", 8],
  ["failed", 4],
  ["cancelled", 3],
];
const inboundResults: [CallResult, number][] = [
  ["answered", 85],
  ["cancelled", 7],
  ["no_answer", 4],
  ["voicemail", 2],
  ["failed", 2],
];

const digits = (random: Random, count: number) => Array.from({ length: count }, () => random.int(0, 9)).join("");

/** The company's own lines and its customers' phones, in its region. */
function phones(random: Random, region: string) {
  const own =
    region === "GB"
      ? [`+44203${digits(random, 7)}`, `+44161${digits(random, 7)}`]
      : [`+34910${digits(random, 6)}`, `+34932${digits(random, 6)}`];
  const customer = () => (region === "GB" ? `+4479${digits(random, 8)}` : `+346${digits(random, 8)}`);
  return { own, customer };
}

interface CallSeedOptions {
  /** Days of history back from now. */
  days: number;
  callsPerDay: number;
  /** Calls older than the default retention, to show the archive. */
  archived: number;
  /** Write the company's call settings (its region's time zone, 365 days) rather than rely on the defaults. */
  settings: boolean;
}

/**
 * A company's calls: the label catalogue, calls over the last `days` in business hours of the
 * company's time zone (fewer at weekends), with results, durations and costs of a voice-agent
 * line, labels on part of the answered calls, a verdict on most conversations, some calls
 * assigned to active team members, and a few calls older than the retention (archived).
 */
export async function seedCallDomain({
  db,
  company,
  random,
  now,
  scale,
}: SeedContext): Promise<Record<string, number>> {
  const options: CallSeedOptions =
    scale === "full"
      ? { days: 30, callsPerDay: 110, archived: 6, settings: true }
      : { days: 7, callsPerDay: 3, archived: 1, settings: false };
  return seedCalls(db, company, random, now, options, scale === "full" ? catalogue : catalogue.slice(0, 3));
}

async function seedCalls(
  db: Database,
  company: SeedContext["company"],
  random: Random,
  now: number,
  options: CallSeedOptions,
  labels: readonly (typeof catalogue)[number][] = catalogue,
): Promise<Record<string, number>> {
  const companyId = company.id;
  const zone = regionTimeZone(company.region);
  const createdAt = new Date(now - 400 * 86_400_000).toISOString();
  const labelRows = labels.map((label, index) => ({
    id: crypto.randomUUID(),
    companyId,
    ...label,
    createdAt: new Date(Date.parse(createdAt) + index * 1000).toISOString(),
  }));
  // The company's own agents (the agents domain seeds them first); none means calls without an agent.
  const agents = await companyAgentIds(db, companyId);
  const members = await activeMemberIds(db, companyId);
  const { own, customer } = phones(random, company.region);

  const starts: number[] = [];
  const today = DateTime.fromMillis(now, { zone }).startOf("day");
  // The longest call drawn below: 30 s ringing, 420 s talking and 600 s more.
  const LONGEST_CALL_MS = (30 + 420 + 600) * 1000;
  for (let day = 0; day < options.days; day++) {
    const date = today.minus({ days: day });
    const weekend = date.weekday >= 6;
    const count = weekend ? Math.round(options.callsPerDay / 5) : options.callsPerDay;
    for (let n = 0; n < count; n++) {
      const at = date
        .set({
          hour: random.int(9, 19),
          minute: random.int(0, 59),
          second: random.int(0, 59),
          millisecond: random.int(0, 999),
        })
        .toMillis();
      // Every seeded call has ended by now: one still running would be completed with its cost and no charge yet.
      if (at + LONGEST_CALL_MS <= now) starts.push(at);
    }
  }
  for (let n = 0; n < options.archived; n++) starts.push(now - (380 + n * 3) * 86_400_000 - random.int(0, 36_000_000));
  starts.sort((a, b) => b - a);

  const callRows: CallRow[] = [];
  const links: (typeof callLabelLinks.$inferInsert)[] = [];
  const verdicts: (typeof callQualifications.$inferInsert)[] = [];
  const assignments: (typeof callAssignments.$inferInsert)[] = [];
  starts.forEach((start, index) => {
    const newest = index === 0;
    const direction: CallDirection = newest || random.next() < 0.6 ? "outbound" : "inbound";
    const result: CallResult = newest
      ? "answered"
      : weighted(random, direction === "outbound" ? outboundResults : inboundResults);
    const duration =
      result === "answered"
        ? random.int(25, 420) + (random.next() < 0.2 ? random.int(0, 600) : 0)
        : result === "voicemail"
          ? random.int(15, 45)
          : 0;
    const ringing = random.int(5, 30);
    const line = random.pick(own);
    const person = customer();
    const id = crypto.randomUUID();
    const startedAt = new Date(start).toISOString();
    const endedAt = new Date(start + (ringing + duration) * 1000).toISOString();
    const talked = result === "answered" || result === "voicemail";
    callRows.push({
      id,
      companyId,
      direction,
      fromNumber: direction === "outbound" ? line : person,
      toNumber: direction === "outbound" ? person : line,
      agentId: talked || direction === "outbound" ? (agents.length > 0 ? random.pick(agents) : null) : null,
      status: "completed",
      result,
      startedAt,
      endedAt,
      localDate: localDateOf(startedAt, zone),
      durationSeconds: duration,
      // The agent's minutes, billed per started minute: 0.12 a minute (pence or cents).
      costMinor: Math.ceil(duration / 60) * 12,
      currency: company.currency,
      summary: result === "answered" ? random.pick(summaries) : null,
      membersVersion: 0,
      transcript: null,
      externalId: null,
      sequence: 0,
    });
    if (result !== "answered") return;
    // The newest call carries the first label of the catalogue (the documentation's example key).
    const carried = newest
      ? [labels[0]!.key]
      : random.next() < 0.5
        ? [...new Set([random.pick(labels).key, random.pick(labels).key])].slice(0, random.int(1, 2))
        : [];
    for (const key of carried) links.push({ companyId, callId: id, labelKey: key, labeledAt: endedAt });
    if (duration >= 60 && random.next() < 0.7) {
      const verdict = weighted<QualificationVerdict>(random, [
        ["qualified", 40],
        ["follow_up", 35],
        ["not_qualified", 25],
      ]);
      const qualifiedAt = new Date(Date.parse(endedAt) + random.int(5, 90) * 1000).toISOString();
      verdicts.push({
        id: crypto.randomUUID(),
        companyId,
        callId: id,
        verdict,
        score: random.int(verdict === "not_qualified" ? 10 : 55, 98),
        reason: random.pick(reasons[verdict]),
        qualifiedAt,
      });
    }
    if (members.length > 0 && random.next() < 0.15)
      assignments.push({ companyId, callId: id, memberId: random.pick(members), assignedAt: endedAt });
  });

  await runBatches(db, [
    ...(options.settings
      ? [
          db
            .insert(callSettings)
            .values({ companyId, timeZone: zone, retentionDays: 365, updatedAt: new Date(now).toISOString() }),
        ]
      : []),
    ...chunkedInserts(db, callLabels, labelRows),
    ...chunkedInserts(db, calls, callRows),
    ...chunkedInserts(db, callLabelLinks, links),
    ...chunkedInserts(db, callQualifications, verdicts),
    ...chunkedInserts(db, callAssignments, assignments),
  ]);
  return {
    call_labels: labelRows.length,
    calls: callRows.length,
    call_labels_applied: links.length,
    call_qualifications: verdicts.length,
    call_assignments: assignments.length,
  };
}
