/**
 * A JMAP mail server (RFC 8620/8621): POST /jmap/api/ with a Bearer token and
 * { using, methodCalls }, answering { methodResponses, sessionState }. It implements Mailbox/get;
 * an account it does not hold answers the method-level error accountNotFound, as a JMAP server does.
 * The session resource (GET /.well-known/jmap, /jmap/session) names the token's account as its
 * primary mail account. Accounts: POST /__fake/accounts { accountId, folders: [{ id, name, role,
 * totalEmails, unreadEmails }], token? } (`token`: the account that bearer token signs in to).
 *
 * Mail, for a sync to read: POST /__fake/emails { accountId, emails: [{ mailboxIds: [folder id], from:
 * { email, name? }, to: [email], cc?, subject, text, html?, receivedAt?, seen?, threadId?,
 * attachments?: [{ name, type, content_base64 }] }] } adds messages (answers their ids and the new
 * state). The account's Email state counts the messages added ("0", "1", ...): Email/get (ids, or a
 * back-reference "#ids" to /ids of Email/query or /created of Email/changes), Email/query (sorted
 * by receivedAt, position, limit, calculateTotal) and Email/changes (sinceState, maxChanges; a state
 * it never gave is cannotCalculateChanges) answer from them, and the session's downloadUrl serves
 * attachments' blobs: GET /jmap/download/{accountId}/{blobId}/{name}?type=...
 * It always holds the demo's account too (DEMO_JMAP_ACCOUNT), again after a reset.
 */
import { bearer, isJson, type FakeProvider, type FakeReply } from "./server.js";

interface RemoteFolder {
  id: string;
  name: string;
  role: string | null;
  totalEmails: number;
  unreadEmails: number;
  sortOrder: number;
}

interface FakeEmail {
  id: string;
  blobId: string;
  threadId: string;
  mailboxIds: Record<string, true>;
  keywords: Record<string, true>;
  from: { name: string | null; email: string }[];
  to: { name: null; email: string }[];
  cc: { name: null; email: string }[];
  subject: string;
  receivedAt: string;
  text: string;
  html: string | null;
  attachments: {
    partId: string;
    blobId: string;
    size: number;
    name: string;
    type: string;
    disposition: "attachment";
  }[];
}

type Invocation = [string, Record<string, unknown>, string];

const problem = (status: number, type: string, detail: string): FakeReply => ({
  status,
  contentType: "application/problem+json",
  body: { type: `urn:ietf:params:jmap:error:${type}`, status, detail },
});

/**
 * A mail account the fake always holds (as Paperless's fake holds its documents): the demo's mailbox
 * on "its own" JMAP server. Its token is accepted at every start (scripts/fakes/index.ts), so a
 * mailbox connected to it keeps syncing and reading its folders after npm run dev restarts.
 */
export const DEMO_JMAP_ACCOUNT = {
  accountId: "demo-facturas",
  username: "facturas@reformas.example",
  token: "fmu1-demo-mailbox-token-local-fake-only",
} as const;

/** A small PDF, as a mail's attachment (a supplier's invoice here, a customer's plan in the demo's onboarding). */
export const SAMPLE_PDF_BASE64 = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
  "utf8",
).toString("base64");

