/**
 * Twilio REST API 2010-04-01 (form-encoded, HTTP Basic account SID and auth token):
 * POST /2010-04-01/Accounts/{AccountSid}/Messages.json and /Calls.json; Lookup v2:
 * GET /v2/PhoneNumbers/{number}?Fields=line_type_intelligence. Errors: { code, message, more_info, status }.
 *
 * Like Twilio, a call or message created with a StatusCallback is followed by its status
 * callbacks (form-encoded, signed with X-Twilio-Signature by the auth token), on a timeline:
 *   POST /__fake/timeline { ring_ms, answer: true|false|"busy"|"failed", talk_ms, sms: "delivered"|"undelivered"|"failed", sms_ms }
 * Defaults: a call rings 1 s, is answered and completes after 5 s (CallDuration 5); an SMS is
 * delivered 1 s after it was accepted. POST /__fake/callbacks lists what was sent and the answers.
 */
import { CallbackSender, timelineNumber, twilioSignature } from "./callbacks";
import { isForm, randomId, type FakeProvider, type FakeReply, type FakeRequest } from "./server";

interface Timeline {
  ringMs: number;
  answer: true | false | "busy" | "failed";
  talkMs: number;
  sms: "delivered" | "undelivered" | "failed";
  smsMs: number;
}

const defaultTimeline = (): Timeline => ({ ringMs: 1000, answer: true, talkMs: 5000, sms: "delivered", smsMs: 1000 });

const twilioError = (status: number, code: number, message: string): FakeReply => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

const E164 = /^\+[1-9]\d{6,14}$/;

function basic(request: FakeRequest): { user: string; password: string } | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith("Basic ")) return undefined;
  const [user, ...rest] = Buffer.from(header.slice(6), "base64").toString("utf8").split(":");
  return user ? { user, password: rest.join(":") } : undefined;
}

const resourcePath = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/(Messages|Calls)\.json$/;

