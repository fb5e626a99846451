import { z } from "zod";
import { type Link, type ProviderProfile, url } from "../link";

/**
 * A JMAP mail server (RFC 8620 core, RFC 8621 mail): one POST of method calls to the API
 * endpoint, Bearer token. Used to read a mailbox's folders and their counters live.
 */
const jmapProfile = {
  name: "jmap",
  label: "JMAP mail server",
  variables: { baseUrl: "JMAP_BASE_URL", token: "JMAP_TOKEN" },
  // Request-level errors are RFC 7807 problems whose `type` names the JMAP error.
  errorCode: (body) => z.object({ type: z.string() }).safeParse(body).data?.type,
  refusal: () => undefined,
} as const satisfies ProviderProfile;

const CAPABILITIES = ["urn:ietf:params:jmap:core", "urn:ietf:params:jmap:mail"];

const RemoteFolder = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string().nullable().optional(),
  totalEmails: z.number().int().min(0),
  unreadEmails: z.number().int().min(0),
  sortOrder: z.number().int().optional(),
});
const Invocation = z.tuple([z.string(), z.record(z.string(), z.unknown()), z.string()]);
const Answer = z.object({ methodResponses: z.array(Invocation).min(1) });
const MailboxGet = z.object({ accountId: z.string(), list: z.array(RemoteFolder) });

export type RemoteMailboxFolder = z.output<typeof RemoteFolder>;

/** The session resource (RFC 8620 section 2): which account holds the user's mail. */
const Session = z.object({
  username: z.string().optional(),
  primaryAccounts: z.record(z.string(), z.string()),
  downloadUrl: z.string().optional(),
});

const EmailAddress = z.object({ name: z.string().nullable().optional(), email: z.string() });
const BodyPart = z.object({
  partId: z.string().nullable().optional(),
  blobId: z.string().nullable().optional(),
  size: z.number().int().min(0).optional(),
  name: z.string().nullable().optional(),
  type: z.string().optional(),
});
/** The Email properties a sync reads (RFC 8621 section 4.1). */
const RemoteEmail = z.object({
  id: z.string(),
  threadId: z.string().optional(),
  mailboxIds: z.record(z.string(), z.boolean()).default({}),
  keywords: z.record(z.string(), z.boolean()).nullable().optional(),
  from: z.array(EmailAddress).nullable().optional(),
  to: z.array(EmailAddress).nullable().optional(),
  cc: z.array(EmailAddress).nullable().optional(),
  subject: z.string().nullable().optional(),
  receivedAt: z.string(),
  textBody: z.array(BodyPart).default([]),
  htmlBody: z.array(BodyPart).default([]),
  attachments: z.array(BodyPart).default([]),
  bodyValues: z.record(z.string(), z.object({ value: z.string() })).default({}),
});
const EmailGet = z.object({ state: z.string(), list: z.array(RemoteEmail) });
const EmailQuery = z.object({
  ids: z.array(z.string()),
  position: z.number().int().min(0).optional(),
  total: z.number().int().min(0).optional(),
});
const EmailChanges = z.object({ newState: z.string(), hasMoreChanges: z.boolean(), created: z.array(z.string()) });

export type RemoteEmail = z.output<typeof RemoteEmail>;

/** What Email/get returns of each message to sync: its addresses, folders, flags, bodies and attachments' blobs. */
const EMAIL_PROPERTIES = [
  "id",
  "threadId",
  "mailboxIds",
  "keywords",
  "from",
  "to",
  "cc",
  "subject",
  "receivedAt",
  "textBody",
  "htmlBody",
  "attachments",
  "bodyValues",
];
const emailGet = (accountId: string, ids: Record<string, unknown>) => ({
  accountId,
  ...ids,
  properties: EMAIL_PROPERTIES,
  fetchTextBodyValues: true,
  fetchHTMLBodyValues: true,
  bodyProperties: ["partId", "blobId", "size", "name", "type"],
});

/** An RFC 6570 level-1 template of the session (downloadUrl) with these variables filled in. */
const expand = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? encodeURIComponent(values[name] ?? "") : whole,
  );

/** A download address the token may go to: https, or plain http to a loopback server (a local one). */
const safeDownload = (address: string) =>
  address.startsWith("https://") || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//.test(address);