export const jmapFake = (): FakeProvider => {
  const accounts = new Map<string, RemoteFolder[]>();
  const accountOfToken = new Map<string, string>();
  /** Each account's mail in the order it was added: the Email state is how many there are. */
  const mail = new Map<string, FakeEmail[]>();
  const blobs = new Map<string, { bytes: Uint8Array; type: string }>();
  let serial = 0;

  const emailView = (email: FakeEmail) => ({
    id: email.id,
    blobId: email.blobId,
    threadId: email.threadId,
    mailboxIds: email.mailboxIds,
    keywords: email.keywords,
    from: email.from,
    to: email.to,
    cc: email.cc,
    subject: email.subject,
    receivedAt: email.receivedAt,
    textBody: [
      { partId: "1", blobId: `${email.blobId}-1`, size: Buffer.byteLength(email.text), name: null, type: "text/plain" },
    ],
    htmlBody:
      email.html === null
        ? [
            {
              partId: "1",
              blobId: `${email.blobId}-1`,
              size: Buffer.byteLength(email.text),
              name: null,
              type: "text/plain",
            },
          ]
        : [
            {
              partId: "2",
              blobId: `${email.blobId}-2`,
              size: Buffer.byteLength(email.html),
              name: null,
              type: "text/html",
            },
          ],
    attachments: email.attachments,
    bodyValues: {
      "1": { value: email.text, isEncodingProblem: false, isTruncated: false },
      ...(email.html === null ? {} : { "2": { value: email.html, isEncodingProblem: false, isTruncated: false } }),
    },
  });

  /** A back-reference (RFC 8620 section 3.7) to an earlier response of the same request. */
  const resolve = (args: Record<string, unknown>, responses: Invocation[]): Record<string, unknown> | undefined => {
    const reference = args["#ids"] as { resultOf?: unknown; name?: unknown; path?: unknown } | undefined;
    if (!reference) return args;
    const earlier = responses.find(([name, , callId]) => callId === reference.resultOf && name === reference.name);
    const value =
      earlier && typeof reference.path === "string" ? earlier[1][reference.path.replace(/^\//, "")] : undefined;
    if (!Array.isArray(value)) return undefined;
    const { "#ids": _reference, ...rest } = args;
    return { ...rest, ids: value };
  };

  const emailMethod = (name: string, args: Record<string, unknown>, emails: FakeEmail[]): Record<string, unknown> => {
    const state = String(emails.length);
    if (name === "Email/get") {
      const ids =
        args.ids === null ? emails.map((email) => email.id) : Array.isArray(args.ids) ? (args.ids as string[]) : [];
      const found = ids.map((id) => emails.find((email) => email.id === id));
      return {
        accountId: args.accountId,
        state,
        list: found.flatMap((email) => (email ? [emailView(email)] : [])),
        notFound: ids.filter((_, index) => !found[index]),
      };
    }
    if (name === "Email/query") {
      const sorted = [...emails].sort((a, b) =>
        a.receivedAt < b.receivedAt ? -1 : a.receivedAt > b.receivedAt ? 1 : 0,
      );
      const position = typeof args.position === "number" ? args.position : 0;
      const limit = typeof args.limit === "number" ? args.limit : 256;
      return {
        accountId: args.accountId,
        queryState: state,
        canCalculateChanges: false,
        position,
        ids: sorted.slice(position, position + limit).map((email) => email.id),
        ...(args.calculateTotal ? { total: sorted.length } : {}),
      };
    }
    // Email/changes
    const since =
      typeof args.sinceState === "string" && /^\d+$/.test(args.sinceState) ? Number(args.sinceState) : Number.NaN;
    if (!(since >= 0 && since <= emails.length)) return { error: "cannotCalculateChanges" };
    const max = typeof args.maxChanges === "number" && args.maxChanges > 0 ? args.maxChanges : emails.length;
    const created = emails.slice(since, since + max).map((email) => email.id);
    const newState = String(since + created.length);
    return {
      accountId: args.accountId,
      oldState: args.sinceState,
      newState,
      hasMoreChanges: since + created.length < emails.length,
      created,
      updated: [],
      destroyed: [],
    };
  };
  const provider: FakeProvider = {
    name: "jmap",
    credential: (request) => bearer(request),
    unauthorized: () => ({ status: 401, body: "Unauthorized", contentType: "text/plain" }),
    refusal: () => problem(403, "forbidden", "Forbidden"),
    error: (status) => ({ status, body: `<html><body>${status}</body></html>`, contentType: "text/html" }),
    handle: (request) => {
      const download = /^\/jmap\/download\/([^/]+)\/([^/]+)\/[^/]*$/.exec(request.path);
      if (request.method === "GET" && download) {
        const blob = blobs.get(decodeURIComponent(download[2] ?? ""));
        return blob
          ? { status: 200, body: blob.bytes, contentType: request.query.get("type") ?? blob.type }
          : { status: 404, body: "Not found", contentType: "text/plain" };
      }
      if (request.method === "GET" && (request.path === "/.well-known/jmap" || request.path === "/jmap/session")) {
        const accountId = accountOfToken.get(bearer(request) ?? "");
        const primaryAccounts = accountId
          ? { "urn:ietf:params:jmap:core": accountId, "urn:ietf:params:jmap:mail": accountId }
          : {};
        const capabilities = {
          "urn:ietf:params:jmap:core": { maxSizeUpload: 50_000_000 },
          "urn:ietf:params:jmap:mail": {},
        };
        return {
          status: 200,
          body: {
            capabilities,
            accounts: accountId
              ? { [accountId]: { name: accountId, isPersonal: true, isReadOnly: false, accountCapabilities: {} } }
              : {},
            primaryAccounts,
            username: accountId ?? "",
            apiUrl: "/jmap/api/",
            downloadUrl: "/jmap/download/{accountId}/{blobId}/{name}?type={type}",
            uploadUrl: "/jmap/upload/{accountId}/",
            eventSourceUrl: "/jmap/event/",
            state: "fake-session-1",
          },
        };
      }
      if (request.method !== "POST" || request.path !== "/jmap/api/")
        return { status: 404, body: "Not found", contentType: "text/plain" };
      if (!isJson(request)) return problem(400, "notJSON", "The content type of the request was not application/json.");
      const body = (request.json ?? {}) as { using?: unknown; methodCalls?: unknown };
      if (!Array.isArray(body.using) || !body.using.includes("urn:ietf:params:jmap:mail"))
        return problem(400, "unknownCapability", "The mail capability is required.");
      if (!Array.isArray(body.methodCalls)) return problem(400, "notRequest", "methodCalls is required.");
      const methodResponses: Invocation[] = [];
      for (const [name, given, callId] of body.methodCalls as Invocation[]) {
        const args = resolve(given ?? {}, methodResponses);
        if (!args) {
          methodResponses.push(["error", { type: "invalidResultReference" }, callId]);
          continue;
        }
        if (name === "Mailbox/get") {
          const folders = accounts.get(String(args.accountId));
          methodResponses.push(
            folders
              ? ["Mailbox/get", { accountId: args.accountId, state: "1", list: folders, notFound: [] }, callId]
              : ["error", { type: "accountNotFound" }, callId],
          );
          continue;
        }
        if (name !== "Email/get" && name !== "Email/query" && name !== "Email/changes") {
          methodResponses.push(["error", { type: "unknownMethod" }, callId]);
          continue;
        }
        if (!accounts.has(String(args.accountId))) {
          methodResponses.push(["error", { type: "accountNotFound" }, callId]);
          continue;
        }
        const answer = emailMethod(name, args, mail.get(String(args.accountId)) ?? []);
        methodResponses.push(
          typeof answer.error === "string" ? ["error", { type: answer.error }, callId] : [name, answer, callId],
        );
      }
      return { status: 200, body: { methodResponses, sessionState: "fake-session-1" } };
    },
    reset: () => {
      accounts.clear();
      accountOfToken.clear();
      mail.clear();
      blobs.clear();
      holdDemoAccount();
    },
    control: {
      accounts: (input) => {
        const { accountId, folders, token } = (input ?? {}) as {
          accountId?: unknown;
          folders?: unknown;
          token?: unknown;
        };
        if (typeof accountId !== "string" || !Array.isArray(folders))
          return { status: 400, body: { error: "accountId and folders" } };
        accounts.set(
          accountId,
          (folders as Partial<RemoteFolder>[]).map((folder, index) => ({
            id: String(folder.id),
            name: String(folder.name),
            role: folder.role ?? null,
            totalEmails: folder.totalEmails ?? 0,
            unreadEmails: folder.unreadEmails ?? 0,
            sortOrder: folder.sortOrder ?? index,
          })),
        );
        if (typeof token === "string") accountOfToken.set(token, accountId);
        return { status: 200, body: { accountId } };
      },
      emails: (input) => {
        const { accountId, emails } = (input ?? {}) as { accountId?: unknown; emails?: unknown };
        if (typeof accountId !== "string" || !accounts.has(accountId) || !Array.isArray(emails))
          return { status: 400, body: { error: "a known accountId and emails" } };
        const held = mail.get(accountId) ?? [];
        mail.set(accountId, held);
        const text = (value: unknown, fallback = "") => (typeof value === "string" ? value : fallback);
        const ids = (emails as Record<string, unknown>[]).map((given) => {
          const id = `M${(++serial).toString(36)}${Math.random().toString(36).slice(2, 8)}`;
          const attachments = (
            Array.isArray(given.attachments) ? (given.attachments as Record<string, unknown>[]) : []
          ).map((attachment, index) => {
            const blobId = `B${id}-${index}`;
            const bytes = new Uint8Array(Buffer.from(text(attachment.content_base64), "base64"));
            const type = text(attachment.type, "application/octet-stream");
            blobs.set(blobId, { bytes, type });
            return {
              partId: String(index + 3),
              blobId,
              size: bytes.byteLength,
              name: text(attachment.name, "attachment"),
              type,
              disposition: "attachment" as const,
            };
          });
          const from = (given.from ?? {}) as { email?: unknown; name?: unknown };
          held.push({
            id,
            blobId: `B${id}`,
            threadId: text(given.threadId, `T${id}`),
            mailboxIds: Object.fromEntries(
              (Array.isArray(given.mailboxIds) ? given.mailboxIds : []).map((folder) => [
                String(folder),
                true as const,
              ]),
            ),
            keywords: given.seen === true ? { $seen: true } : {},
            from: [
              {
                email: text(from.email, "someone@example.org"),
                name: typeof from.name === "string" ? from.name : null,
              },
            ],
            to: (Array.isArray(given.to) ? given.to : []).map((email) => ({ name: null, email: String(email) })),
            cc: (Array.isArray(given.cc) ? given.cc : []).map((email) => ({ name: null, email: String(email) })),
            subject: text(given.subject),
            receivedAt: text(given.receivedAt, new Date().toISOString().replace(/\.\d{3}Z$/, "Z")),
            text: text(given.text),
            html: typeof given.html === "string" ? given.html : null,
            attachments,
          });
          return id;
        });
        return { status: 200, body: { ids, state: String(held.length) } };
      },
    },
  };
  /** The demo's account: two folders and a supplier's mail with its invoice, received the day before the fake started. */
  function holdDemoAccount() {
    const { accountId, username, token } = DEMO_JMAP_ACCOUNT;
    provider.control?.accounts?.({
      accountId,
      token,
      folders: [
        { id: "inbox", name: "Inbox", role: "inbox", totalEmails: 1, unreadEmails: 1 },
        { id: "sent", name: "Sent", role: "sent" },
      ],
    });
    provider.control?.emails?.({
      accountId,
      emails: [
        {
          mailboxIds: ["inbox"],
          from: { email: "facturacion@proveedor.example", name: "Materiales Proveedor SA" },
          to: [username],
          subject: "Factura 2026-118",
          text: "Adjuntamos la factura del pedido de azulejos.",
          receivedAt: new Date(Date.now() - 86_400_000).toISOString().replace(/\.\d{3}Z$/, "Z"),
          attachments: [{ name: "factura-2026-118.pdf", type: "application/pdf", content_base64: SAMPLE_PDF_BASE64 }],
        },
      ],
    });
  }
  holdDemoAccount();
  return provider;
};
