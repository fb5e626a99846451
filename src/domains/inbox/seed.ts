import type { SeedContext } from "../../core/domain";
import { daysAgo, type Random } from "../../lib/random";
import { addMailbox, syncMessage, type SyncedAttachment } from "./sync";
import { ATTACHMENT_DOWNLOAD_MAX_BYTES } from "./model";
import type { FolderRole } from "./schema";

const standardFolders: { name: string; role: FolderRole }[] = [
  { name: "Inbox", role: "inbox" },
  { name: "Sent", role: "sent" },
  { name: "Archive", role: "archive" },
  { name: "Trash", role: "trash" },
];

const encoder = new TextEncoder();

/** A small PDF document with this text (a real file a viewer opens). */
function pdf(title: string): SyncedAttachment["content"] {
  const stream = `BT /F1 18 Tf 72 720 Td (${title.replace(/[()\\]/g, "")}) Tj ET`;
  return encoder.encode(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n` +
      `4 0 obj<</Length ${stream.length}>>stream\n${stream}\nendstream endobj\n5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}

/** A small SVG drawing with this caption (a real image a browser shows). */
function svg(caption: string): SyncedAttachment["content"] {
  return encoder.encode(
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><rect x="10" y="10" width="300" height="150" fill="#eee" stroke="#333"/>` +
      `<text x="20" y="185" font-family="sans-serif" font-size="14">${caption.replace(/[<&>]/g, "")}</text></svg>\n`,
  );
}

/** The demo's large attachment: just over the 15 MiB download cut, generated here (never committed). */
function largeArchive(random: Random): SyncedAttachment["content"] {
  const bytes = new Uint8Array(ATTACHMENT_DOWNLOAD_MAX_BYTES + 1024 * 1024);
  const seed = random.int(1, 250);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31 + seed) & 0xff;
  return bytes;
}

interface SampleMessage {
  folder: FolderRole;
  from: { address: string; name: string };
  to: string[];
  body: string;
  read: boolean;
  daysBack: number;
  attachments?: (random: Random) => SyncedAttachment[];
}

interface SampleThread {
  subject: string;
  messages: SampleMessage[];
}

function samples(address: string): Record<"info" | "invoices", SampleThread[]> {
  const lucia = { address: "lucia.fernandez@example.com", name: "Lucía Fernández" };
  const us = { address, name: "Reformas Demo" };
  return {
    info: [
      {
        subject: "Presupuesto cocina",
        messages: [
          {
            folder: "inbox",
            from: lucia,
            to: [address],
            body: "Hola,\n\nLes adjunto las medidas de la cocina para el presupuesto. ¿Podrían venir a verla esta semana?\n\nGracias,\nLucía",
            read: true,
            daysBack: 6,
            attachments: () => [
              {
                fileName: "medidas-cocina.pdf",
                contentType: "application/pdf",
                content: pdf("Medidas cocina: 3,20 x 2,45 m"),
              },
            ],
          },
          {
            folder: "sent",
            from: us,
            to: [lucia.address],
            body: "Hola Lucía,\n\nGracias por las medidas. Podemos pasar el jueves a las 10:00.\n\nUn saludo,\nReformas Demo",
            read: true,
            daysBack: 5,
          },
          {
            folder: "inbox",
            from: lucia,
            to: [address],
            body: "Perfecto, el jueves a las 10:00 me va bien. El código del portal es 4512. Les mando una foto de la pared de la ventana.\n\nLucía",
            read: false,
            daysBack: 4,
            attachments: () => [
              {
                fileName: "pared-ventana.svg",
                contentType: "image/svg+xml",
                content: svg("Pared de la ventana: 2,45 m"),
              },
            ],
          },
        ],
      },
      {
        subject: "Planos de la reforma integral",
        messages: [
          {
            folder: "inbox",
            from: { address: "estudio@arquitectura-ejemplo.example.com", name: "Estudio de Arquitectura" },
            to: [address],
            body: "Buenos días,\n\nOs enviamos los planos completos de la reforma integral (archivo comprimido) y un resumen en PDF.\n\nSaludos",
            read: false,
            daysBack: 9,
            attachments: (random) => [
              {
                fileName: "planos-reforma-completa.zip",
                contentType: "application/zip",
                content: largeArchive(random),
              },
              {
                fileName: "resumen-planos.pdf",
                contentType: "application/pdf",
                content: pdf("Resumen de planos: planta baja y primera"),
              },
            ],
          },
        ],
      },
      {
        subject: "Horario de sábado",
        messages: [
          {
            folder: "archive",
            from: { address: "marcos.gil@example.com", name: "Marcos Gil" },
            to: [address],
            body: "¿Abren los sábados por la mañana?\n\nMarcos",
            read: true,
            daysBack: 20,
          },
        ],
      },
    ],
    invoices: [
      {
        subject: "Factura F-2026-0042",
        messages: [
          {
            folder: "inbox",
            from: { address: "facturacion@azulejos-levante.example.com", name: "Azulejos Levante" },
            to: [address],
            body: "Adjuntamos la factura F-2026-0042 del pedido de porcelánico (40 m²).\n\nAzulejos Levante",
            read: false,
            daysBack: 3,
            attachments: () => [
              {
                fileName: "F-2026-0042.pdf",
                contentType: "application/pdf",
                content: pdf("Factura F-2026-0042: 1.240,00 EUR"),
              },
            ],
          },
        ],
      },
      {
        subject: "Recibo del alquiler de marzo",
        messages: [
          {
            folder: "archive",
            from: { address: "administracion@inmuebles.example.com", name: "Inmuebles Centro" },
            to: [address],
            body: "Le remitimos el recibo del alquiler del local de marzo.",
            read: true,
            daysBack: 35,
            attachments: () => [
              { fileName: "recibo-marzo.pdf", contentType: "application/pdf", content: pdf("Recibo alquiler marzo") },
            ],
          },
        ],
      },
    ],
  };
}

/**
 * Two shared mailboxes (information and invoices) with folders, threads and attachments, the
 * demo's one over 15 MiB generated here, stored through the sync path; one mailbox with one
 * thread for a small seed. Attachment bytes need the ATTACHMENTS bucket (`storage`): without it
 * the messages are stored without attachments.
 */
export async function seedInboxDomain({
  db,
  company,
  random,
  now,
  scale,
  storage,
}: SeedContext): Promise<Record<string, number>> {
  const domain = scale === "full" ? "reformasdemo.es" : `company-${company.id.slice(0, 8)}.example.com`;
  const mailboxSpecs = [
    { key: "invoices" as const, address: `facturas@${domain}`, name: "Facturas", daysBack: 200 },
    { key: "info" as const, address: `info@${domain}`, name: "Información", daysBack: 180 },
  ].slice(scale === "full" ? 0 : 1);
  let messages = 0;
  let attachments = 0;
  for (const spec of mailboxSpecs) {
    const { mailbox, folders } = await addMailbox(db, {
      companyId: company.id,
      address: spec.address,
      name: spec.name,
      kind: "shared",
      folders: standardFolders,
      createdAt: new Date(now - spec.daysBack * 86_400_000).toISOString(),
    });
    const folderOf = new Map(folders.map((folder) => [folder.role, folder.id]));
    const threads = samples(spec.address)[spec.key].slice(0, scale === "full" ? undefined : 1);
    for (const thread of threads) {
      const threadId = crypto.randomUUID();
      const chosen = scale === "full" ? thread.messages : thread.messages.slice(0, 1);
      for (const [index, message] of chosen.entries()) {
        const files = storage ? (message.attachments?.(random) ?? []) : [];
        await syncMessage(db, storage?.attachments, {
          companyId: company.id,
          mailboxId: mailbox.id,
          folderId: folderOf.get(message.folder) ?? null,
          thread: { id: threadId, subject: thread.subject },
          from: message.from,
          to: message.to,
          subject: index === 0 ? thread.subject : `Re: ${thread.subject}`,
          bodyText: message.body,
          read: message.read,
          receivedAt: daysAgo(random, now, message.daysBack),
          attachments: files,
        });
        messages++;
        attachments += files.length;
      }
    }
  }
  return { mailboxes: mailboxSpecs.length, mailbox_messages: messages, mailbox_attachments: attachments };
}
