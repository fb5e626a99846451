import type { Database } from "../../data/client";
import { chunkedInserts, runBatches } from "../../data/bulk";
import { daysAgo, type Random } from "../../lib/random";
import { clientIdentity } from "./model";
import { clients } from "./schema";

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
];
const lastNames = ["García", "Martínez", "López", "Sánchez", "Pérez", "Gómez", "Ruiz", "Díaz", "Moreno", "Navarro"];
const cities = [
  { location: "Madrid", province: "Madrid", postal: "280" },
  { location: "Barcelona", province: "Barcelona", postal: "080" },
  { location: "Valencia", province: "Valencia", postal: "460" },
  { location: "Sevilla", province: "Sevilla", postal: "410" },
  { location: "Bilbao", province: "Bizkaia", postal: "480" },
];

export interface SeededClient {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
}

/** Saved clients of a company: people and firms with tax ids and addresses. */
export async function seedClients(
  db: Database,
  companyId: string,
  random: Random,
  count: number,
  now: number,
): Promise<SeededClient[]> {
  const rows = Array.from({ length: count }, (_, index) => {
    const person = `${random.pick(firstNames)} ${random.pick(lastNames)}`;
    const isFirm = index % 3 === 0;
    const name = isFirm
      ? `${random.pick(lastNames)} ${random.pick(["Construcciones", "Asesores", "Interiores", "Logística"])} SL`
      : person;
    const city = random.pick(cities);
    const createdAt = daysAgo(random, now, count - index);
    return {
      id: crypto.randomUUID(),
      companyId,
      name,
      cif: isFirm
        ? `B${random.int(10_000_000, 99_999_999)}`
        : `${random.int(10_000_000, 99_999_999)}${random.pick([..."TRWAGMYFPDXBNJZSQVHLCKE"])}`,
      email: `${name
        .toLowerCase()
        .normalize("NFD")
        .replace(/[^a-z ]/g, "")
        .replaceAll(" ", ".")}@example.com`,
      phone: `+346${random.int(10_000_000, 99_999_999)}`,
      address: `Calle ${random.pick(lastNames)} ${random.int(1, 120)}`,
      location: city.location,
      province: city.province,
      country: "ES",
      postalCode: `${city.postal}${String(random.int(1, 99)).padStart(2, "0")}`,
      representative: isFirm ? person : null,
      createdAt,
      updatedAt: createdAt,
    };
  });
  // Random names repeat: the first client of an identity holds it, as the first budget naming it would.
  const held = new Set<string>();
  const saved = rows.map((row) => {
    const identity = clientIdentity(row.name, row.email);
    if (held.has(identity)) return { ...row, identity: null };
    held.add(identity);
    return { ...row, identity };
  });
  await runBatches(db, chunkedInserts(db, clients, saved));
  return rows.map(({ id, name, email, phone }) => ({ id, name, email, phone }));
}
