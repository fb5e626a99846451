/**
 * WhatsApp Business Cloud API (Graph API): POST /{version}/{phone-number-id}/messages (text,
 * template, and status "read" with an optional typing indicator), GET /{version}/{waba-id}/message_templates.
 * Bearer token; errors in Graph's { error: { message, type, code, fbtrace_id } } form.
 *
 * Like a Meta app with its webhook subscribed to the `messages` field, each message accepted is
 * followed by its `statuses` webhooks (sent, then delivered, and read 200 ms later with "read"; or sent, then failed), signed with
 * X-Hub-Signature-256 (HMAC-SHA256 of the raw body with the app secret):
 *   POST /__fake/timeline { whatsapp: "delivered"|"read"|"failed", whatsapp_ms }   (default: sent at once, delivered after 1 s)
 *   POST /__fake/callbacks                          what was sent, and the answers
 *
 * Token exchange (Meta's long-lived token refresh): GET /{version}/oauth/access_token with
 * grant_type=fb_exchange_token, client_id, client_secret (the app's) and fb_exchange_token (a token
 * this fake accepts) answers { access_token, token_type: "bearer", expires_in } with a new token the
 * fake accepts from then on (the old one keeps working, as Meta's does until it expires). Wrong app
 * credentials answer 400 code 1; an unknown or expired token 400 code 190.
 *   POST /__fake/expire_token { token }     the token has expired: sends with it answer 401 (190), exchanges 400 (190)
 *   POST /__fake/token_lifetime { seconds } the expires_in of the tokens issued from now on (default 60 days)
 * A customer writing to a number: POST /__fake/inbound { phone_number_id, from, name?, text? |
 * media: { type: image|audio|video|document|sticker, mime_type, content_base64, caption?, filename? } }
 * builds the `messages` webhook (contacts[] and messages[], as the Cloud API sends it), posts it
 * signed to the app's webhook when one is configured, and answers { body, headers } (the exact
 * bytes and signature) so a test without a server can post it itself. The media is then served
 * as the Graph API does: GET /{version}/{media-id} names its URL, GET of that URL (Bearer) gives the bytes.
 */
import { createHash, createHmac } from "node:crypto";
import { CallbackSender, timelineNumber } from "./callbacks.js";
import { bearer, isJson, randomId, type FakeProvider, type FakeReply } from "./server.js";

/** Where Meta posts the app's webhooks, and the app secret it signs them with. */
export interface WhatsAppWebhook {
  url: string;
  appSecret: string;
  /** The WhatsApp Business Account id each webhook's entry names. */
  businessAccountId: string;
}

type WhatsAppOutcome = "delivered" | "read" | "failed";

const graphError = (status: number, code: number, message: string, extra: Record<string, unknown> = {}): FakeReply => ({
  status,
  body: { error: { message, type: "OAuthException", code, ...extra, fbtrace_id: `A${randomId(22)}` } },
});

const templates = [
  {
    id: "1000000000000001",
    name: "appointment_reminder",
    language: "es",
    status: "APPROVED",
    category: "UTILITY",
    components: [{ type: "BODY", text: "Hola {{1}}, le recordamos su cita del {{2}}." }],
  },
  {
    id: "1000000000000002",
    name: "invoice_ready",
    language: "es",
    status: "APPROVED",
    category: "UTILITY",
    components: [{ type: "BODY", text: "Su factura {{1}} está disponible." }],
  },
  {
    id: "1000000000000003",
    name: "hello_world",
    language: "en_US",
    status: "APPROVED",
    category: "MARKETING",
    components: [{ type: "BODY", text: "Hello World" }],
  },
  {
    id: "1000000000000004",
    name: "spring_offer",
    language: "es",
    status: "REJECTED",
    category: "MARKETING",
    components: [{ type: "BODY", text: "Oferta" }],
  },
];

/** The credential a token exchange presents: the app's id and secret (what the fake is started with to accept). */
export const appCredential = (appId: string, appSecret: string) => `app:${appId}:${appSecret}`;

/** Meta's long-lived user tokens last about 60 days. */
const DEFAULT_TOKEN_LIFETIME_SECONDS = 5_184_000;
const tokenExchangePath = /^\/v\d+\.\d+\/oauth\/access_token$/;

