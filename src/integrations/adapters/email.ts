import { z } from "zod";
import { type Link, type ProviderProfile, url } from "../link";

/** Postmark (transactional email): https://postmarkapp.com/developer/api/email-api */
const PostmarkError = z.object({ ErrorCode: z.number() });

const refusals: Record<number, string> = {
  406: "the address is marked inactive (it bounced, complained of spam, or was suppressed)",
  510: "the account has this domain already",
  504: "the account has a sender signature for this address already",
  // Answers of the account API about an id it does not have (a removal asks for it gone: done already).
  501: "the account has no sender signature of this id",
};

const postmarkProfile = {
  name: "postmark",
  label: "Postmark",
  variables: {
    baseUrl: "POSTMARK_BASE_URL",
    serverToken: "POSTMARK_SERVER_TOKEN",
    accountToken: "POSTMARK_ACCOUNT_TOKEN",
    from: "EMAIL_FROM",
  },
  errorCode: (body) => PostmarkError.safeParse(body).data?.ErrorCode,
  // 406: the recipient is inactive (hard bounce, spam complaint or manual suppression). The account
  // API's 510 and 504 (the account has the domain, the signature already) are answers the caller
  // decides on (email's identities), not failures of the provider.
  refusal: (status, body) =>
    status === 422 ? refusals[PostmarkError.safeParse(body).data?.ErrorCode ?? 0] : undefined,
} as const satisfies ProviderProfile;

/** A sending domain (Domains API): its DKIM and Return-Path records and whether the provider found them published. */
const Domain = z.object({
  ID: z.number().int(),
  Name: z.string(),
  DKIMVerified: z.boolean(),
  DKIMHost: z.string().nullable().optional(),
  DKIMTextValue: z.string().nullable().optional(),
  DKIMPendingHost: z.string().nullable().optional(),
  DKIMPendingTextValue: z.string().nullable().optional(),
  ReturnPathDomain: z.string().nullable().optional(),
  ReturnPathDomainVerified: z.boolean(),
  ReturnPathDomainCNAMEValue: z.string().nullable().optional(),
});
/** A sender signature (Sender Signatures API): one address, confirmed by its owner from the provider's email. */
const Sender = z.object({
  ID: z.number().int(),
  EmailAddress: z.string(),
  Name: z.string().nullable().optional(),
  Confirmed: z.boolean(),
});

/** What a removal answers: { ErrorCode: 0, Message: "... removed." }. */
const Removed = z.object({ ErrorCode: z.literal(0), Message: z.string().optional() });

export type PostmarkDomain = z.output<typeof Domain>;
export type PostmarkSender = z.output<typeof Sender>;

/** Outbound message search: the matching messages, newest first (only what a lookup reads). */
/** Messages per page of the outbound search (Postmark's most is 500). */
const SEARCH_PAGE = 50;
const OutboundSearch = z.object({
  TotalCount: z.number().int(),
  Messages: z.array(
    z.object({ MessageID: z.string(), Metadata: z.record(z.string(), z.string()).nullable().optional() }),
  ),
});

const Sent = z.object({ MessageID: z.string(), SubmittedAt: z.string(), ErrorCode: z.literal(0) });

export interface EmailMessage {
  /** Defaults to EMAIL_FROM or the company's own sender. */
  from?: string;
  to: readonly string[];
  cc?: readonly string[];
  bcc?: readonly string[];
  replyTo?: string;
  subject: string;
  text?: string;
  html?: string;
  tag?: string;
  metadata?: Record<string, string>;
  /** Extra message headers (List-Unsubscribe...): Postmark's `Headers`, an array of { Name, Value }. */
  headers?: readonly { name: string; value: string }[];
}

