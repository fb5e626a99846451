import { z } from "zod";
import { type Link, type ProviderProfile, url } from "../link";

/**
 * WhatsApp Business Cloud API (Meta Graph API): https://developers.facebook.com/docs/whatsapp/cloud-api
 * WHATSAPP_BASE_URL includes the Graph API version (https://graph.facebook.com/v21.0).
 */
const refusals: Record<number, string> = {
  131021: "the recipient is the sender's own number",
  131026: "the message cannot be delivered to this number (not on WhatsApp, or it cannot receive it)",
  131030: "the number is not in the allowed list of this test sender",
  131047: "more than 24 hours have passed since the recipient last wrote; only a template can be sent",
  131049: "WhatsApp chose not to deliver this marketing message to the recipient",
  131050: "the recipient has stopped marketing messages from this business",
};

const GraphError = z.object({ error: z.object({ code: z.number() }) });

const whatsappProfile = {
  name: "whatsapp",
  label: "WhatsApp Cloud API",
  variables: {
    baseUrl: "WHATSAPP_BASE_URL",
    accessToken: "WHATSAPP_ACCESS_TOKEN",
    phoneNumberId: "WHATSAPP_PHONE_NUMBER_ID",
    businessAccountId: "WHATSAPP_BUSINESS_ACCOUNT_ID",
    appId: "WHATSAPP_APP_ID",
    appSecret: "WHATSAPP_APP_SECRET",
  },
  errorCode: (body) => GraphError.safeParse(body).data?.error.code,
  refusal: (status, body) => {
    const code = GraphError.safeParse(body).data?.error.code;
    return status === 400 && code !== undefined ? refusals[code] : undefined;
  },
} as const satisfies ProviderProfile;

const Sent = z.object({
  messaging_product: z.literal("whatsapp"),
  contacts: z.array(z.object({ input: z.string(), wa_id: z.string() })).optional(),
  messages: z.array(z.object({ id: z.string(), message_status: z.string().optional() })).min(1),
});
const Success = z.object({ success: z.boolean() });
/** GET /{media-id}: where an inbound message's media can be downloaded (a short-lived URL, with the same token). */
const MediaInfo = z.object({
  url: z.string().url(),
  mime_type: z.string().optional(),
  file_size: z.union([z.number(), z.string()]).optional(),
  id: z.string(),
});

/** The largest media file held in a Worker's memory on its way to storage; a larger one fails the download. */
const WHATSAPP_MEDIA_MAX_BYTES = 25 * 1024 * 1024;
const Templates = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      language: z.string(),
      status: z.string(),
      category: z.string(),
      components: z.array(z.record(z.string(), z.unknown())).optional(),
    }),
  ),
  paging: z
    .object({ cursors: z.object({ after: z.string().optional() }).optional(), next: z.string().optional() })
    .optional(),
});

export interface WhatsAppSent {
  messageId: string;
  waId: string | null;
}
export type WhatsAppTemplate = z.output<typeof Templates>["data"][number];
export interface TemplateComponent {
  type: string;
  [member: string]: unknown;
}

