import { eq } from "drizzle-orm";
import type { Database } from "../../data/client";
import { chunkedInserts, runBatches } from "../../data/bulk";
import { companies } from "../../data/schema";
import { daysAgo, type Random } from "../../lib/random";
import { normalisePhone } from "../../lib/phone";
import { contacts, type ContactRow } from "./schema";

const firstNames = [
  "Lucía",
  "Mateo",
  "Sofía",
  "Hugo",
  "Martina",
  "Leo",
  "Valeria",
  "Pablo",
  "Julia",
  "Daniel",
  "Carmen",
  "Álvaro",
  "Irene",
  "Jorge",
  "Elena",
];
const lastNames = [
  "García",
  "Martínez",
  "López",
  "Sánchez",
  "Pérez",
  "Gómez",
  "Ruiz",
  "Díaz",
  "Moreno",
  "Navarro",
  "Torres",
  "Romero",
];
const organisations = [
  "Interiores Norte SL",
  "Clínica Dental Sonrisa",
  "Gestoría Ruiz",
  "Hotel Mirador",
  "Talleres Gómez",
  null,
  null,
  null,
];
const tagPool = ["lead", "customer", "vip", "newsletter", "kitchen", "bathroom", "callback", "whatsapp"];
const notePool = [
  "Prefers calls after 17:00.",
  "Asked for a quote for a full renovation.",
  "Met at the Madrid home fair.",
  null,
  null,
];

/** A mobile number of the region, in E.164 (checked with the same parser the API uses). */
function mobileNumber(random: Random, region: string): string {
  for (;;) {
    const candidate =
      region === "GB" ? `+4479${random.int(10_000_000, 99_999_999)}` : `+346${random.int(10_000_000, 99_999_999)}`;
    const parsed = normalisePhone(candidate, region);
    if (parsed.ok) return parsed.e164;
  }
}

const plainAscii = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[^a-z]/g, "");

/** CRM contacts of a company: people with phones in the company's region, some with emails, tags and custom fields. */
export async function seedContactDomain(
  db: Database,
  companyId: string,
  random: Random,
  now: number,
): Promise<Record<string, number>> {
  const company = await db
    .select({ region: companies.defaultRegion })
    .from(companies)
    .where(eq(companies.id, companyId))
    .get();
  const region = company?.region ?? "ES";
  const count = region === "ES" ? 40 : 8;
  const phones = new Set<string>();
  const emails = new Set<string>();
  const rows: ContactRow[] = [];
  for (let index = 0; index < count; index++) {
    const firstName = random.pick(firstNames);
    const lastName = random.pick(lastNames);
    let phone = mobileNumber(random, region);
    while (phones.has(phone)) phone = mobileNumber(random, region);
    phones.add(phone);
    let email: string | null = `${plainAscii(firstName)}.${plainAscii(lastName)}${random.int(1, 99)}@example.com`;
    if (emails.has(email) || random.next() < 0.2) email = null;
    if (email) emails.add(email);
    const tags = [...new Set([random.pick(tagPool), random.pick(tagPool)])].slice(0, random.int(0, 2));
    const createdAt = daysAgo(random, now, count - index);
    rows.push({
      id: crypto.randomUUID(),
      companyId,
      firstName,
      lastName,
      phone,
      email,
      companyName: random.pick(organisations),
      tags,
      notes: random.pick(notePool),
      customFields:
        random.next() < 0.5
          ? { preferred_channel: random.pick(["phone", "whatsapp", "email"]), budget_eur: random.int(1, 40) * 500 }
          : {},
      source: "seed",
      createdAt,
      updatedAt: createdAt,
      version: 0,
    });
  }
  await runBatches(db, chunkedInserts(db, contacts, rows));
  return { contacts: rows.length };
}
