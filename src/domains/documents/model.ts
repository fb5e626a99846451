import { z } from "@hono/zod-openapi";
import { DateTime } from "luxon";
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from "../../lib/pagination";
import { int32, timestamp } from "../../lib/schemas";
import type { ArchivedDocument } from "../../integrations";

const isoDate = (description: string) =>
  z
    .string()
    .max(10)
    .refine(
      (text) => /^\d{4}-\d{2}-\d{2}$/.test(text) && DateTime.fromISO(text, { zone: "utc" }).isValid,
      "A calendar date, YYYY-MM-DD.",
    )
    .optional()
    .openapi({ format: "date", description, example: "2025-01-01" });

export const ListDocumentsQuery = z
  .object({
    type: z
      .string()
      .trim()
      .min(1)
      .max(128)
      .optional()
      .openapi({ description: "Only documents of this type (its name, any case), such as Invoice" }),
    label: z
      .string()
      .trim()
      .min(1)
      .max(128)
      .optional()
      .openapi({ description: "Only documents with this label (tag name, any case)" }),
    text: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .openapi({ description: "Only documents with this text in their title or content" }),
    date_from: isoDate("Only documents created on this date or later (inclusive)"),
    date_to: isoDate("Only documents created on this date or earlier (inclusive); before date_from is 400"),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(PAGE_LIMIT_MAX)
      .default(PAGE_LIMIT_DEFAULT)
      .openapi({
        type: "integer",
        format: "int32",
        minimum: 1,
        maximum: PAGE_LIMIT_MAX,
        default: PAGE_LIMIT_DEFAULT,
        description: `How many documents, newest first (1 to ${PAGE_LIMIT_MAX}; anything else is 400)`,
      }),
  })
  .superRefine((query, ctx) => {
    if (query.date_from && query.date_to && query.date_to < query.date_from) {
      ctx.addIssue({
        code: "custom",
        path: ["date_to"],
        message: "date_to is before date_from; the range is inclusive at both ends.",
      });
    }
  });

export const ArchiveDocument = z
  .object({
    id: int32({ min: 1 }).openapi({ description: "The document's id in the archive", example: 4 }),
    title: z.string().openapi({ example: "Invoice F-2025-0002" }),
    type: z
      .string()
      .nullable()
      .openapi({ description: "Its document type; null when it has none", example: "Invoice" }),
    labels: z
      .array(z.string())
      .max(1000)
      .openapi({ description: "Its labels (the archive's tags)", example: ["Accounting", "Urgent"] }),
    created: z.string().openapi({ format: "date", description: "The document's own date", example: "2025-03-31" }),
    added: timestamp().nullable().openapi({ description: "When it entered the archive" }),
    file_name: z
      .string()
      .nullable()
      .openapi({ description: "The original file's name", example: "Invoice F-2025-0002.pdf" }),
  })
  .strict()
  .openapi("ArchiveDocument", { description: "A document of the company's archive: title, type, labels and dates." });

export const ArchiveDocumentList = z
  .object({
    data: z
      .array(ArchiveDocument)
      .max(PAGE_LIMIT_MAX)
      .openapi({ description: "At most `limit` documents, newest first" }),
    limit: int32({ min: 1, max: PAGE_LIMIT_MAX }).openapi({ description: "The limit applied" }),
    total: int32().openapi({ description: "How many documents match the filters in all" }),
    has_more: z
      .boolean()
      .openapi({ description: "Whether more documents match than were returned (narrow the filters to see them)" }),
  })
  .openapi("ArchiveDocumentList", {
    description: "The newest documents of the archive that match the filters, and how many match in all.",
  });

/** The archive's date of a document: its created value as a calendar date (the archive answers a date or a date-time). */
const calendarDate = (created: string) => created.slice(0, 10);

export const toArchiveDocument = (document: ArchivedDocument): z.output<typeof ArchiveDocument> => ({
  id: document.id,
  title: document.title,
  type: document.typeName,
  labels: document.tagNames,
  created: calendarDate(document.created),
  added: document.added ?? null,
  file_name: document.original_file_name ?? null,
});

export const archiveDocumentListExample = {
  data: [
    {
      id: 4,
      title: "Invoice F-2025-0002",
      type: "Invoice",
      labels: ["Accounting", "Urgent"],
      created: "2025-03-31",
      added: "2025-03-31T10:00:00Z",
      file_name: "Invoice F-2025-0002.pdf",
    },
  ],
  limit: 50,
  total: 1,
  has_more: false,
};
