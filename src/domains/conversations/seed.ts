import { eq, isNotNull } from "drizzle-orm";
import { ofCompany } from "../../data/rows";
import type { BatchItem } from "drizzle-orm/batch";
import { runBatches } from "../../data/bulk";
import type { SeedContext } from "../../core/domain";
import { contacts } from "../contacts";
import { sealConnectionCredentials } from "./connections";
import { DEMO_WHATSAPP_ACCESS_TOKEN } from "./demo";
import { addToWhitelist, insertConnection, recordMessage, type NewMessage } from "./queries";
import { conversations, type MessageStatus } from "./schema";

const HOUR = 3_600_000;

/** The company's WhatsApp number by region (valid numbers of the region's plan). */
const numbers: Record<string, { phone: string; name: string }> = {
  ES: { phone: "+34911234567", name: "Reformas Demo" },
  GB: { phone: "+442071234567", name: "Other Company" },
};

const inboundTexts = [
  "Hola, ¿podrían darme presupuesto para reformar el baño?",
  "¿Tienen disponibilidad la semana que viene?",
  "Perfecto, gracias. ¿Cuánto tardarían?",
  "Les envío una foto de la cocina.",
  "¿Aceptan pago a plazos?",
  "Buenas tardes, quería cambiar la cita del jueves.",
];
const outboundTexts = [
  "¡Hola! Claro, ¿nos indica los metros aproximados del baño?",
  "Sí, tenemos hueco el martes a las 10:00. ¿Le viene bien?",
  "Una reforma completa suele llevar entre 2 y 3 semanas.",
  "Gracias por la foto; se la paso al técnico.",
];

/**
 * A connected WhatsApp number (its demo token sealed with the deployment's key), conversations
 * with the company's contacts in both modes, with messages in both directions, some of them
 * written by the contact in the last 24 hours (an open window), an internal note, a failed send,
 * and a phone reserved for an external bot. Without the at-rest key (`secretKey`) no token can be
 * sealed, so no number is seeded.
 */
export async function seedConversationDomain({
  db,
  company,
  random,
  now,
  scale,
  secretKey,
}: SeedContext): Promise<Record<string, number>> {
  const number = numbers[company.region] ?? numbers.ES!;
  if (!secretKey) return { whatsapp_connections: 0, conversations: 0, whatsapp_messages: 0 };
  const connectionId = crypto.randomUUID();
  const phoneNumberId = String(100_000_000_000_000 + random.int(0, 899_999_999_999));
  const businessAccountId = String(100_000_000_000_000 + random.int(0, 899_999_999_999));
  const connectedAt = new Date(now - 90 * 24 * HOUR).toISOString();
  await insertConnection(db, {
    id: connectionId,
    companyId: company.id,
    phoneNumber: number.phone,
    displayName: number.name,
    phoneNumberId,
    businessAccountId,
    status: "connected",
    credentials: await sealConnectionCredentials({ webhookSecretKey: secretKey }, company.id, {
      accessToken: DEMO_WHATSAPP_ACCESS_TOKEN,
      phoneNumberId,
      businessAccountId,
    }),
    connectedAt,
    createdAt: connectedAt,
  });

  const people = await db
    .select({ phone: contacts.phone, firstName: contacts.firstName, lastName: contacts.lastName })
    .from(contacts)
    .where(ofCompany(contacts, company.id, isNotNull(contacts.phone)))
    .limit(scale === "full" ? 10 : 2);
  const threads = people.length;
  const planned: { message: NewMessage; contactName: string }[] = [];
  people.forEach((person, thread) => {
    const contactPhone = person.phone!;
    const contactName = [person.firstName, person.lastName].filter(Boolean).join(" ") || null;
    // Every other thread had its latest message from the contact within the last day (open window).
    const recent = thread % 2 === 0;
    const length = scale === "full" ? random.int(3, 7) : 2;
    const lastAt = now - (recent ? random.int(1, 20) * HOUR : random.int(2, 20) * 24 * HOUR);
    for (let index = 0; index < length; index++) {
      const at = new Date(lastAt - (length - 1 - index) * random.int(10, 90) * 60_000).toISOString();
      const inbound = index % 2 === (length - 1) % 2;
      const last = index === length - 1;
      const status: MessageStatus = inbound
        ? last
          ? "delivered"
          : "read"
        : thread === 3 && index === length - 2
          ? "failed"
          : "read";
      const photo = inbound && index === 1 && thread % 3 === 1;
      planned.push({
        contactName: contactName ?? "",
        message: {
          id: crypto.randomUUID(),
          companyId: company.id,
          connectionId,
          contactPhone,
          direction: inbound ? "inbound" : "outbound",
          type: photo ? "image" : "text",
          author: inbound ? "contact" : "ai",
          text: photo ? "Así está ahora" : inbound ? random.pick(inboundTexts) : random.pick(outboundTexts),
          media: photo ? { id: String(random.int(1_000_000_000, 9_999_999_999)), mimeType: "image/jpeg" } : null,
          status,
          providerMessageId: `wamid.${crypto.randomUUID().replace(/-/g, "")}`,
          error:
            status === "failed"
              ? "WhatsApp Cloud API refused this recipient: the message cannot be delivered to this number."
              : null,
          at,
        },
      });
    }
    if (scale === "full" && thread === 0) {
      planned.push({
        contactName: contactName ?? "",
        message: {
          id: crypto.randomUUID(),
          companyId: company.id,
          connectionId,
          contactPhone,
          direction: "outbound",
          type: "note",
          author: "team",
          text: "Prefiere visita por la mañana.",
          status: null,
          at: new Date(lastAt + 60_000).toISOString(),
        },
      });
    }
  });
  // In time order, so that the polling sequence follows the conversation as it happened.
  planned.sort((a, b) => a.message.at.localeCompare(b.message.at));
  await runBatches(
    db,
    planned.flatMap(({ message, contactName }) => recordMessage(db, message, { contactName: contactName || null })),
  );

  // A third of the threads were taken over by a person of the team.
  const supportKey = `key_${Array.from({ length: 32 }, () => random.int(0, 15).toString(16)).join("")}`;
  const takeovers: BatchItem<"sqlite">[] = people
    .filter((_, thread) => thread % 3 === 0)
    .map((person) =>
      db
        .update(conversations)
        .set({
          mode: "human",
          takenOverByKeyId: supportKey,
          takenOverByName: "Support desk",
          takenOverAt: new Date(now - HOUR).toISOString(),
        })
        .where(ofCompany(conversations, company.id, eq(conversations.contactPhone, person.phone!))),
    );
  if (scale === "full" && people.length > 2) {
    takeovers.push(
      db
        .update(conversations)
        .set({ status: "closed" })
        .where(ofCompany(conversations, company.id, eq(conversations.contactPhone, people.at(-1)!.phone!))),
    );
    takeovers.push(addToWhitelist(db, company.id, people.at(-2)!.phone!, new Date(now - 5 * 24 * HOUR).toISOString()));
  }
  await runBatches(db, takeovers);
  return { whatsapp_connections: 1, conversations: threads, whatsapp_messages: planned.length };
}
