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
const Session = z.object({ username: z.string().optional(), primaryAccounts: z.record(z.string(), z.string()) });

export function jmap(link: Link) {
  return {
    /**
     * The account of the user's mail, from the session resource: `sessionUrl` when the server
     * names one, else /.well-known/jmap under the base URL (a redirect is not followed).
     */
    async mailAccount(sessionUrl?: string): Promise<{ accountId: string }> {
      const s = link.require(jmapProfile, await link.settings(jmapProfile), ["baseUrl", "token"]);
      const session = await link.send(
        jmapProfile,
        { method: "GET", url: sessionUrl ?? url(s.baseUrl, "/.well-known/jmap"), headers: { Authorization: `Bearer ${s.token}`, Accept: "application/json" } },
        Session,
      );
      const accountId = session.primaryAccounts["urn:ietf:params:jmap:mail"];
      if (!accountId) return link.failed(jmapProfile, "the session has no mail account");
      return { accountId };
    },
    /** Every folder (JMAP Mailbox) of the account with its live counters (Mailbox/get). */
    async folders(accountId: string): Promise<RemoteMailboxFolder[]> {
      const s = link.require(jmapProfile, await link.settings(jmapProfile), ["baseUrl", "token"]);
      const answer = await link.send(
        jmapProfile,
        {
          method: "POST",
          url: url(s.baseUrl, "/jmap/api/"),
          headers: { Authorization: `Bearer ${s.token}`, "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({
            using: CAPABILITIES,
            methodCalls: [["Mailbox/get", { accountId, ids: null, properties: ["id", "name", "role", "totalEmails", "unreadEmails", "sortOrder"] }, "folders"]],
          }),
        },
        Answer,
      );
      const [name, result] = answer.methodResponses[0]!;
      // A method-level error (accountNotFound, serverFail...) comes back in a 200 answer.
      if (name === "error") return link.failed(jmapProfile, `it answered the error ${String(result.type ?? "unknown")}`, { provider_code: String(result.type ?? "") });
      const parsed = MailboxGet.safeParse(result);
      if (name !== "Mailbox/get" || !parsed.success) return link.failed(jmapProfile, "its answer could not be read");
      return parsed.data.list;
    },
  };
}
