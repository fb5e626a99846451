/**
 * A JMAP mail server (RFC 8620/8621): POST /jmap/api/ with a Bearer token and
 * { using, methodCalls }, answering { methodResponses, sessionState }. It implements Mailbox/get;
 * an account it does not hold answers the method-level error accountNotFound, as a JMAP server does.
 * The session resource (GET /.well-known/jmap, /jmap/session) names the token's account as its
 * primary mail account. Accounts: POST /__fake/accounts { accountId, folders: [{ id, name, role,
 * totalEmails, unreadEmails }], token? } (`token`: the account that bearer token signs in to).
 */
import { bearer, isJson, type FakeProvider, type FakeReply } from "./server";

interface RemoteFolder {
  id: string;
  name: string;
  role: string | null;
  totalEmails: number;
  unreadEmails: number;
  sortOrder: number;
}

const problem = (status: number, type: string, detail: string): FakeReply => ({ status, contentType: "application/problem+json", body: { type: `urn:ietf:params:jmap:error:${type}`, status, detail } });

export const jmapFake = (): FakeProvider => {
  const accounts = new Map<string, RemoteFolder[]>();
  const accountOfToken = new Map<string, string>();
  return {
    name: "jmap",
    credential: (request) => bearer(request),
    unauthorized: () => ({ status: 401, body: "Unauthorized", contentType: "text/plain" }),
    refusal: () => problem(403, "forbidden", "Forbidden"),
    error: (status) => ({ status, body: `<html><body>${status}</body></html>`, contentType: "text/html" }),
    handle: (request) => {
      if (request.method === "GET" && (request.path === "/.well-known/jmap" || request.path === "/jmap/session")) {
        const accountId = accountOfToken.get(bearer(request) ?? "");
        const primaryAccounts = accountId ? { "urn:ietf:params:jmap:core": accountId, "urn:ietf:params:jmap:mail": accountId } : {};
        const capabilities = { "urn:ietf:params:jmap:core": { maxSizeUpload: 50_000_000 }, "urn:ietf:params:jmap:mail": {} };
        return {
          status: 200,
          body: { capabilities, accounts: accountId ? { [accountId]: { name: accountId, isPersonal: true, isReadOnly: false, accountCapabilities: {} } } : {}, primaryAccounts, username: accountId ?? "", apiUrl: "/jmap/api/", downloadUrl: "/jmap/download/{accountId}/{blobId}/{name}?type={type}", uploadUrl: "/jmap/upload/{accountId}/", eventSourceUrl: "/jmap/event/", state: "fake-session-1" },
        };
      }
      if (request.method !== "POST" || request.path !== "/jmap/api/") return { status: 404, body: "Not found", contentType: "text/plain" };
      if (!isJson(request)) return problem(400, "notJSON", "The content type of the request was not application/json.");
      const body = (request.json ?? {}) as { using?: unknown; methodCalls?: unknown };
      if (!Array.isArray(body.using) || !body.using.includes("urn:ietf:params:jmap:mail")) return problem(400, "unknownCapability", "The mail capability is required.");
      if (!Array.isArray(body.methodCalls)) return problem(400, "notRequest", "methodCalls is required.");
      const methodResponses = (body.methodCalls as [string, Record<string, unknown>, string][]).map(([name, args, callId]) => {
        if (name !== "Mailbox/get") return ["error", { type: "unknownMethod" }, callId];
        const folders = accounts.get(String(args.accountId));
        if (!folders) return ["error", { type: "accountNotFound" }, callId];
        return ["Mailbox/get", { accountId: args.accountId, state: "1", list: folders, notFound: [] }, callId];
      });
      return { status: 200, body: { methodResponses, sessionState: "fake-session-1" } };
    },
    reset: () => {
      accounts.clear();
      accountOfToken.clear();
    },
    control: {
      accounts: (input) => {
        const { accountId, folders, token } = (input ?? {}) as { accountId?: unknown; folders?: unknown; token?: unknown };
        if (typeof accountId !== "string" || !Array.isArray(folders)) return { status: 400, body: { error: "accountId and folders" } };
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
    },
  };
};
