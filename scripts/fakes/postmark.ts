/**
 * Postmark: POST /email with X-Postmark-Server-Token, JSON in and out (PascalCase), errors as
 * { ErrorCode, Message } (422 for a refused request, 401 for a missing or wrong token).
 * The account-level API (X-Postmark-Account-Token): POST /domains, GET /domains/{id},
 * PUT /domains/{id}/verifyDkim and /verifyReturnPath, DELETE /domains/{id}, POST /senders,
 * GET /senders/{id}, DELETE /senders/{id} (an id it does not have: 422 with ErrorCode 501). The fake
 * "finds" a domain's DKIM and Return-Path records published DNS_CONFIRMED_AFTER_MS after it was
 * added (a real provider waits until they are), and a sender signature confirmed as long after it
 * was added (as if its owner clicked the provider's confirmation email then).
 *
 * Like a Postmark server with a webhook configured (URL and HTTP Basic credentials), each email
 * sent is followed by its Delivery webhook, or a Bounce, or a Delivery then a SpamComplaint:
 *   POST /__fake/webhook { url, user, password }   where the server's webhook posts
 *   POST /__fake/timeline { email: "delivered"|"bounced"|"complained", email_ms }   (default: delivered after 1 s)
 *   POST /__fake/callbacks                          what was sent, and the answers
 * What was sent is searched by GET /messages/outbound (count, offset, recipient, metadata_<key>).
 *
 * Forwarded mail, as the inbound stream posts it: POST /__fake/inbound { to, from, from_name?, cc?,
 * subject, text, html?, attachments?: [{ name, content_type, content_base64 }] } builds the inbound
 * webhook's JSON (FromFull, ToFull, CcFull, OriginalRecipient, Subject, TextBody, HtmlBody, Headers,
 * Attachments in base64, MessageID), posts it with the webhook's Basic credentials to `inboundUrl`
 * when one is configured, and answers { message_id, body } so a test without a server posts it itself.
 */
import { CallbackSender, timelineNumber } from "./callbacks.js";
import { isJson, type FakeProvider, type FakeReply, type FakeRequest } from "./server.js";

export interface PostmarkWebhook {
  url: string;
  user: string;
  password: string;
  /** The inbound stream's webhook (forwarded mail), with the same credentials. */
  inboundUrl?: string;
}

type EmailOutcome = "delivered" | "bounced" | "complained";

/** The server's id, as Postmark's webhooks carry it. */
const SERVER_ID = 23;

const addresses = (value: unknown) =>
  typeof value === "string"
    ? value
        .split(",")
        .map((part) => /<([^>]+)>/.exec(part)?.[1] ?? part.trim())
        .filter(Boolean)
    : [];

/** How long after a domain is added the fake reports its DNS records as found (and after a signature is added, that it is confirmed). */
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
  addedAt: number;
}

const isAccountPath = (path: string) => /^\/(domains|senders)(\/|$)/.test(path);

