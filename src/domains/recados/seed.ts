import type { SeedContext } from "../../core/domain";
import { chunkedInserts, runBatches } from "../../data/bulk";
import { daysAgo } from "../../lib/random";
import { setUpWorkspace } from "./queries";
import { recados, type RecadoRow } from "./schema";

const slips: readonly { caller: string; phone: string | null; message: string }[] = [
  {
    caller: "Lucía Fernández",
    phone: "+34612345678",
    message: "Please call back about the kitchen quote before Friday.",
  },
  {
    caller: "Marcos Gil",
    phone: "+34655123987",
    message: "The tiles arrived damaged; he wants someone to come and look at them.",
  },
  {
    caller: "Comunidad Calle Mayor 12",
    phone: "+34910456123",
    message: "The building administrator asks for the invoice of the façade repair.",
  },
  { caller: "Unknown caller", phone: null, message: "Asked for opening hours on Saturday; will call again." },
  {
    caller: "Elena Ruiz",
    phone: "+34699887766",
    message: "Confirms the visit on Tuesday at 10:00; the door code is 4512.",
  },
  {
    caller: "Jorge Martín (supplier)",
    phone: "+34933221100",
    message: "The plasterboard order will be delivered a day late.",
  },
  {
    caller: "Ana Torres",
    phone: "+34611223344",
    message: "Wants to change the bathroom taps to the matte black model.",
  },
];

/** The company's workspace, set up, with a week of message slips (the older ones read); two for a small seed. */
export async function seedRecadosDomain({
  db,
  company,
  random,
  now,
  scale,
}: SeedContext): Promise<Record<string, number>> {
  await setUpWorkspace(db, company.id, new Date(now - 90 * 86_400_000).toISOString());
  const chosen = scale === "full" ? slips : slips.slice(0, 2);
  const rows: RecadoRow[] = chosen.map((slip, index) => ({
    id: crypto.randomUUID(),
    companyId: company.id,
    callerName: slip.caller,
    phone: slip.phone,
    message: slip.message,
    callId: null,
    takenAt: daysAgo(random, now, index),
    read: index >= 3,
  }));
  await runBatches(db, chunkedInserts(db, recados, rows));
  return { recados: rows.length };
}
