/**
 * Paperless-ngx: GET /api/documents/ with `Authorization: Token`, Django REST Framework paging
 * ({ count, next, previous, all, results }) and its filters (title_content, document_type__name__iexact,
 * tags__name__iexact, created__date__gte/lte, ordering, page, page_size).
 */
import type { FakeProvider } from "./server.js";

const types = [
  { id: 1, name: "Invoice" },
  { id: 2, name: "Contract" },
  { id: 3, name: "Receipt" },
];
const tags = [
  { id: 1, name: "Accounting" },
  { id: 2, name: "Clients" },
  { id: 3, name: "Urgent" },
];
const documents = [
  {
    id: 1,
    title: "Invoice F-2025-0001",
    content: "Invoice to Acme SL for consulting services",
    document_type: 1,
    correspondent: null,
    tags: [1, 2],
    created: "2025-01-15",
  },
  {
    id: 2,
    title: "Service contract Acme SL",
    content: "Contract for the voice agent service",
    document_type: 2,
    correspondent: null,
    tags: [2],
    created: "2025-02-03",
  },
  {
    id: 3,
    title: "Office rent receipt",
    content: "Receipt for the February rent",
    document_type: 3,
    correspondent: null,
    tags: [1],
    created: "2025-02-28",
  },
  {
    id: 4,
    title: "Invoice F-2025-0002",
    content: "Invoice to Globex for the March campaign",
    document_type: 1,
    correspondent: null,
    tags: [1, 3],
    created: "2025-03-31",
  },
  {
    id: 5,
    title: "Delivery note Azulejos Levante",
    content: "Delivery of 40 m2 of porcelain tiles",
    document_type: null,
    correspondent: null,
    tags: [],
    created: "2025-04-02",
  },
];

/** DRF's page of a small vocabulary (document types, tags): every entry on one page. */
const vocabulary = (entries: readonly { id: number; name: string }[]) => ({
  status: 200,
  body: {
    count: entries.length,
    next: null,
    previous: null,
    all: entries.map((e) => e.id),
    results: entries.map((e) => ({
      ...e,
      slug: e.name.toLowerCase(),
      match: "",
      matching_algorithm: 1,
      is_insensitive: true,
      owner: 1,
    })),
  },
});

export const paperlessFake = (): FakeProvider => ({
  name: "paperless",
  credential: (request) => {
    const header = request.headers.authorization;
    return header?.startsWith("Token ") ? header.slice(6) : undefined;
  },
  unauthorized: () => ({ status: 401, body: { detail: "Invalid token." } }),
  refusal: () => ({ status: 403, body: { detail: "You do not have permission to perform this action." } }),
  error: (status) => ({
    status,
    body: `<!doctype html><html><head><title>Server Error (${status})</title></head><body><h1>Server Error (${status})</h1></body></html>`,
    contentType: "text/html",
  }),
  handle: (request, state) => {
    if (request.method === "GET" && request.path === "/api/document_types/") return vocabulary(types);
    if (request.method === "GET" && request.path === "/api/tags/") return vocabulary(tags);
    if (request.method !== "GET" || request.path !== "/api/documents/")
      return { status: 404, body: { detail: "Not found." } };
    const q = request.query;
    const text = q.get("title_content")?.toLowerCase();
    const type = q.get("document_type__name__iexact")?.toLowerCase();
    const tag = q.get("tags__name__iexact")?.toLowerCase();
    const from = q.get("created__date__gte");
    const to = q.get("created__date__lte");
    const matching = documents
      .filter((d) => !text || d.title.toLowerCase().includes(text) || d.content.toLowerCase().includes(text))
      .filter((d) => !type || types.find((t) => t.id === d.document_type)?.name.toLowerCase() === type)
      .filter((d) => !tag || d.tags.some((id) => tags.find((t) => t.id === id)?.name.toLowerCase() === tag))
      .filter((d) => (!from || d.created >= from) && (!to || d.created <= to))
      .sort((a, b) =>
        q.get("ordering") === "created" ? a.created.localeCompare(b.created) : b.created.localeCompare(a.created),
      );
    const pageSize = Math.max(1, Math.min(Number(q.get("page_size") ?? 25) || 25, 100000));
    const page = Math.max(1, Number(q.get("page") ?? 1) || 1);
    const results = matching.slice((page - 1) * pageSize, page * pageSize);
    const link = (n: number) => {
      const next = new URLSearchParams(q);
      next.set("page", String(n));
      return `${state.origin}/api/documents/?${next}`;
    };
    return {
      status: 200,
      body: {
        count: matching.length,
        next: page * pageSize < matching.length ? link(page + 1) : null,
        previous: page > 1 ? link(page - 1) : null,
        all: matching.map((d) => d.id),
        results: results.map((d) => ({
          ...d,
          storage_path: null,
          modified: `${d.created}T10:00:00Z`,
          added: `${d.created}T10:00:00Z`,
          archive_serial_number: null,
          original_file_name: `${d.title}.pdf`,
          archived_file_name: `${d.title}.pdf`,
          owner: 1,
          notes: [],
          custom_fields: [],
        })),
      },
    };
  },
});
