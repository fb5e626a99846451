import { z } from "@hono/zod-openapi";

export const PAGE_LIMIT_MAX = 100;
export const PAGE_LIMIT_DEFAULT = 50;

/**
 * A lenient integer query parameter: clamped into [min, max]; a value that is not a number falls
 * back to the default (the offset lists declare no 400 for paging).
 */
function clampedInt(options: { min: number; max?: number; fallback: number; description: string }) {
  const { min, max = Number.MAX_SAFE_INTEGER, fallback } = options;
  return z
    .string()
    .optional()
    .transform((raw) => {
      const value = raw === undefined || raw.trim() === "" ? Number.NaN : Number(raw);
      if (!Number.isFinite(value)) return fallback;
      return Math.min(max, Math.max(min, Math.trunc(value)));
    })
    .openapi({
      type: "integer",
      format: max > 2_147_483_647 ? "int64" : "int32",
      minimum: min,
      maximum: max,
      default: fallback,
      description: options.description,
    });
}

export const OffsetPageQuery = z.object({
  limit: clampedInt({
    min: 1,
    max: PAGE_LIMIT_MAX,
    fallback: PAGE_LIMIT_DEFAULT,
    description: "Page size, clamped to 1..100; a value that is not a number means the default, 50.",
  }),
  offset: clampedInt({
    min: 0,
    fallback: 0,
    description:
      "Zero-based row offset, at least 0 (negative values are clamped); a value that is not a number means 0.",
  }),
});

export type OffsetPage = z.output<typeof OffsetPageQuery>;

/** The envelope's `limit` and `offset`, built once and shared by every list (zod schemas are immutable). */
const appliedLimit = z
  .number()
  .int()
  .min(1)
  .max(PAGE_LIMIT_MAX)
  .openapi({ format: "int32", description: "Page size applied" });
const appliedOffset = z
  .number()
  .int()
  .min(0)
  .max(Number.MAX_SAFE_INTEGER)
  .openapi({ format: "int64", description: "Row offset applied" });

/** The offset list envelope: `{ data, limit, offset }`, all three always present. */
export function offsetEnvelope<T extends z.ZodType>(
  item: T,
  name: string,
  description = "A page of a list, newest first",
) {
  return z
    .object({
      data: z.array(item).max(PAGE_LIMIT_MAX).openapi({ description: `At most \`limit\` items` }),
      limit: appliedLimit,
      offset: appliedOffset,
    })
    .openapi(name, { description: `${description}: \`data\`, with the \`limit\` and \`offset\` applied.` });
}

export const CursorPageQuery = z.object({
  limit: clampedInt({
    min: 1,
    max: PAGE_LIMIT_MAX,
    fallback: PAGE_LIMIT_DEFAULT,
    description: "Page size, clamped to 1..100; a value that is not a number means the default, 50.",
  }),
  cursor: z.string().min(1).max(512).optional().openapi({
    description: "page.next_cursor of the previous page; omit it for the first page. Opaque: pass it back unchanged.",
  }),
});

export type CursorPage = z.output<typeof CursorPageQuery>;

/** The cursor list envelope: `{ data, page: { has_more, next_cursor } }`. */
export function cursorEnvelope<T extends z.ZodType>(
  item: T,
  name: string,
  description = "A page of a list, newest first",
) {
  return z
    .object({
      data: z.array(item).max(PAGE_LIMIT_MAX).openapi({ description: `At most \`limit\` items` }),
      page: z.object({
        has_more: z.boolean().openapi({ description: "Whether another page follows (read as one extra row)" }),
        next_cursor: z
          .string()
          .max(512)
          .nullable()
          .openapi({ description: "Pass as cursor to read the next page; null on the last page" }),
      }),
    })
    .openapi(name, { description: `${description}: \`data\`, and \`page\` to read the next one.` });
}
