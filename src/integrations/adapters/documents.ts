import { z } from "zod";
import { type Link, type ProviderProfile, url } from "../link";

/** Paperless-ngx document archive (REST, `Authorization: Token`): https://docs.paperless-ngx.com/api/ */
const paperlessProfile = {
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
const Named = z.object({ results: z.array(z.object({ id: z.number().int(), name: z.string() })) });

/** A document of the archive, with the names of its type and tags (the archive answers their ids). */
export type ArchivedDocument = z.output<typeof Document> & { typeName: string | null; tagNames: string[] };

/** Types and tags are few (an archive's vocabulary); one page of this size holds them all. */
const VOCABULARY_PAGE_SIZE = 1000;

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
      const headers = { Authorization: `Token ${s.token}`, Accept: "application/json; version=5" };
      const names = (path: string) =>
        link.send(
          paperlessProfile,
          { method: "GET", url: url(s.baseUrl, path, { page_size: VOCABULARY_PAGE_SIZE }), headers },
          Named,
        );
      const [answer, types, tags] = await Promise.all([
        link.send(paperlessProfile, { method: "GET", url: target, headers }, Page),
        names("/api/document_types/"),
        names("/api/tags/"),
      ]);
      const typeNames = new Map(types.results.map((type) => [type.id, type.name]));
      const tagNames = new Map(tags.results.map((tag) => [tag.id, tag.name]));
      const results = answer.results.map((document) => ({
        ...document,
        typeName: document.document_type === null ? null : (typeNames.get(document.document_type) ?? null),
        tagNames: document.tags.flatMap((id) => tagNames.get(id) ?? []),
      }));
      return { count: answer.count, hasMore: answer.next !== null, results };
    },
  };
}