export function whatsapp(link: Link) {
  const sender = async () =>
    link.require(whatsappProfile, await link.settings(whatsappProfile), ["baseUrl", "accessToken", "phoneNumberId"]);
  const headers = (token: string) => ({ Authorization: `Bearer ${token}`, "Content-Type": "application/json" });
  const post = async (message: Record<string, unknown>) => {
    const s = await sender();
    return link.send(
      whatsappProfile,
      {
        method: "POST",
        url: url(s.baseUrl, `/${encodeURIComponent(s.phoneNumberId)}/messages`),
        headers: headers(s.accessToken),
        body: JSON.stringify({ messaging_product: "whatsapp", ...message }),
      },
      Sent,
    );
  };
  const sent = (answer: z.output<typeof Sent>): WhatsAppSent => ({
    messageId: answer.messages[0]!.id,
    waId: answer.contacts?.[0]?.wa_id ?? null,
  });

  return {
    /** A text message (inside the 24-hour customer service window). `to`: E.164. */
    async sendText(input: { to: string; body: string; previewUrl?: boolean }): Promise<WhatsAppSent> {
      return sent(
        await post({
          recipient_type: "individual",
          to: input.to,
          type: "text",
          text: { preview_url: input.previewUrl ?? false, body: input.body },
        }),
      );
    },
    /** An approved template message, with its parameters as Cloud API components. */
    async sendTemplate(input: {
      to: string;
      name: string;
      language: string;
      components?: readonly TemplateComponent[];
    }): Promise<WhatsAppSent> {
      const template = {
        name: input.name,
        language: { code: input.language },
        ...(input.components ? { components: input.components } : {}),
      };
      return sent(await post({ recipient_type: "individual", to: input.to, type: "template", template }));
    },
    /** Marks a received message read and, optionally, shows the typing indicator to its sender. */
    async markRead(input: { messageId: string; typing?: boolean }): Promise<void> {
      const s = await sender();
      const body = {
        messaging_product: "whatsapp",
        status: "read",
        message_id: input.messageId,
        ...(input.typing ? { typing_indicator: { type: "text" } } : {}),
      };
      await link.send(
        whatsappProfile,
        {
          method: "POST",
          url: url(s.baseUrl, `/${encodeURIComponent(s.phoneNumberId)}/messages`),
          headers: headers(s.accessToken),
          body: JSON.stringify(body),
        },
        Success,
      );
    },
    /**
     * An inbound message's media: its URL from GET /{media-id}, then the bytes from that URL
     * (Bearer, the same token). The URL comes from the Graph API's own answer, never from a webhook.
     */
    async downloadMedia(mediaId: string): Promise<{ bytes: Uint8Array; mimeType: string | null }> {
      const s = link.require(whatsappProfile, await link.settings(whatsappProfile), ["baseUrl", "accessToken"]);
      const info = await link.send(
        whatsappProfile,
        {
          method: "GET",
          url: url(s.baseUrl, `/${encodeURIComponent(mediaId)}`),
          headers: { Authorization: `Bearer ${s.accessToken}` },
        },
        MediaInfo,
      );
      const file = await link.download(
        whatsappProfile,
        { method: "GET", url: info.url, headers: { Authorization: `Bearer ${s.accessToken}` } },
        WHATSAPP_MEDIA_MAX_BYTES,
      );
      return { bytes: file.bytes, mimeType: info.mime_type ?? file.contentType };
    },
    /** The business account's message templates (APPROVED by default), one page after `after`. */
    async templates(
      input: { limit?: number; after?: string; status?: string } = {},
    ): Promise<{ data: WhatsAppTemplate[]; after: string | null }> {
      const s = link.require(whatsappProfile, await link.settings(whatsappProfile), [
        "baseUrl",
        "accessToken",
        "businessAccountId",
      ]);
      const query = {
        fields: "id,name,language,status,category,components",
        status: input.status ?? "APPROVED",
        limit: input.limit ?? 50,
        after: input.after,
      };
      const answer = await link.send(
        whatsappProfile,
        {
          method: "GET",
          url: url(s.baseUrl, `/${encodeURIComponent(s.businessAccountId)}/message_templates`, query),
          headers: { Authorization: `Bearer ${s.accessToken}` },
        },
        Templates,
      );
      return { data: answer.data, after: answer.paging?.next ? (answer.paging.cursors?.after ?? null) : null };
    },
    /**
     * Exchanges the number's token for a fresh long-lived one (GET /oauth/access_token with
     * grant_type=fb_exchange_token, the app's id and secret). `expiresInSeconds`: null when Meta
     * gives no expiry. Meta refusing the exchange (an invalid or expired token, the app's
     * credentials refused) is a `refused` ProviderError whose reason says why.
     */
    async exchangeToken(): Promise<{ accessToken: string; expiresInSeconds: number | null }> {
      const s = link.require(whatsappProfile, await link.settings(whatsappProfile), [
        "baseUrl",
        "accessToken",
        "appId",
        "appSecret",
      ]);
      const query = {
        grant_type: "fb_exchange_token",
        client_id: s.appId,
        client_secret: s.appSecret,
        fb_exchange_token: s.accessToken,
      };
      const answer = await link.send(
        tokenExchangeProfile,
        { method: "GET", url: url(s.baseUrl, "/oauth/access_token", query), headers: { Accept: "application/json" } },
        ExchangedToken,
      );
      return { accessToken: answer.access_token, expiresInSeconds: answer.expires_in ?? null };
    },
  };
}

const ExchangedToken = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().int().positive().optional(),
});

/** Graph's OAuth errors that mean this token can never be exchanged (the rest of a 4xx: the app's credentials or the request). */
const tokenRefusals: Record<number, string> = {
  190: "Meta says the token is invalid or has expired",
  102: "Meta says the session of the token has ended",
};

/** A 4xx answer to an exchange is final (retrying sends the same token and app credentials again): a refusal, with its reason. */
const tokenExchangeProfile = {
  ...whatsappProfile,
  refusal: (status: number, body: unknown) => {
    const code = GraphError.safeParse(body).data?.error.code;
    if (status < 400 || status >= 500 || code === undefined) return undefined;
    return (
      tokenRefusals[code] ??
      `Meta refused the token exchange (error ${code}); check WHATSAPP_APP_ID and WHATSAPP_APP_SECRET`
    );
  },
} as const satisfies ProviderProfile;