export const whatsappFake = (webhook?: WhatsAppWebhook): FakeProvider => {
  const sender = new CallbackSender();
  /** Tokens POST /__fake/expire_token expired. */
  const expired = new Set<string>();
  let tokenLifetimeSeconds = DEFAULT_TOKEN_LIFETIME_SECONDS;
  let timeline: { whatsapp: WhatsAppOutcome; whatsappMs: number } = { whatsapp: "delivered", whatsappMs: 1000 };
  /** Media customers sent, by media id: served to whoever presents an accepted token. */
  const media = new Map<string, { bytes: Uint8Array; mimeType: string }>();

  /** The `messages` webhook of one customer message, signed; posted to the app's webhook when there is one. */
  const inbound = (given: Record<string, unknown>): FakeReply => {
    const phoneNumberId = typeof given.phone_number_id === "string" ? given.phone_number_id : "";
    const from = typeof given.from === "string" ? given.from.replace(/^\+/, "") : "";
    if (!/^\d{6,20}$/.test(phoneNumberId) || !/^\d{6,15}$/.test(from))
      return { status: 400, body: { error: "phone_number_id and from (digits, or E.164)" } };
    const id = `wamid.${Buffer.from(randomId(32)).toString("base64")}`;
    const message: Record<string, unknown> = { from, id, timestamp: String(Math.floor(Date.now() / 1000)) };
    const sent = given.media as
      | { type?: unknown; mime_type?: unknown; content_base64?: unknown; caption?: unknown; filename?: unknown }
      | undefined;
    if (sent) {
      const type =
        typeof sent.type === "string" && ["image", "audio", "video", "document", "sticker"].includes(sent.type)
          ? sent.type
          : undefined;
      if (!type || typeof sent.mime_type !== "string" || typeof sent.content_base64 !== "string")
        return { status: 400, body: { error: "media: type, mime_type, content_base64" } };
      const mediaId = String(1_000_000_000_000_000 + Math.floor(Math.random() * 8_999_999_999_999_999));
      const bytes = new Uint8Array(Buffer.from(sent.content_base64, "base64"));
      media.set(mediaId, { bytes, mimeType: sent.mime_type });
      const sha256 = createHash("sha256").update(bytes).digest("base64");
      message.type = type;
      message[type] = {
        id: mediaId,
        mime_type: sent.mime_type,
        sha256,
        ...(typeof sent.caption === "string" ? { caption: sent.caption } : {}),
        ...(typeof sent.filename === "string" ? { filename: sent.filename } : {}),
      };
    } else {
      message.type = "text";
      message.text = { body: typeof given.text === "string" ? given.text : "Hola" };
    }
    const payload = {
      object: "whatsapp_business_account",
      entry: [
        {
          id: webhook?.businessAccountId ?? "102290129340398",
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "15550000000", phone_number_id: phoneNumberId },
                contacts: [{ profile: { name: typeof given.name === "string" ? given.name : "Cliente" }, wa_id: from }],
                messages: [message],
              },
            },
          ],
        },
      ],
    };
    const body = JSON.stringify(payload);
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (webhook) {
      headers["X-Hub-Signature-256"] = `sha256=${createHmac("sha256", webhook.appSecret).update(body).digest("hex")}`;
      sender.later(0, "inbound", webhook.url, body, headers);
    }
    return { status: 200, body: { message_id: id, body, headers } };
  };

  /** One `statuses` webhook, as the Cloud API sends it for the `messages` field. */
  const postStatus = (
    delayMs: number,
    phoneNumberId: string,
    messageId: string,
    recipient: string,
    status: "sent" | "delivered" | "read" | "failed",
  ) => {
    if (!webhook) return;
    const payload = {
      object: "whatsapp_business_account",
      entry: [
        {
          id: webhook.businessAccountId,
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "15550000000", phone_number_id: phoneNumberId },
                statuses: [
                  {
                    id: messageId,
                    status,
                    timestamp: String(Math.floor((Date.now() + delayMs) / 1000)),
                    recipient_id: recipient,
                    ...(status === "failed"
                      ? {
                          errors: [
                            {
                              code: 131026,
                              title: "Message undeliverable",
                              message: "Message undeliverable",
                              error_data: { details: "Message Undeliverable." },
                            },
                          ],
                        }
                      : {
                          conversation: { id: randomId(32), origin: { type: "service" } },
                          pricing: { billable: true, pricing_model: "CBP", category: "service" },
                        }),
                  },
                ],
              },
            },
          ],
        },
      ],
    };
    const body = JSON.stringify(payload);
    const signature = `sha256=${createHmac("sha256", webhook.appSecret).update(body).digest("hex")}`;
    sender.later(delayMs, status, webhook.url, body, {
      "Content-Type": "application/json",
      "X-Hub-Signature-256": signature,
    });
  };

  return {
    name: "whatsapp",
    reset: () => {
      sender.reset();
      expired.clear();
      tokenLifetimeSeconds = DEFAULT_TOKEN_LIFETIME_SECONDS;
      media.clear();
      timeline = { whatsapp: "delivered", whatsappMs: 1000 };
    },
    control: {
      timeline: (body) => {
        const given = (body ?? {}) as Record<string, unknown>;
        const whatsapp =
          given.whatsapp === "delivered" || given.whatsapp === "read" || given.whatsapp === "failed"
            ? given.whatsapp
            : timeline.whatsapp;
        timeline = { whatsapp, whatsappMs: timelineNumber(given.whatsapp_ms, timeline.whatsappMs) };
        return { status: 200, body: { whatsapp: timeline.whatsapp, whatsapp_ms: timeline.whatsappMs } };
      },
      callbacks: () => ({ status: 200, body: { callbacks: sender.sent } }),
      expire_token: (body) => {
        const token = (body as { token?: unknown } | undefined)?.token;
        if (typeof token !== "string") return { status: 400, body: { error: "token" } };
        expired.add(token);
        return { status: 200, body: {} };
      },
      token_lifetime: (body) => {
        const seconds = (body as { seconds?: unknown } | undefined)?.seconds;
        if (typeof seconds !== "number" || !Number.isInteger(seconds) || seconds <= 0)
          return { status: 400, body: { error: "seconds" } };
        tokenLifetimeSeconds = seconds;
        return { status: 200, body: { seconds } };
      },
      inbound: (body) => inbound((body ?? {}) as Record<string, unknown>),
    },
    credential: (request) => {
      if (!tokenExchangePath.test(request.path)) return bearer(request);
      const appId = request.query.get("client_id");
      const appSecret = request.query.get("client_secret");
      return appId && appSecret ? appCredential(appId, appSecret) : undefined;
    },
    unauthorized: (request) =>
      tokenExchangePath.test(request.path)
        ? graphError(400, 1, "Error validating client secret.")
        : graphError(401, 190, "Invalid OAuth access token - Cannot parse access token"),
    recipient: (request) => {
      const to = (request.json as { to?: unknown } | undefined)?.to;
      return typeof to === "string" ? [to] : [];
    },
    refusal: () =>
      graphError(400, 131026, "(#131026) Message Undeliverable.", {
        error_data: { messaging_product: "whatsapp", details: "Message Undeliverable." },
      }),
    error: (status) =>
      graphError(
        status,
        status >= 500 ? 2 : 100,
        status >= 500 ? "An unexpected error has occurred. Please retry your request later." : "Invalid parameter",
      ),
    handle: (request, state) => {
      if (tokenExchangePath.test(request.path) && request.method === "GET") {
        if (request.query.get("grant_type") !== "fb_exchange_token")
          return graphError(400, 100, "(#100) Missing or invalid grant_type");
        const token = request.query.get("fb_exchange_token") ?? "";
        if (!state.accepts(token) || expired.has(token)) {
          return graphError(400, 190, "Error validating access token: Session has expired.", { error_subcode: 463 });
        }
        const fresh = `EAAfake${randomId(40)}`;
        state.accept(fresh);
        return { status: 200, body: { access_token: fresh, token_type: "bearer", expires_in: tokenLifetimeSeconds } };
      }
      const presented = bearer(request);
      if (presented && expired.has(presented))
        return graphError(401, 190, "Error validating access token: Session has expired.", { error_subcode: 463 });
      const file = /^\/whatsapp-media\/(\d+)$/.exec(request.path);
      if (file && request.method === "GET") {
        const stored = media.get(file[1] ?? "");
        return stored
          ? { status: 200, body: stored.bytes, contentType: stored.mimeType }
          : { status: 404, body: "Not Found", contentType: "text/plain" };
      }
      const mediaInfo = /^\/v\d+\.\d+\/(\d+)$/.exec(request.path);
      if (mediaInfo && request.method === "GET" && media.has(mediaInfo[1] ?? "")) {
        const id = mediaInfo[1] ?? "";
        const stored = media.get(id)!;
        return {
          status: 200,
          body: {
            messaging_product: "whatsapp",
            url: `${state.origin}/whatsapp-media/${id}`,
            mime_type: stored.mimeType,
            sha256: createHash("sha256").update(stored.bytes).digest("base64"),
            file_size: stored.bytes.byteLength,
            id,
          },
        };
      }
      const messages = /^\/v\d+\.\d+\/(\d+)\/messages$/.exec(request.path);
      if (messages && request.method === "POST") {
        if (!isJson(request)) return graphError(400, 100, "(#100) Param messaging_product is required");
        const body = (request.json ?? {}) as Record<string, unknown>;
        if (body.messaging_product !== "whatsapp")
          return graphError(400, 100, "(#100) The parameter messaging_product is required.");
        if (body.status === "read") {
          if (typeof body.message_id !== "string")
            return graphError(400, 100, "(#100) The parameter message_id is required.");
          return { status: 200, body: { success: true } };
        }
        if (typeof body.to !== "string" || !/^\+?\d{6,15}$/.test(body.to))
          return graphError(400, 131009, "(#131009) Parameter value is not valid");
        const text = (body.text as { body?: unknown } | undefined)?.body;
        const template = body.template as { name?: unknown; language?: { code?: unknown } } | undefined;
        if (body.type === "text" && typeof text !== "string")
          return graphError(400, 100, "(#100) The parameter text['body'] is required.");
        if (body.type === "template") {
          if (
            !templates.some(
              (t) => t.name === template?.name && t.language === template?.language?.code && t.status === "APPROVED",
            )
          ) {
            return graphError(404, 132001, "(#132001) Template name does not exist in the translation");
          }
        } else if (body.type !== "text") return graphError(400, 100, "(#100) Unsupported message type in this fake");
        const waId = body.to.replace(/^\+/, "");
        const messageId = `wamid.${Buffer.from(randomId(32)).toString("base64")}`;
        const phoneNumberId = messages[1] ?? "";
        // `sent` follows at once (a little after the answer, so the API has recorded the id), then the outcome.
        postStatus(Math.min(200, timeline.whatsappMs), phoneNumberId, messageId, waId, "sent");
        postStatus(
          timeline.whatsappMs,
          phoneNumberId,
          messageId,
          waId,
          timeline.whatsapp === "read" ? "delivered" : timeline.whatsapp,
        );
        if (timeline.whatsapp === "read") postStatus(timeline.whatsappMs + 200, phoneNumberId, messageId, waId, "read");
        return {
          status: 200,
          body: {
            messaging_product: "whatsapp",
            contacts: [{ input: body.to, wa_id: waId }],
            messages: [{ id: messageId, message_status: "accepted" }],
          },
        };
      }
      const list = /^\/v\d+\.\d+\/(\d+)\/message_templates$/.exec(request.path);
      if (list && request.method === "GET") {
        const status = request.query.get("status");
        const matching = templates.filter((t) => !status || t.status === status);
        const limit = Math.max(1, Math.min(Number(request.query.get("limit") ?? 25) || 25, 100));
        const start =
          Number(request.query.get("after") ? Buffer.from(request.query.get("after")!, "base64").toString() : 0) || 0;
        const page = matching.slice(start, start + limit);
        const cursor = (n: number) => Buffer.from(String(n)).toString("base64");
        const more = start + limit < matching.length;
        return {
          status: 200,
          body: {
            data: page,
            paging: {
              cursors: { before: cursor(start), after: cursor(start + page.length) },
              ...(more
                ? { next: `https://graph.facebook.com${request.path}?after=${cursor(start + page.length)}` }
                : {}),
            },
          },
        };
      }
      return graphError(
        400,
        100,
        `Unsupported ${request.method} request. Object with ID does not exist, cannot be loaded due to missing permissions, or does not support this operation`,
      );
    },
  };
};
