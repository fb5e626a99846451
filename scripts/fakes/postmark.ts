/**
 * Postmark: POST /email with X-Postmark-Server-Token, JSON in and out (PascalCase), errors as
 * { ErrorCode, Message } (422 for a refused request, 401 for a missing or wrong token).
 * The account-level API (X-Postmark-Account-Token): POST /domains, GET /domains/{id},
 * PUT /domains/{id}/verifyDkim and /verifyReturnPath, POST /senders, GET /senders/{id}. The fake
 * "finds" a domain's DKIM and Return-Path records published DNS_CONFIRMED_AFTER_MS after it was
 * added (a real provider waits until they are); a sender signature stays unconfirmed (nobody
 * clicks the confirmation email).
 */
import { isJson, type FakeProvider, type FakeReply, type FakeRequest } from "./server";

const addresses = (value: unknown) =>
  typeof value === "string"
    ? value
        .split(",")
        .map((part) => /<([^>]+)>/.exec(part)?.[1] ?? part.trim())
        .filter(Boolean)
    : [];

/** How long after a domain is added the fake reports its DNS records as found. */
const DNS_CONFIRMED_AFTER_MS = 1000;

interface FakeDomain {
  id: number;
  name: string;
  returnPath: string;
  addedAt: number;
}

interface FakeSender {
  id: number;
  email: string;
  name: string;
}

const isAccountPath = (path: string) => /^\/(domains|senders)(\/|$)/.test(path);