export const postmarkFake = (initialWebhook?: PostmarkWebhook): FakeProvider => {
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
    Confirmed: Date.now() - sender.addedAt >= DNS_CONFIRMED_AFTER_MS,
    ConfirmationPersonalNote: "",
  });
  const notFound = { status: 422, body: { ErrorCode: 501, Message: "This entity could not be found." } };

  function account(request: FakeRequest): FakeReply {
    const body = (request.json ?? {}) as Record<string, unknown>;
    const [, resource, id, action] = request.path.split("/");
    if (resource === "domains") {
      if (request.method === "POST" && id === undefined) {
        if (typeof body.Name !== "string" || !/^[a-z0-9.-]+\.[a-z]{2,}$/i.test(body.Name))
          return { status: 422, body: { ErrorCode: 300, Message: "Invalid domain name." } };
        if ([...domains.values()].some((domain) => domain.name === body.Name))
          return { status: 422, body: { ErrorCode: 510, Message: "This domain already exists." } };
        const domain: FakeDomain = {
          id: nextId++,
          name: body.Name,
          returnPath: typeof body.ReturnPathDomain === "string" ? body.ReturnPathDomain : "",
          addedAt: Date.now(),
        };
        domains.set(domain.id, domain);
        return { status: 200, body: domainView(domain) };
      }
      const domain = domains.get(Number(id));
      if (!domain) return notFound;
      if (request.method === "GET" && action === undefined) return { status: 200, body: domainView(domain) };
      if (request.method === "PUT" && (action === "verifyDkim" || action === "verifyReturnPath"))
        return { status: 200, body: domainView(domain) };
      if (request.method === "DELETE" && action === undefined) {
        domains.delete(domain.id);
        return { status: 200, body: { ErrorCode: 0, Message: `Domain ${domain.name} removed.` } };
      }
    }
    if (resource === "senders") {
      if (request.method === "POST" && id === undefined) {
        if (typeof body.FromEmail !== "string" || !body.FromEmail.includes("@") || typeof body.Name !== "string")
          return { status: 422, body: { ErrorCode: 300, Message: "Invalid sender signature request." } };
        if ([...senders.values()].some((sender) => sender.email === body.FromEmail))
          return { status: 422, body: { ErrorCode: 504, Message: "This signature already exists." } };
        const sender: FakeSender = { id: nextId++, email: body.FromEmail, name: body.Name, addedAt: Date.now() };
        senders.set(sender.id, sender);
        return { status: 200, body: senderView(sender) };
      }
      const sender = senders.get(Number(id));
      if (request.method === "GET" && sender && action === undefined) return { status: 200, body: senderView(sender) };
      if (request.method === "DELETE" && sender && action === undefined) {
        senders.delete(sender.id);
        return { status: 200, body: { ErrorCode: 0, Message: `Signature ${sender.email} removed.` } };
      }
      return notFound;
    }
    return { status: 404, body: { ErrorCode: 404, Message: "Not found" } };
  }

  /** What was sent, newest first: what the outbound message search reads. */
  const outbound: {
    MessageID: string;
    Recipients: string[];
    Metadata: Record<string, string>;
    [field: string]: unknown;
  }[] = [];

  /**
   * GET /messages/outbound (Outbound message search): `count` and `offset` required (count at most
   * 500), filtered by `recipient` and by `metadata_<key>=<value>`; { TotalCount, Messages }.
   */
  const searchOutbound = (request: FakeRequest): FakeReply => {
    const count = Number(request.query.get("count"));
    const offset = Number(request.query.get("offset"));
    if (
      !Number.isInteger(count) ||
      !Number.isInteger(offset) ||
      count < 1 ||
      count > 500 ||
      offset < 0 ||
      request.query.get("count") === null ||
      request.query.get("offset") === null
    ) {
      return {
        status: 422,
        body: {
          ErrorCode: 300,
          Message: "The 'count' and 'offset' parameters are required; count must be between 1 and 500.",
        },
      };
    }
    const recipient = request.query.get("recipient");
    const metadata = [...request.query.entries()]
      .filter(([name]) => name.startsWith("metadata_"))
      .map(([name, value]) => [name.slice("metadata_".length), value] as const);
    const matching = outbound.filter(
      (message) =>
        (!recipient || message.Recipients.includes(recipient)) &&
        metadata.every(([key, value]) => message.Metadata[key] === value),
    );
    return { status: 200, body: { TotalCount: matching.length, Messages: matching.slice(offset, offset + count) } };
  };

  const sender = new CallbackSender();
  let webhook = initialWebhook;
  let timeline: { email: EmailOutcome; emailMs: number } = { email: "delivered", emailMs: 1000 };

  const post = (delayMs: number, event: string, payload: Record<string, unknown>) => {
    if (!webhook) return;
    const headers = {
      "Content-Type": "application/json",
      Authorization: `Basic ${Buffer.from(`${webhook.user}:${webhook.password}`).toString("base64")}`,
    };
    sender.later(delayMs, event, webhook.url, JSON.stringify(payload), headers);
  };

  /** The webhooks Postmark sends for one accepted email, per recipient. */
  const followUp = (request: FakeRequest, messageId: string) => {
    const body = (request.json ?? {}) as Record<string, unknown>;
    const metadata = typeof body.Metadata === "object" && body.Metadata !== null ? body.Metadata : {};
    const common = {
      MessageID: messageId,
      ServerID: SERVER_ID,
      MessageStream: typeof body.MessageStream === "string" ? body.MessageStream : "outbound",
      Tag: typeof body.Tag === "string" ? body.Tag : "",
      Metadata: metadata,
    };
    for (const recipient of addresses(body.To)) {
      const at = new Date(Date.now() + timeline.emailMs).toISOString();
      if (timeline.email === "bounced") {
        post(timeline.emailMs, "Bounce", {
          RecordType: "Bounce",
          ID: Math.floor(Math.random() * 1e10),
          Type: "HardBounce",
          TypeCode: 1,
          Name: "Hard bounce",
          Description: "The server was unable to deliver your message (ex: unknown user, mailbox not found).",
          Details: "smtp;550 5.1.1 The email account that you tried to reach does not exist.",
          Email: recipient,
          From: typeof body.From === "string" ? body.From : "",
          BouncedAt: at,
          DumpAvailable: false,
          Inactive: true,
          CanActivate: true,
          Subject: typeof body.Subject === "string" ? body.Subject : "",
          ...common,
        });
        continue;
      }
      post(timeline.emailMs, "Delivery", {
        RecordType: "Delivery",
        Recipient: recipient,
        DeliveredAt: at,
        Details: "Test delivery webhook details",
        ...common,
      });
      if (timeline.email === "complained") {
        post(timeline.emailMs + 200, "SpamComplaint", {
          RecordType: "SpamComplaint",
          ID: Math.floor(Math.random() * 1e10),
          Type: "SpamComplaint",
          TypeCode: 512,
          Name: "Spam complaint",
          Description: "The subscriber explicitly marked this message as spam.",
          Details: "Test spam complaint details",
          Email: recipient,
          From: typeof body.From === "string" ? body.From : "",
          BouncedAt: at,
          DumpAvailable: true,
          Inactive: true,
          CanActivate: false,
          Subject: typeof body.Subject === "string" ? body.Subject : "",
          ...common,
        });
      }
    }
  };

  /** One forwarded mail as the inbound webhook carries it. */
  const inbound = (given: Record<string, unknown>): FakeReply => {
    const text = (value: unknown, fallback = "") => (typeof value === "string" ? value : fallback);
    const to = text(given.to);
    const from = text(given.from);
    if (!to.includes("@") || !from.includes("@")) return { status: 400, body: { error: "to and from addresses" } };
    const cc = Array.isArray(given.cc)
      ? given.cc.filter((address): address is string => typeof address === "string")
      : [];
    const messageId = crypto.randomUUID();
    const attachments = (Array.isArray(given.attachments) ? given.attachments : []).map((item) => {
      const attachment = (item ?? {}) as Record<string, unknown>;
      const content = text(attachment.content_base64);
      return {
        Name: text(attachment.name, "attachment"),
        Content: content,
        ContentType: text(attachment.content_type, "application/octet-stream"),
        ContentLength: Buffer.from(content, "base64").byteLength,
        ContentID: "",
      };
    });
    const full = (email: string) => ({ Email: email, Name: "", MailboxHash: "" });
    const date = new Date().toUTCString().replace("GMT", "+0000");
    const payload = {
      FromName: text(given.from_name),
      MessageStream: "inbound",
      From: from,
      FromFull: { Email: from, Name: text(given.from_name), MailboxHash: "" },
      To: to,
      ToFull: [full(to)],
      Cc: cc.join(", "),
      CcFull: cc.map(full),
      Bcc: "",
      BccFull: [],
      OriginalRecipient: to,
      Subject: text(given.subject),
      MessageID: messageId,
      ReplyTo: "",
      MailboxHash: "",
      Date: date,
      TextBody: text(given.text),
      HtmlBody: text(given.html),
      StrippedTextReply: "",
      Tag: "",
      Headers: [
        { Name: "X-Spam-Status", Value: "No" },
        { Name: "Message-ID", Value: `<${messageId}@mail.example.com>` },
      ],
      Attachments: attachments,
    };
    const body = JSON.stringify(payload);
    if (webhook?.inboundUrl) {
      const headers = {
        "Content-Type": "application/json",
        Authorization: `Basic ${Buffer.from(`${webhook.user}:${webhook.password}`).toString("base64")}`,
      };
      sender.later(0, "Inbound", webhook.inboundUrl, body, headers);
    }
    return { status: 200, body: { message_id: messageId, body } };
  };

  return {
    name: "postmark",
    reset: () => {
      outbound.length = 0;
      domains.clear();
      senders.clear();
      sender.reset();
      webhook = initialWebhook;
      timeline = { email: "delivered", emailMs: 1000 };
    },
    control: {
      webhook: (body) => {
        const given = (body ?? {}) as Record<string, unknown>;
        if (typeof given.url !== "string" || typeof given.user !== "string" || typeof given.password !== "string")
          return { status: 400, body: { error: "url, user, password" } };
        webhook = {
          url: given.url,
          user: given.user,
          password: given.password,
          ...(typeof given.inbound_url === "string" ? { inboundUrl: given.inbound_url } : {}),
        };
        return { status: 200, body: { url: webhook.url } };
      },
      timeline: (body) => {
        const given = (body ?? {}) as Record<string, unknown>;
        const email =
          given.email === "delivered" || given.email === "bounced" || given.email === "complained"
            ? given.email
            : timeline.email;
        timeline = { email, emailMs: timelineNumber(given.email_ms, timeline.emailMs) };
        return { status: 200, body: { email: timeline.email, email_ms: timeline.emailMs } };
      },
      callbacks: () => ({ status: 200, body: { callbacks: sender.sent } }),
      inbound: (body) => inbound((body ?? {}) as Record<string, unknown>),
    },
    credential: (request) => {
      const token =
        request.headers[isAccountPath(request.path) ? "x-postmark-account-token" : "x-postmark-server-token"];
      return typeof token === "string" ? token : undefined;
    },
    unauthorized: () => ({
      status: 401,
      body: {
        ErrorCode: 10,
        Message:
          "The Server Token you provided in the X-Postmark-Server-Token request header was invalid. Please verify that you are using a valid token.",
      },
    }),
    recipient: (request) => {
      const body = (request.json ?? {}) as Record<string, unknown>;
      return [...addresses(body.To), ...addresses(body.Cc), ...addresses(body.Bcc)];
    },
    refusal: () => ({
      status: 422,
      body: {
        ErrorCode: 406,
        Message:
          "You tried to send to recipient(s) that have been marked as inactive. Found inactive addresses: (fake). Inactive recipients are ones that have generated a hard bounce, a spam complaint, or a manual suppression.",
      },
    }),
    error: (status) => ({
      status,
      body: {
        ErrorCode: status >= 500 ? 1 : 300,
        Message: status >= 500 ? "Internal server error (fake)" : "Invalid email request",
      },
    }),
    handle: (request) => {
      if (isAccountPath(request.path)) {
        if (!/application\/json/.test(request.headers.accept ?? ""))
          return { status: 415, body: { ErrorCode: 300, Message: "Accept must be application/json" } };
        return account(request);
      }
      if (request.method === "GET" && request.path === "/messages/outbound") return searchOutbound(request);
      if (request.method !== "POST" || request.path !== "/email")
        return { status: 404, body: { ErrorCode: 404, Message: "Not found" } };
      if (!isJson(request) || !/application\/json/.test(request.headers.accept ?? "")) {
        return { status: 415, body: { ErrorCode: 300, Message: "Accept and Content-Type must be application/json" } };
      }
      const body = (request.json ?? {}) as Record<string, unknown>;
      for (const field of ["From", "To", "Subject"]) {
        if (typeof body[field] !== "string" || body[field] === "")
          return { status: 422, body: { ErrorCode: 300, Message: `Invalid email request: '${field}' is required` } };
      }
      if (typeof body.TextBody !== "string" && typeof body.HtmlBody !== "string") {
        return {
          status: 422,
          body: {
            ErrorCode: 300,
            Message: "Invalid email request: Provide either email TextBody or HtmlBody or both.",
          },
        };
      }
      // Headers: an array of { Name, Value } strings (Postmark's email API).
      if (
        body.Headers !== undefined &&
        (!Array.isArray(body.Headers) ||
          body.Headers.some((header) => typeof header?.Name !== "string" || typeof header?.Value !== "string"))
      ) {
        return {
          status: 422,
          body: { ErrorCode: 300, Message: "Invalid email request: Headers must be an array of { Name, Value }." },
        };
      }
      const messageId = crypto.randomUUID();
      const to = addresses(body.To);
      const metadata =
        typeof body.Metadata === "object" && body.Metadata !== null ? (body.Metadata as Record<string, string>) : {};
      outbound.unshift({
        MessageID: messageId,
        MessageStream: typeof body.MessageStream === "string" ? body.MessageStream : "outbound",
        Tag: typeof body.Tag === "string" ? body.Tag : "",
        To: to.map((email) => ({ Email: email, Name: null })),
        Recipients: to,
        ReceivedAt: new Date().toISOString(),
        From: body.From,
        Subject: body.Subject,
        Status: "Sent",
        TrackOpens: false,
        TrackLinks: "None",
        Metadata: metadata,
      });
      followUp(request, messageId);
      return {
        status: 200,
        body: { To: body.To, SubmittedAt: new Date().toISOString(), MessageID: messageId, ErrorCode: 0, Message: "OK" },
      };
    },
  };
};