export const twilioFake = (authToken?: string): FakeProvider => {
  const sender = new CallbackSender();
  let timeline = defaultTimeline();

  /** One status callback, signed as Twilio signs it. */
  const callback = (delayMs: number, url: string, event: string, fields: Record<string, string>) => {
    const params = new URLSearchParams({ ...fields, ApiVersion: "2010-04-01", Timestamp: new Date(Date.now() + delayMs).toUTCString() });
    const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", "I-Twilio-Idempotency-Token": crypto.randomUUID() };
    if (authToken) headers["X-Twilio-Signature"] = twilioSignature(authToken, url, params);
    sender.later(delayMs, event, url, params.toString(), headers);
  };

  /** A call's progress: ringing, then answered and completed after the talk time, or its other ending. */
  const callProgress = (request: FakeRequest, common: Record<string, string>) => {
    const url = request.form.get("StatusCallback");
    if (!url) return;
    const events = new Set(request.form.getAll("StatusCallbackEvent").flatMap((event) => event.split(" ")));
    let sequence = 0;
    const send = (delayMs: number, status: string, extra: Record<string, string> = {}) =>
      callback(delayMs, url, status, { ...common, CallStatus: status, CallbackSource: "call-progress-events", SequenceNumber: String(sequence++), ...extra });
    if (events.has("initiated")) send(0, "initiated");
    if (events.has("ringing")) send(10, "ringing");
    const { ringMs, answer, talkMs } = timeline;
    if (answer === true) {
      if (events.has("answered")) send(ringMs, "in-progress");
      // Always sent: the final status callback needs no StatusCallbackEvent.
      send(ringMs + talkMs, "completed", { CallDuration: String(Math.round(talkMs / 1000)), Duration: String(Math.ceil(talkMs / 60_000)) });
    } else {
      send(ringMs, answer === false ? "no-answer" : answer, { CallDuration: "0" });
    }
  };

  const messageProgress = (request: FakeRequest, common: Record<string, string>) => {
    const url = request.form.get("StatusCallback");
    if (!url) return;
    const fields = { ...common, SmsSid: common.MessageSid!, SmsStatus: "sent", MessageStatus: "sent" };
    callback(0, url, "sent", fields);
    const status = timeline.sms;
    callback(timeline.smsMs, url, status, { ...fields, SmsStatus: status, MessageStatus: status, ...(status === "delivered" ? {} : { ErrorCode: "30003" }) });
  };

  return {
    name: "twilio",
    reset: () => {
      sender.reset();
      timeline = defaultTimeline();
    },
    control: {
      timeline: (body) => {
        const given = (body ?? {}) as Record<string, unknown>;
        const answer = given.answer;
        const sms = given.sms;
        timeline = {
          ringMs: timelineNumber(given.ring_ms, timeline.ringMs),
          answer: answer === true || answer === false || answer === "busy" || answer === "failed" ? answer : timeline.answer,
          talkMs: timelineNumber(given.talk_ms, timeline.talkMs),
          sms: sms === "delivered" || sms === "undelivered" || sms === "failed" ? sms : timeline.sms,
          smsMs: timelineNumber(given.sms_ms, timeline.smsMs),
        };
        return { status: 200, body: { ring_ms: timeline.ringMs, answer: timeline.answer, talk_ms: timeline.talkMs, sms: timeline.sms, sms_ms: timeline.smsMs } };
      },
      callbacks: () => ({ status: 200, body: { callbacks: sender.sent } }),
    },
    // The account SID in the path must be the one authenticating.
    credential: (request) => {
      const credentials = basic(request);
      const account = resourcePath.exec(request.path)?.[1];
      if (!credentials || (account !== undefined && account !== credentials.user)) return undefined;
      return `${credentials.user}:${credentials.password}`;
    },
    unauthorized: () => twilioError(401, 20003, "Authenticate"),
    recipient: (request) => (request.method === "POST" && request.form.get("To") ? [request.form.get("To")!] : []),
    refusal: (request) =>
      request.path.endsWith("/Calls.json")
        ? twilioError(400, 13224, "Dial: Twilio does not support calling this number or the number is invalid")
        : twilioError(400, 21614, `'To' number ${request.form.get("To")} is not a valid mobile number`),
    error: (status) => twilioError(status, status >= 500 ? 20500 : 20001, status >= 500 ? "An internal server error has occurred" : "Unknown parameter"),
    handle: (request, state) => {
      const resource = resourcePath.exec(request.path);
      if (resource && request.method === "POST") {
        const [, accountSid, kind] = resource;
        if (!isForm(request)) return twilioError(400, 20001, "Content-Type must be application/x-www-form-urlencoded");
        const to = request.form.get("To");
        const from = request.form.get("From");
        if (!to) return twilioError(400, 21604, "A 'To' phone number is required.");
        if (!E164.test(to)) return twilioError(400, kind === "Calls" ? 21217 : 21211, `The 'To' number ${to} is not a valid phone number.`);
        if (!from && !request.form.get("MessagingServiceSid")) return twilioError(400, 21603, "A 'From' phone number is required.");
        const now = new Date().toUTCString();
        const common = { account_sid: accountSid, api_version: "2010-04-01", date_created: now, date_updated: now, to, from };
        if (kind === "Messages") {
          const body = request.form.get("Body");
          if (!body && !request.form.get("MediaUrl")) return twilioError(400, 21602, "Message body is required.");
          const sid = `SM${randomId(32)}`;
          messageProgress(request, { MessageSid: sid, AccountSid: accountSid!, From: from ?? "", To: to });
          return {
            status: 201,
            body: { ...common, sid, body, status: "queued", direction: "outbound-api", num_segments: "1", num_media: "0", price: null, price_unit: "USD", error_code: null, error_message: null, messaging_service_sid: request.form.get("MessagingServiceSid"), uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json` },
          };
        }
        if (!request.form.get("Url") && !request.form.get("Twiml") && !request.form.get("ApplicationSid")) return twilioError(400, 21205, "Url parameter is required.");
        const sid = `CA${randomId(32)}`;
        callProgress(request, { CallSid: sid, AccountSid: accountSid!, From: from ?? "", To: to, Direction: "outbound-api" });
        return { status: 201, body: { ...common, sid, status: "queued", direction: "outbound-api", duration: null, price: null, uri: `/2010-04-01/Accounts/${accountSid}/Calls/${sid}.json` } };
      }
      const lookup = /^\/v2\/PhoneNumbers\/([^/]+)$/.exec(request.path);
      if (lookup && request.method === "GET") {
        const number = decodeURIComponent(lookup[1]!);
        const valid = E164.test(number);
        const fields = request.query.get("Fields")?.split(",") ?? [];
        return {
          status: 200,
          body: {
            calling_country_code: valid ? (number.startsWith("+34") ? "34" : "1") : null,
            country_code: valid ? (number.startsWith("+34") ? "ES" : "US") : null,
            phone_number: number,
            national_format: valid ? number : null,
            valid,
            validation_errors: valid ? [] : ["INVALID_LENGTH"],
            caller_name: null,
            sim_swap: null,
            call_forwarding: null,
            line_status: null,
            // A number this fake refuses is a landline: it cannot receive SMS.
            line_type_intelligence: fields.includes("line_type_intelligence") && valid ? { carrier_name: "Fake Mobile", error_code: null, mobile_country_code: "214", mobile_network_code: "07", type: state.refused.has(number) ? "landline" : "mobile" } : null,
            url: `https://lookups.twilio.com/v2/PhoneNumbers/${encodeURIComponent(number)}`,
          },
        };
      }
      return twilioError(404, 20404, `The requested resource ${request.path} was not found`);
    },
  };
};
