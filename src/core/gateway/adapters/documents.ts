import { z } from "zod";
import { type Link, type ProviderProfile, url } from "../link";

/** Paperless-ngx document archive (REST, `Authorization: Token`): https://docs.paperless-ngx.com/api/ */
export const paperlessProfile = {
  name: "paperless",
  label: "Paperless-ngx",
  variables: { baseUrl: "PAPERLESS_BASE_URL", token: "PAPERLESS_TOKEN" },
  errorCode: () => undefined,
  refusal: () => undefined,
} as const satisfies ProviderProfile;

const Document = z.object({
  id: z.number().int(),
  title: z.string(),
  document_type: z.number().int().nullable(),
  correspondent: z.number().int().nullable().optional(),
  tags: z.array(z.number().int()),
  created: z.string(),
  added: z.string().optional(),
  original_file_name: z.string().nullable().optional(),
});
const Page = z.object({ count: z.number().int(), next: z.string().nullable(), results: z.array(Document) });

export type ArchivedDocument = z.output<typeof Document>;

export interface DocumentQuery {
  /** Text in the title or content. */
  text?: string;
  /** Document type name (exact, any case). */
  type?: string;
  /** Tag name (exact, any case). */
  label?: string;
  /** YYYY-MM-DD, inclusive. */
  dateFrom?: string;
  dateTo?: string;
  page?: number;
  pageSize?: number;
}

export function documents(link: Link) {
  return {
    /** One page of the archive, newest first. */
    async list(query: DocumentQuery = {}): Promise<{ count: number; hasMore: boolean; results: ArchivedDocument[] }> {
      const s = link.require(paperlessProfile, await link.settings(paperlessProfile), ["baseUrl", "token"]);
      const target = url(s.baseUrl, "/api/documents/", {
        page: query.page,
        page_size: query.pageSize,
        ordering: "-created",
        title_content: query.text,
        document_type__name__iexact: query.type,
        tags__name__iexact: query.label,
        created__date__gte: query.dateFrom,
        created__date__lte: query.dateTo,
      });
      const answer = await link.send(paperlessProfile, { method: "GET", url: target, headers: { Authorization: `Token ${s.token}`, Accept: "application/json; version=5" } }, Page);
      return { count: answer.count, hasMore: answer.next !== null, results: answer.results };
    },
  };
}