export function jmap(link: Link) {
  /** One request of method calls; its responses in the order of the calls. */
  const calls = async (methodCalls: [string, Record<string, unknown>, string][]) => {
    const s = link.require(jmapProfile, await link.settings(jmapProfile), ["baseUrl", "token"]);
    const answer = await link.send(
      jmapProfile,
      {
        method: "POST",
        url: url(s.baseUrl, "/jmap/api/"),
        headers: { Authorization: `Bearer ${s.token}`, "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ using: CAPABILITIES, methodCalls }),
      },
      Answer,
    );
    return methodCalls.map(([, , callId]) => answer.methodResponses.find((response) => response[2] === callId));
  };
  /** A method's response read with `schema`; a method-level error (in a 200 answer) or another shape fails as the provider's. */
  const read = <S extends z.ZodType>(
    response: z.output<typeof Invocation> | undefined,
    name: string,
    schema: S,
  ): z.output<S> => {
    if (response?.[0] === "error")
      return link.failed(jmapProfile, `it answered the error ${String(response[1].type ?? "unknown")}`, {
        provider_code: String(response[1].type ?? ""),
      });
    const parsed = schema.safeParse(response?.[1]);
    if (response?.[0] !== name || !parsed.success) return link.failed(jmapProfile, "its answer could not be read");
    return parsed.data;
  };
  return {
    /**
     * The account of the user's mail, from the session resource: `sessionUrl` when the server
     * names one, else /.well-known/jmap under the base URL (a redirect is not followed).
     */
    async mailAccount(sessionUrl?: string): Promise<{ accountId: string }> {
      const s = link.require(jmapProfile, await link.settings(jmapProfile), ["baseUrl", "token"]);
      const session = await link.send(
        jmapProfile,
        {
          method: "GET",
          url: sessionUrl ?? url(s.baseUrl, "/.well-known/jmap"),
          headers: { Authorization: `Bearer ${s.token}`, Accept: "application/json" },
        },
        Session,
      );
      const accountId = session.primaryAccounts["urn:ietf:params:jmap:mail"];
      if (!accountId) return link.failed(jmapProfile, "the session has no mail account");
      return { accountId };
    },
    /** The session's download address template (RFC 8620 section 6.2), absolute. */
    async downloadTemplate(sessionUrl?: string): Promise<string> {
      const s = link.require(jmapProfile, await link.settings(jmapProfile), ["baseUrl", "token"]);
      const session = await link.send(
        jmapProfile,
        {
          method: "GET",
          url: sessionUrl ?? url(s.baseUrl, "/.well-known/jmap"),
          headers: { Authorization: `Bearer ${s.token}`, Accept: "application/json" },
        },
        Session,
      );
      if (!session.downloadUrl) return link.failed(jmapProfile, "the session names no download address");
      return new URL(session.downloadUrl, `${s.baseUrl}/`).toString().replace(/%7B/gi, "{").replace(/%7D/gi, "}");
    },
    /** The account's current Email state (Email/get of no ids): the changes after it come next. */
    async emailState(accountId: string): Promise<string> {
      const [answer] = await calls([["Email/get", { accountId, ids: [] }, "state"]]);
      return read(answer, "Email/get", z.object({ state: z.string() })).state;
    },
    /** One page of the account's mail, oldest first (Email/query by receivedAt, then Email/get of its ids). */
    async emailPage(
      accountId: string,
      position: number,
      limit: number,
    ): Promise<{ ids: string[]; total: number; emails: RemoteEmail[] }> {
      const [query, get] = await calls([
        [
          "Email/query",
          { accountId, sort: [{ property: "receivedAt", isAscending: true }], position, limit, calculateTotal: true },
          "query",
        ],
        ["Email/get", emailGet(accountId, { "#ids": { resultOf: "query", name: "Email/query", path: "/ids" } }), "get"],
      ]);
      const page = read(query, "Email/query", EmailQuery);
      return {
        ids: page.ids,
        total: page.total ?? position + page.ids.length,
        emails: read(get, "Email/get", EmailGet).list,
      };
    },
    /**
     * The mail created since `sinceState` (Email/changes, at most `maxChanges`, then Email/get of the
     * created ids); "reset" when the server can no longer say (cannotCalculateChanges).
     */
    async emailChanges(
      accountId: string,
      sinceState: string,
      maxChanges: number,
    ): Promise<{ newState: string; hasMoreChanges: boolean; emails: RemoteEmail[] } | "reset"> {
      const [changes, get] = await calls([
        ["Email/changes", { accountId, sinceState, maxChanges }, "changes"],
        [
          "Email/get",
          emailGet(accountId, { "#ids": { resultOf: "changes", name: "Email/changes", path: "/created" } }),
          "get",
        ],
      ]);
      if (changes?.[0] === "error" && changes[1].type === "cannotCalculateChanges") return "reset";
      const changed = read(changes, "Email/changes", EmailChanges);
      return {
        newState: changed.newState,
        hasMoreChanges: changed.hasMoreChanges,
        emails: read(get, "Email/get", EmailGet).list,
      };
    },
    /** A blob's bytes (an attachment), from the session's download address, at most `maxBytes`. */
    async download(
      template: string,
      input: { accountId: string; blobId: string; name: string; type: string },
      maxBytes: number,
    ): Promise<Uint8Array> {
      const s = link.require(jmapProfile, await link.settings(jmapProfile), ["baseUrl", "token"]);
      const address = expand(template, input);
      if (!safeDownload(address)) return link.failed(jmapProfile, "its download address is not https");
      return (
        await link.download(
          jmapProfile,
          { method: "GET", url: address, headers: { Authorization: `Bearer ${s.token}` } },
          maxBytes,
        )
      ).bytes;
    },
    /** Every folder (JMAP Mailbox) of the account with its live counters (Mailbox/get). */
    async folders(accountId: string): Promise<RemoteMailboxFolder[]> {
      const s = link.require(jmapProfile, await link.settings(jmapProfile), ["baseUrl", "token"]);
      const answer = await link.send(
        jmapProfile,
        {
          method: "POST",
          url: url(s.baseUrl, "/jmap/api/"),
          headers: {
            Authorization: `Bearer ${s.token}`,
            "Content-Type": "application/json",
            Accept: "application/json",
          },
          body: JSON.stringify({
            using: CAPABILITIES,
            methodCalls: [
              [
                "Mailbox/get",
                {
                  accountId,
                  ids: null,
                  properties: ["id", "name", "role", "totalEmails", "unreadEmails", "sortOrder"],
                },
                "folders",
              ],
            ],
          }),
        },
        Answer,
      );
      const [name, result] = answer.methodResponses[0]!;
      // A method-level error (accountNotFound, serverFail...) comes back in a 200 answer.
      if (name === "error")
        return link.failed(jmapProfile, `it answered the error ${String(result.type ?? "unknown")}`, {
          provider_code: String(result.type ?? ""),
        });
      const parsed = MailboxGet.safeParse(result);
      if (name !== "Mailbox/get" || !parsed.success) return link.failed(jmapProfile, "its answer could not be read");
      return parsed.data.list;
    },
  };
}
