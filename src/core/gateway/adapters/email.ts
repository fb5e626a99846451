import { z } from "zod";
import { type Link, type ProviderProfile, url } from "../link";

/** Postmark (transactional email): https://postmarkapp.com/developer/api/email-api */
const PostmarkError = z.object({ ErrorCode: z.number() });

const postmarkProfile = {
  name: "postmark",
  label: "Postmark",
  variables: { baseUrl: "POSTMARK_BASE_URL", serverToken: "POSTMARK_SERVER_TOKEN", from: "EMAIL_FROM" },
  errorCode: (body) => PostmarkError.safeParse(body).data?.ErrorCode,
  // 406: the recipient is inactive (hard bounce, spam complaint or manual suppression).
  refusal: (status, body) =>
    status === 422 && PostmarkError.safeParse(body).data?.ErrorCode === 406
      ? "the address is marked inactive (it bounced, complained of spam, or was suppressed)"
      : undefined,
} as const satisfies ProviderProfile;

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
}

export function email(link: Link) {
  return {
    /**
     * Whether a send could be attempted now: the provider is configured (base URL and token), so a
     * caller can refuse with 503 before recording anything. Sends nothing.
     */
    async ready(): Promise<void> {
      link.require(postmarkProfile, await link.settings(postmarkProfile), ["baseUrl", "serverToken"]);
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
        MessageStream: "outbound",
      };
      const answer = await link.send(
        postmarkProfile,
        {
          method: "POST",
          url: url(s.baseUrl, "/email"),
          headers: { Accept: "application/json", "Content-Type": "application/json", "X-Postmark-Server-Token": s.serverToken },
          body: JSON.stringify(body),
        },
        Sent,
      );
      return { messageId: answer.MessageID, submittedAt: answer.SubmittedAt };
    },
  };
}