export const postmarkFake = (): FakeProvider => {
  const domains = new Map<number, FakeDomain>();
  const senders = new Map<number, FakeSender>();
  let nextId = 1000;
  const published = (domain: FakeDomain) => Date.now() - domain.addedAt >= DNS_CONFIRMED_AFTER_MS;
  const domainView = (domain: FakeDomain) => {
    const dkimVerified = published(domain);
    const selector = `${domain.id}pm._domainkey.${domain.name}`;
    const dkimValue = `k=rsa;p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC${domain.id}fakekeyIDAQAB`;
    return {
      ID: domain.id,
      Name: domain.name,
      SPFVerified: false,
      SPFHost: domain.name,
      SPFTextValue: "v=spf1 a mx include:spf.mtasv.net ~all",
      DKIMVerified: dkimVerified,
      WeakDKIM: false,
      DKIMHost: dkimVerified ? selector : "",
      DKIMTextValue: dkimVerified ? dkimValue : "",
      DKIMPendingHost: dkimVerified ? "" : selector,
      DKIMPendingTextValue: dkimVerified ? "" : dkimValue,
      DKIMRevokedHost: "",
      DKIMRevokedTextValue: "",
      SafeToRemoveRevokedKeyFromDNS: false,
      DKIMUpdateStatus: dkimVerified ? "Verified" : "Pending",
      ReturnPathDomain: domain.returnPath,
      ReturnPathDomainVerified: published(domain),
      ReturnPathDomainCNAMEValue: "pm.mtasv.net",
    };
  };
  const senderView = (sender: FakeSender) => ({
    ID: sender.id,
    Domain: sender.email.split("@")[1] ?? "",
    EmailAddress: sender.email,
    ReplyToEmailAddress: "",
    Name: sender.name,
    Confirmed: false,
    ConfirmationPersonalNote: "",
  });
  const notFound = { status: 422, body: { ErrorCode: 501, Message: "This entity could not be found." } };

  function account(request: FakeRequest): FakeReply {
    const body = (request.json ?? {}) as Record<string, unknown>;
    const [, resource, id, action] = request.path.split("/");
    if (resource === "domains") {
      if (request.method === "POST" && id === undefined) {
        if (typeof body.Name !== "string" || !/^[a-z0-9.-]+\.[a-z]{2,}$/i.test(body.Name)) return { status: 422, body: { ErrorCode: 300, Message: "Invalid domain name." } };
        if ([...domains.values()].some((domain) => domain.name === body.Name)) return { status: 422, body: { ErrorCode: 510, Message: "This domain already exists." } };
        const domain: FakeDomain = { id: nextId++, name: body.Name, returnPath: typeof body.ReturnPathDomain === "string" ? body.ReturnPathDomain : "", addedAt: Date.now() };
        domains.set(domain.id, domain);
        return { status: 200, body: domainView(domain) };
      }
      const domain = domains.get(Number(id));
      if (!domain) return notFound;
      if (request.method === "GET" && action === undefined) return { status: 200, body: domainView(domain) };
      if (request.method === "PUT" && (action === "verifyDkim" || action === "verifyReturnPath")) return { status: 200, body: domainView(domain) };
    }
    if (resource === "senders") {
      if (request.method === "POST" && id === undefined) {
        if (typeof body.FromEmail !== "string" || !body.FromEmail.includes("@") || typeof body.Name !== "string") return { status: 422, body: { ErrorCode: 300, Message: "Invalid sender signature request." } };
        if ([...senders.values()].some((sender) => sender.email === body.FromEmail)) return { status: 422, body: { ErrorCode: 504, Message: "This signature already exists." } };
        const sender: FakeSender = { id: nextId++, email: body.FromEmail, name: body.Name };
        senders.set(sender.id, sender);
        return { status: 200, body: senderView(sender) };
      }
      const sender = senders.get(Number(id));
      if (request.method === "GET" && sender && action === undefined) return { status: 200, body: senderView(sender) };
      return notFound;
    }
    return { status: 404, body: { ErrorCode: 404, Message: "Not found" } };
  }

  return {
    name: "postmark",
    credential: (request) => {
      const token = request.headers[isAccountPath(request.path) ? "x-postmark-account-token" : "x-postmark-server-token"];
      return typeof token === "string" ? token : undefined;
    },
    unauthorized: () => ({
      status: 401,
      body: { ErrorCode: 10, Message: "The Server Token you provided in the X-Postmark-Server-Token request header was invalid. Please verify that you are using a valid token." },
    }),
    recipient: (request) => {
      const body = (request.json ?? {}) as Record<string, unknown>;
      return [...addresses(body.To), ...addresses(body.Cc), ...addresses(body.Bcc)];
    },
    refusal: () => ({
      status: 422,
      body: { ErrorCode: 406, Message: "You tried to send to recipient(s) that have been marked as inactive. Found inactive addresses: (fake). Inactive recipients are ones that have generated a hard bounce, a spam complaint, or a manual suppression." },
    }),
    error: (status) => ({ status, body: { ErrorCode: status >= 500 ? 1 : 300, Message: status >= 500 ? "Internal server error (fake)" : "Invalid email request" } }),
    handle: (request) => {
      if (isAccountPath(request.path)) {
        if (!/application\/json/.test(request.headers.accept ?? "")) return { status: 415, body: { ErrorCode: 300, Message: "Accept must be application/json" } };
        return account(request);
      }
      if (request.method !== "POST" || request.path !== "/email") return { status: 404, body: { ErrorCode: 404, Message: "Not found" } };
      if (!isJson(request) || !/application\/json/.test(request.headers.accept ?? "")) {
        return { status: 415, body: { ErrorCode: 300, Message: "Accept and Content-Type must be application/json" } };
      }
      const body = (request.json ?? {}) as Record<string, unknown>;
      for (const field of ["From", "To", "Subject"]) {
        if (typeof body[field] !== "string" || body[field] === "") return { status: 422, body: { ErrorCode: 300, Message: `Invalid email request: '${field}' is required` } };
      }
      if (typeof body.TextBody !== "string" && typeof body.HtmlBody !== "string") {
        return { status: 422, body: { ErrorCode: 300, Message: "Invalid email request: Provide either email TextBody or HtmlBody or both." } };
      }
      return { status: 200, body: { To: body.To, SubmittedAt: new Date().toISOString(), MessageID: crypto.randomUUID(), ErrorCode: 0, Message: "OK" } };
    },
    reset: () => {
      domains.clear();
      senders.clear();
    },
  };
};
