import type { WithLastResponse } from "./types.js";

/** An offset list's page: `{ data, limit, offset }`. */
interface OffsetPage<Item> {
  data: Item[];
  limit: number;
  offset: number;
}

/** A cursor list's page: `{ data, page: { has_more, next_cursor } }`. */
interface CursorPage<Item> {
  data: Item[];
  page: { has_more: boolean; next_cursor: string | null };
}

export type Pagination = "offset" | "cursor";

/** toArray()'s default cap on the items it collects. */
const TO_ARRAY_LIMIT = 1_000;

/** Fetches one page for the query given (the caller's query with `offset` or `cursor` moved on). */
type PageReader<Page> = (query: Record<string, unknown>) => Promise<WithLastResponse<Page>>;

/**
 * A list call: `await` it for its first page, or iterate it (`for await`) for every item of every
 * page, fetched one page at a time as the loop asks for more; `pages()` iterates whole pages. Each
 * page has the `lastResponse` it came in.
 *
 * Offset lists move `offset` on by each page's length until a short page; cursor lists follow
 * `page.next_cursor` while `page.has_more`. An offset list is newest first, so an item created while
 * iterating shifts the rest by one: an item may then be seen twice (compare ids), never skipped.
 */
export class PagedList<Item, Page> implements AsyncIterable<Item>, PromiseLike<WithLastResponse<Page>> {
  constructor(
    private readonly pagination: Pagination,
    private readonly query: Record<string, unknown>,
    private readonly read: PageReader<Page>,
  ) {}

  /** The first page (the list as one call returns it). */
  first(): Promise<WithLastResponse<Page>> {
    return this.read(this.query);
  }

  // A list call is awaited for its first page, as Stripe's SDK does: the method is PromiseLike's own.
  // biome-ignore lint/suspicious/noThenProperty: PagedList is deliberately awaitable (PromiseLike<Page>).
  then<Result1 = WithLastResponse<Page>, Result2 = never>(
    onFulfilled?: ((page: WithLastResponse<Page>) => Result1 | PromiseLike<Result1>) | null,
    onRejected?: ((reason: unknown) => Result2 | PromiseLike<Result2>) | null,
  ): Promise<Result1 | Result2> {
    return this.first().then(onFulfilled, onRejected);
  }

  /** Every page, from the query's own offset or cursor on. */
  async *pages(): AsyncGenerator<WithLastResponse<Page>, void, undefined> {
    let query = this.query;
    for (;;) {
      const page = await this.read(query);
      yield page;
      const next = this.nextQuery(query, page);
      if (!next) return;
      query = next;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    for await (const page of this.pages()) yield* (page as unknown as { data: Item[] }).data;
  }

  /**
   * Every item of every page, in one array, for a list known to be small: once the list has more
   * than `limit` items (default 1,000), it stops reading pages and throws a RangeError, returning
   * nothing. Raise `limit`, or iterate with `for await` instead.
   */
  async toArray({ limit = TO_ARRAY_LIMIT }: { limit?: number } = {}): Promise<Item[]> {
    const items: Item[] = [];
    for await (const item of this) {
      if (items.length >= limit)
        throw new RangeError(
          `toArray(): the list has more than ${limit} items; pass a higher limit (toArray({ limit })) or iterate it with for await`,
        );
      items.push(item);
    }
    return items;
  }

  private nextQuery(query: Record<string, unknown>, page: Page): Record<string, unknown> | undefined {
    if (this.pagination === "cursor") {
      const { has_more, next_cursor } = (page as unknown as CursorPage<Item>).page;
      return has_more && next_cursor ? { ...query, cursor: next_cursor } : undefined;
    }
    const { data, limit, offset } = page as unknown as OffsetPage<Item>;
    return data.length === 0 || data.length < limit ? undefined : { ...query, offset: offset + data.length };
  }
}