export function email(link: Link) {
  /** One call of the account-level API (X-Postmark-Account-Token): the operator's, never a company's. */
  async function account<S extends z.ZodType>(
    method: "GET" | "POST" | "PUT" | "DELETE",
    path: string,
    schema: S,
    body?: unknown,
  ): Promise<z.output<S>> {
    const s = link.require(postmarkProfile, await link.settings(postmarkProfile), ["baseUrl", "accountToken"]);
    const headers: Record<string, string> = { Accept: "application/json", "X-Postmark-Account-Token": s.accountToken };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    return link.send(
      postmarkProfile,
      { method, url: url(s.baseUrl, path), headers, body: body === undefined ? undefined : JSON.stringify(body) },
      schema,
    );
  }
  return {
    /**
     * Whether a send could be attempted now: the provider is configured (base URL and token), so a
     * caller can refuse with 503 before recording anything. Sends nothing.
     */
    async ready(): Promise<void> {
      link.require(postmarkProfile, await link.settings(postmarkProfile), ["baseUrl", "serverToken"]);
    },
    /** Adds a sending domain to the account (Domains API, account token); its DNS records come back. */
    async createDomain(name: string, returnPathDomain: string): Promise<PostmarkDomain> {
      return account("POST", "/domains", Domain, { Name: name, ReturnPathDomain: returnPathDomain });
    },
    /** Asks the provider to look up the domain's DKIM record again, and answers the domain. */
    verifyDkim: (domainId: number): Promise<PostmarkDomain> =>
      account("PUT", `/domains/${domainId}/verifyDkim`, Domain),
    /** Asks the provider to look up the domain's Return-Path CNAME again, and answers the domain. */
    verifyReturnPath: (domainId: number): Promise<PostmarkDomain> =>
      account("PUT", `/domains/${domainId}/verifyReturnPath`, Domain),
    /** Adds a sender signature for one address (the provider emails it a confirmation link). */
    async createSender(fromEmail: string, name: string): Promise<PostmarkSender> {
      return account("POST", "/senders", Sender, { FromEmail: fromEmail, Name: name });
    },
    sender: (senderId: number): Promise<PostmarkSender> => account("GET", `/senders/${senderId}`, Sender),
    /** Removes a sender signature (DELETE /senders/{id}): the address sends no more. */
    deleteSender: (senderId: number): Promise<unknown> => account("DELETE", `/senders/${senderId}`, Removed),
    /** Removes a sending domain (DELETE /domains/{id}): its DKIM key is no longer the account's. */
    deleteDomain: (domainId: number): Promise<unknown> => account("DELETE", `/domains/${domainId}`, Removed),
    /**
     * The ids of the outbound messages the server has that carry `value` under the metadata `key`
     * (Outbound message search, GET /messages/outbound with metadata_<key>=<value>), oldest first:
     * how a retry learns whether an attempt whose answer was lost was sent. The filter is exact (our
     * intent id), so a page rarely holds more than one; every page up to TotalCount is read anyway.
     */
    async findByMetadata(key: string, value: string, recipient?: string): Promise<string[]> {
      const s = link.require(postmarkProfile, await link.settings(postmarkProfile), ["baseUrl", "serverToken"]);
      const found: string[] = [];
      for (let offset = 0; ; offset += SEARCH_PAGE) {
        const query = { count: SEARCH_PAGE, offset, recipient, [`metadata_${key}`]: value };
        const answer = await link.send(
          postmarkProfile,
          {
            method: "GET",
            url: url(s.baseUrl, "/messages/outbound", query),
            headers: { Accept: "application/json", "X-Postmark-Server-Token": s.serverToken },
          },
          OutboundSearch,
        );
        found.push(
          ...answer.Messages.filter((message) => message.Metadata?.[key] === value).map((message) => message.MessageID),
        );
        // Postmark's search reads at most 10,000 messages deep (offset + count).
        if (
          answer.Messages.length < SEARCH_PAGE ||
          offset + 2 * SEARCH_PAGE > 10_000 ||
          offset + SEARCH_PAGE >= answer.TotalCount
        )
          return found.reverse();
      }
    },
    /** Sends one message through the transactional stream. */
    async send(message: EmailMessage): Promise<{ messageId: string; submittedAt: string }> {
      const s = link.require(postmarkProfile, await link.settings(postmarkProfile), ["baseUrl", "serverToken"]);
      const from = message.from ?? link.require(postmarkProfile, s, ["from"]).from;
      const body = {
        From: from,
        To: message.to.join(","),
        Cc: message.cc?.join(","),
        Bcc: message.bcc?.join(","),
        ReplyTo: message.replyTo,
        Subject: message.subject,
        TextBody: message.text,
        HtmlBody: message.html,
        Tag: message.tag,
        Metadata: message.metadata,
        Headers: message.headers?.map((header) => ({ Name: header.name, Value: header.value })),
        MessageStream: "outbound",
      };
      const answer = await link.send(
        postmarkProfile,
        {
          method: "POST",
          url: url(s.baseUrl, "/email"),
          headers: {
            Accept: "application/json",
            "Content-Type": "application/json",
            "X-Postmark-Server-Token": s.serverToken,
          },
          body: JSON.stringify(body),
        },
        Sent,
      );
      return { messageId: answer.MessageID, submittedAt: answer.SubmittedAt };
    },
  };
}
