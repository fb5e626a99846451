/**
 * Twilio REST API 2010-04-01 (form-encoded, HTTP Basic account SID and auth token):
 * POST /2010-04-01/Accounts/{AccountSid}/Messages.json and /Calls.json (and GET of both: the
 * lists, newest first, filtered by To and From, messages by DateSent, DateSent> and DateSent< too,
 * paged by PageSize and next_page_uri); Lookup v2:
 * GET /v2/PhoneNumbers/{number}?Fields=line_type_intelligence (the line type by the number's prefix:
 * lineTypeIntelligence below). Errors: { code, message, more_info, status }.
 * Numbers of the account: GET .../AvailablePhoneNumbers/{IsoCountry}/Local.json and Mobile.json
 * (a page of numbers that can be bought), POST .../IncomingPhoneNumbers.json with PhoneNumber
 * (201, the rented number, sid PN...), GET .../IncomingPhoneNumbers.json?PhoneNumber= (the account's
 * rented numbers), DELETE .../IncomingPhoneNumbers/{Sid}.json (204; 404 20404
 * when the account has no such number). A number stays rented until released or POST /__fake/reset;
 * POST /__fake/lose_next_rental makes the next rental happen but answer 500 (a lost answer).
 *
 * Like Twilio, a call or message created with a StatusCallback is followed by its status
 * callbacks (form-encoded, signed with X-Twilio-Signature by the auth token), on a timeline:
 *   POST /__fake/timeline { callbacks: true|false, ring_ms, answer: true|false|"busy"|"failed", talk_ms, sms: "delivered"|"undelivered"|"failed", sms_ms }
 * A sent message is read back with GET .../Messages/{MessageSid}.json (sent, then its timeline's final
 * status after sms_ms); with callbacks false, neither calls nor messages call back.
 * A placed call is read back with GET .../Calls/{CallSid}.json, its status at the fake's now on the
 * timeline it was placed with; POST /__fake/advance { ms } moves that now ahead (a call ends at once).
 * A call may be placed to a SIP URI (To=sip:..., with SipAuthUsername and SipAuthPassword: a trunk).
 * Elastic SIP Trunking (trunking v1, same credentials): POST/GET /v1/Trunks, GET/DELETE /v1/Trunks/{TK},
 * POST/GET /v1/Trunks/{TK}/OriginationUrls, POST /v1/Trunks/{TK}/OriginationUrls/{OU}, POST/GET
 * /v1/Trunks/{TK}/CredentialLists (CredentialListSid); and .../SIP/CredentialLists.json (POST, GET),
 * .../SIP/CredentialLists/{CL}.json (DELETE), .../{CL}/Credentials.json (POST Username+Password, GET),
 * .../{CL}/Credentials/{CR}.json (POST Password, DELETE). A password needs 12 characters, a digit and
 * both cases (400 otherwise). POST /__fake/trunks answers what the account holds (never a password);
 * POST /__fake/lose_next_trunk makes the next trunk be created but answer 500 (a lost answer).
 * POST /__fake/slow_call { to, ms } makes the next call to `to` be placed at once but answered `ms`
 * later (its callbacks may overtake the answer); POST /__fake/placed_calls { to } lists the calls placed to `to`.
 * Rented numbers keep their webhooks (VoiceUrl, SmsUrl, StatusCallback and their methods; POST
 * .../IncomingPhoneNumbers/{Sid}.json updates them). POST /__fake/inbound_call { to, from[, talk_ms] }
 * makes a call arrive on the rented number `to` as Twilio would: its VoiceUrl is POSTed (signed,
 * CallStatus ringing, Direction inbound) and the TwiML answered is done (<Connect><Stream> talks
 * talk_ms, <Say>+<Hangup> 2 s, <Reject> busy), then the final status goes to its StatusCallback;
 * POST /__fake/inbound_calls lists what each VoiceUrl answered. POST /__fake/inbound_sms
 * { to, from, body } POSTs an inbound message (signed, SmsStatus received) to the number's SmsUrl.
 * Defaults: a call rings 1 s, is answered and completes after 5 s (CallDuration 5); an SMS is
 * delivered 1 s after it was accepted. POST /__fake/callbacks lists what was sent and the answers.
 */
import { decodeXML } from "entities";
import { CallbackSender, timelineNumber, twilioSignature } from "./callbacks.js";
import { isForm, randomId, type FakeProvider, type FakeReply, type FakeRequest } from "./server.js";

interface Timeline {
  /** false: the provider never calls back (lost callbacks); a call is then only known by fetching it. */
  callbacks: boolean;
  ringMs: number;
  answer: true | false | "busy" | "failed";
  talkMs: number;
  sms: "delivered" | "undelivered" | "failed";
  smsMs: number;
}

const defaultTimeline = (): Timeline => ({
  callbacks: true,
  ringMs: 1000,
  answer: true,
  talkMs: 5000,
  sms: "delivered",
  smsMs: 1000,
});

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
const callPath = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Calls\/(CA[0-9a-f]{32})\.json$/;
const messagePath = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\/(SM[0-9a-f]{32})\.json$/;
/** A SIP URI a call may be placed to (through a trunk): sip:<user>@<host>[:port][;params]. */
const SIP_URI = /^sips?:[^@\s]+@[^\s]+$/;
const accountPath = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\//;
const availablePath =
  /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/AvailablePhoneNumbers\/([A-Z]{2})\/(Local|Mobile)\.json$/;
const incomingPath = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/IncomingPhoneNumbers(?:\/(PN[0-9a-f]{32}))?\.json$/;

/** Each country's inventory, as patterns of valid numbers (# a random digit): geographic and mobile ranges. */
const inventory: Record<string, { Local: string; Mobile: string }> = {
  ES: { Local: "+3491#######", Mobile: "+346########" },
  GB: { Local: "+44207#######", Mobile: "+447#########" },
  US: { Local: "+1415#######", Mobile: "+1415#######" },
  PT: { Local: "+35121#######", Mobile: "+35191#######" },
  FR: { Local: "+331########", Mobile: "+336########" },
  DE: { Local: "+4930########", Mobile: "+49151########" },
};

const digit = (first = 0) => String(first + (crypto.getRandomValues(new Uint8Array(1))[0]! % (10 - first)));
// The first random digit is never 0 or 1, which some national plans reserve.
const fromPattern = (pattern: string) =>
  pattern.replace(/#/g, (_, offset: number) => digit(offset === pattern.indexOf("#") ? 2 : 0));

/**
 * A fake Twilio account. Its state (numbers, calls, messages, trunks, scripts) is its own, so that
 * sets of fakes running side by side in one process (one per test runtime) never meet.
 */
export const twilioFake = (authToken?: string): FakeProvider => {
  /** The numbers the fake account rents now, by sid. */
  const rented = new Map<string, Record<string, unknown>>();
  /** The calls placed, by sid: what GET .../Calls/{sid}.json answers from, on the timeline each was placed with. */
  const placedCalls = new Map<string, { resource: Record<string, unknown>; placedAt: number; timeline: Timeline }>();
  /** The messages sent, by sid: what GET .../Messages/{sid}.json answers from, on the timeline each was sent with. */
  const sentMessages = new Map<string, { resource: Record<string, unknown>; sentAt: number; timeline: Timeline }>();

  /** POST /__fake/advance { ms }: how far ahead of real time the fake's calls are (a test's way to let a call end at once). */
  let advancedMs = 0;

  const rfc2822 = (ms: number) => new Date(ms).toUTCString();

  /** A sent message as Twilio answers it at the fake's now: sent, then its final status once the timeline reached it. */
  function messageNow(message: {
    resource: Record<string, unknown>;
    sentAt: number;
    timeline: Timeline;
  }): Record<string, unknown> {
    const { sms, smsMs } = message.timeline;
    // Handed to the carrier at once: date_sent is when the fake took it.
    const sent = { ...message.resource, date_sent: rfc2822(message.sentAt) };
    if (Date.now() + advancedMs - message.sentAt < smsMs) return { ...sent, status: "sent" };
    return {
      ...sent,
      status: sms,
      ...(sms === "delivered" ? {} : { error_code: 30003, error_message: "Unreachable destination handset" }),
    };
  }

  /** A placed call as Twilio answers it at the fake's now: its status, and its times and duration once they are known. */
  function callNow(call: {
    resource: Record<string, unknown>;
    placedAt: number;
    timeline: Timeline;
  }): Record<string, unknown> {
    const { ringMs, answer, talkMs } = call.timeline;
    const elapsed = Date.now() + advancedMs - call.placedAt;
    const answeredAt = call.placedAt + ringMs;
    if (elapsed < ringMs) return { ...call.resource, status: "ringing" };
    if (answer !== true)
      return {
        ...call.resource,
        status: answer === false ? "no-answer" : answer,
        duration: "0",
        start_time: null,
        end_time: rfc2822(answeredAt),
      };
    if (elapsed < ringMs + talkMs) return { ...call.resource, status: "in-progress", start_time: rfc2822(answeredAt) };
    const duration = Math.round(talkMs / 1000);
    return {
      ...call.resource,
      status: "completed",
      duration: String(duration),
      start_time: rfc2822(answeredAt),
      end_time: rfc2822(answeredAt + duration * 1000),
    };
  }

  /** Elastic SIP trunks, their origination URLs and attached credential lists; credential lists with their credentials (a password is only checked, never kept). */
  const trunks = new Map<
    string,
    {
      resource: Record<string, unknown>;
      originations: Map<string, Record<string, unknown>>;
      credentialLists: Set<string>;
    }
  >();
  const credentialLists = new Map<
    string,
    { resource: Record<string, unknown>; credentials: Map<string, Record<string, unknown>> }
  >();
  let loseNextTrunk = false;
  /** POST /__fake/slow_call: how late the next call to a number is answered. */
  const slowCalls = new Map<string, number>();

  const trunkPath =
    /^\/v1\/Trunks(?:\/(TK[0-9a-f]{32}))?(?:\/(OriginationUrls|CredentialLists)(?:\/((?:OU|CL)[0-9a-f]{32}))?)?$/;
  const credentialListPath =
    /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/SIP\/CredentialLists(?:\/(CL[0-9a-f]{32}))?(?:\/Credentials(?:\/(CR[0-9a-f]{32}))?)?\.json$/;
  /** Twilio's rule for a SIP credential's password. */
  const strongPassword = (password: string) =>
    password.length >= 12 && /\d/.test(password) && /[a-z]/.test(password) && /[A-Z]/.test(password);
  const notFound = (request: FakeRequest) =>
    twilioError(404, 20404, `The requested resource ${request.path} was not found`);
  /** A v1 list page (trunking.twilio.com): the items under `key`, with `meta`. */
  const v1Page = (request: FakeRequest, key: string, items: unknown[]) => ({
    status: 200,
    body: {
      [key]: items,
      meta: {
        page: 0,
        page_size: 1000,
        first_page_url: request.path,
        previous_page_url: null,
        url: request.path,
        next_page_url: null,
        key,
      },
    },
  });

  /** Trunking v1 and SIP credential lists: what a trunk of a company is made of at Twilio. */
  function handleTrunking(request: FakeRequest): FakeReply | undefined {
    const accountSid = basic(request)?.user ?? "";
    const now = new Date().toUTCString();
    const trunkMatch = trunkPath.exec(request.path);
    if (trunkMatch) {
      const [, trunkSid, child, childSid] = trunkMatch;
      if (!trunkSid) {
        if (request.method === "GET")
          return v1Page(
            request,
            "trunks",
            [...trunks.values()].filter((t) => t.resource.account_sid === accountSid).map((t) => t.resource),
          );
        if (request.method !== "POST" || child) return undefined;
        if (!isForm(request)) return twilioError(400, 20001, "Content-Type must be application/x-www-form-urlencoded");
        const sid = `TK${randomId(32)}`;
        const resource = {
          sid,
          account_sid: accountSid,
          friendly_name: request.form.get("FriendlyName"),
          domain_name: request.form.get("DomainName"),
          disaster_recovery_url: null,
          disaster_recovery_method: null,
          secure: request.form.get("Secure") === "true",
          cnam_lookup_enabled: false,
          transfer_mode: "disable-all",
          recording: { mode: "do-not-record", trim: "do-not-trim" },
          date_created: now,
          date_updated: now,
          url: `https://trunking.twilio.com/v1/Trunks/${sid}`,
        };
        trunks.set(sid, { resource, originations: new Map(), credentialLists: new Set() });
        if (loseNextTrunk) {
          loseNextTrunk = false;
          return twilioError(500, 20500, "An internal server error has occurred");
        }
        return { status: 201, body: resource };
      }
      const trunk = trunks.get(trunkSid);
      if (!trunk || trunk.resource.account_sid !== accountSid) return notFound(request);
      if (!child) {
        if (request.method === "GET") return { status: 200, body: trunk.resource };
        if (request.method === "DELETE") {
          trunks.delete(trunkSid);
          return { status: 204 };
        }
        return undefined;
      }
      if (child === "OriginationUrls") {
        if (!childSid && request.method === "GET")
          return v1Page(request, "origination_urls", [...trunk.originations.values()]);
        const sipUrl = request.form.get("SipUrl");
        if (sipUrl !== null && !/^sip:[^\s]+$/.test(sipUrl))
          return twilioError(400, 21630, "SipUrl must be a sip: URI");
        if (!childSid && request.method === "POST") {
          if (!sipUrl || !request.form.get("FriendlyName"))
            return twilioError(400, 20001, "Missing required parameter SipUrl or FriendlyName");
          const sid = `OU${randomId(32)}`;
          const resource = {
            sid,
            account_sid: accountSid,
            trunk_sid: trunkSid,
            friendly_name: request.form.get("FriendlyName"),
            sip_url: sipUrl,
            priority: Number(request.form.get("Priority") ?? 10),
            weight: Number(request.form.get("Weight") ?? 10),
            enabled: request.form.get("Enabled") !== "false",
            date_created: now,
            date_updated: now,
            url: `https://trunking.twilio.com/v1/Trunks/${trunkSid}/OriginationUrls/${sid}`,
          };
          trunk.originations.set(sid, resource);
          return { status: 201, body: resource };
        }
        const origination = childSid ? trunk.originations.get(childSid) : undefined;
        if (!origination) return notFound(request);
        if (request.method === "POST") {
          Object.assign(origination, sipUrl ? { sip_url: sipUrl } : {}, { date_updated: now });
          return { status: 200, body: origination };
        }
        if (request.method === "DELETE") {
          trunk.originations.delete(childSid!);
          return { status: 204 };
        }
        return undefined;
      }
      // CredentialLists of the trunk: associations with the account's credential lists.
      const association = (sid: string) => ({
        sid,
        account_sid: accountSid,
        trunk_sid: trunkSid,
        friendly_name: credentialLists.get(sid)?.resource.friendly_name ?? null,
        date_created: now,
        date_updated: now,
      });
      if (!childSid && request.method === "GET")
        return v1Page(request, "credential_lists", [...trunk.credentialLists].map(association));
      if (!childSid && request.method === "POST") {
        const listSid = request.form.get("CredentialListSid") ?? "";
        if (!credentialLists.has(listSid))
          return twilioError(400, 20001, "CredentialListSid is not a credential list of the account");
        if (trunk.credentialLists.has(listSid))
          return twilioError(400, 21230, "The credential list is already associated with the trunk");
        trunk.credentialLists.add(listSid);
        return { status: 201, body: association(listSid) };
      }
      if (childSid && request.method === "DELETE")
        return trunk.credentialLists.delete(childSid) ? { status: 204 } : notFound(request);
      return undefined;
    }
    const listMatch = credentialListPath.exec(request.path);
    if (!listMatch) return undefined;
    const [, , listSid, credentialSid] = listMatch;
    const credentialsPath = request.path.includes("/Credentials");
    if (!listSid) {
      if (request.method === "GET")
        return {
          status: 200,
          body: {
            credential_lists: [...credentialLists.values()]
              .filter((l) => l.resource.account_sid === accountSid)
              .map((l) => l.resource),
            page: 0,
            page_size: 1000,
            start: 0,
            end: 0,
            uri: request.path,
            next_page_uri: null,
          },
        };
      if (request.method !== "POST") return undefined;
      if (!request.form.get("FriendlyName")) return twilioError(400, 20001, "FriendlyName is required");
      const sid = `CL${randomId(32)}`;
      const resource = {
        sid,
        account_sid: accountSid,
        friendly_name: request.form.get("FriendlyName"),
        date_created: now,
        date_updated: now,
        uri: `/2010-04-01/Accounts/${accountSid}/SIP/CredentialLists/${sid}.json`,
      };
      credentialLists.set(sid, { resource, credentials: new Map() });
      return { status: 201, body: resource };
    }
    const list = credentialLists.get(listSid);
    if (!list || list.resource.account_sid !== accountSid) return notFound(request);
    if (!credentialsPath) {
      if (request.method === "GET") return { status: 200, body: list.resource };
      if (request.method === "DELETE") {
        credentialLists.delete(listSid);
        for (const trunk of trunks.values()) trunk.credentialLists.delete(listSid);
        return { status: 204 };
      }
      return undefined;
    }
    const password = request.form.get("Password");
    if (password !== null && !strongPassword(password))
      return twilioError(400, 20001, "Password must be at least 12 characters, contain a digit and mixed case");
    if (!credentialSid) {
      if (request.method === "GET")
        return {
          status: 200,
          body: {
            credentials: [...list.credentials.values()],
            page: 0,
            page_size: 1000,
            start: 0,
            end: 0,
            uri: request.path,
            next_page_uri: null,
          },
        };
      if (request.method !== "POST") return undefined;
      const username = request.form.get("Username");
      if (!username || !password) return twilioError(400, 20001, "Username and Password are required");
      if ([...list.credentials.values()].some((c) => c.username === username))
        return twilioError(400, 21231, "A credential with this username already exists in the list");
      const sid = `CR${randomId(32)}`;
      const resource = {
        sid,
        account_sid: accountSid,
        credential_list_sid: listSid,
        username,
        date_created: now,
        date_updated: now,
        uri: `/2010-04-01/Accounts/${accountSid}/SIP/CredentialLists/${listSid}/Credentials/${sid}.json`,
      };
      list.credentials.set(sid, resource);
      return { status: 201, body: resource };
    }
    const credential = list.credentials.get(credentialSid);
    if (!credential) return notFound(request);
    if (request.method === "POST") {
      Object.assign(credential, { date_updated: now });
      return { status: 200, body: credential };
    }
    if (request.method === "DELETE") {
      list.credentials.delete(credentialSid);
      return { status: 204 };
    }
    return undefined;
  }

  /** What the fake account holds: each trunk with its origination URLs and its credential lists' usernames. */
  const trunksView = () => ({
    trunks: [...trunks.values()].map((trunk) => ({
      ...trunk.resource,
      origination_urls: [...trunk.originations.values()],
      credential_lists: [...trunk.credentialLists].map((sid) => ({
        sid,
        friendly_name: credentialLists.get(sid)?.resource.friendly_name ?? null,
        usernames: [...(credentialLists.get(sid)?.credentials.values() ?? [])].map((c) => c.username),
      })),
    })),
    credential_lists: [...credentialLists.values()].map((list) => ({
      ...list.resource,
      usernames: [...list.credentials.values()].map((c) => c.username),
    })),
  });

  /** POST /__fake/lose_next_rental: the next rental happens, but its answer is a 500 (an answer lost after the provider acted). */
  let loseNextRental = false;

  const sender = new CallbackSender();
  let timeline = defaultTimeline();

  /** One status callback, signed as Twilio signs it. */
  const callback = (delayMs: number, url: string, event: string, fields: Record<string, string>) => {
    const params = new URLSearchParams({
      ...fields,
      ApiVersion: "2010-04-01",
      Timestamp: new Date(Date.now() + delayMs).toUTCString(),
    });
    const headers: Record<string, string> = {
      "Content-Type": "application/x-www-form-urlencoded",
      "I-Twilio-Idempotency-Token": crypto.randomUUID(),
    };
    if (authToken) headers["X-Twilio-Signature"] = twilioSignature(authToken, url, params);
    sender.later(delayMs, event, url, params.toString(), headers);
  };

  /** A call's progress: ringing, then answered and completed after the talk time, or its other ending. */
  const callProgress = (request: FakeRequest, common: Record<string, string>) => {
    const url = request.form.get("StatusCallback");
    if (!url || !timeline.callbacks) return;
    const events = new Set(request.form.getAll("StatusCallbackEvent").flatMap((event) => event.split(" ")));
    let sequence = 0;
    const send = (delayMs: number, status: string, extra: Record<string, string> = {}) =>
      callback(delayMs, url, status, {
        ...common,
        CallStatus: status,
        CallbackSource: "call-progress-events",
        SequenceNumber: String(sequence++),
        ...extra,
      });
    if (events.has("initiated")) send(0, "initiated");
    if (events.has("ringing")) send(10, "ringing");
    const { ringMs, answer, talkMs } = timeline;
    if (answer === true) {
      if (events.has("answered")) send(ringMs, "in-progress");
      // Always sent: the final status callback needs no StatusCallbackEvent.
      send(ringMs + talkMs, "completed", {
        CallDuration: String(Math.round(talkMs / 1000)),
        Duration: String(Math.ceil(talkMs / 60_000)),
      });
    } else {
      send(ringMs, answer === false ? "no-answer" : answer, { CallDuration: "0" });
    }
  };

  const messageProgress = (request: FakeRequest, common: Record<string, string>) => {
    const url = request.form.get("StatusCallback");
    if (!url || !timeline.callbacks) return;
    const fields = { ...common, SmsSid: common.MessageSid!, SmsStatus: "sent", MessageStatus: "sent" };
    callback(0, url, "sent", fields);
    const status = timeline.sms;
    callback(timeline.smsMs, url, status, {
      ...fields,
      SmsStatus: status,
      MessageStatus: status,
      ...(status === "delivered" ? {} : { ErrorCode: "30003" }),
    });
  };

  /** What the fake's inbound calls met at the numbers' VoiceUrl: POST /__fake/inbound_calls lists them. */
  const inboundCalls: {
    call_sid: string;
    to: string;
    from: string;
    /** The VoiceUrl's HTTP status; null until it answered (or when it could not be reached). */
    voice_url_status: number | null;
    /** The TwiML it answered. */
    twiml: string | null;
    /** connected: <Connect><Stream>; hung_up: <Hangup> (after a <Say>); rejected: <Reject>; failed: no TwiML. */
    outcome: "connected" | "hung_up" | "rejected" | "failed" | null;
    stream_url: string | null;
  }[] = [];

  /** Form parameters POSTed to `url` after `delayMs`, signed as Twilio signs them (X-Twilio-Signature). */
  const signedHeaders = (url: string, params: URLSearchParams): Record<string, string> => ({
    "Content-Type": "application/x-www-form-urlencoded",
    "I-Twilio-Idempotency-Token": crypto.randomUUID(),
    ...(authToken ? { "X-Twilio-Signature": twilioSignature(authToken, url, params) } : {}),
  });

  const rentedNumberOf = (to: unknown) =>
    typeof to === "string" ? [...rented.values()].find((resource) => resource.phone_number === to) : undefined;

  /**
   * A call arrives on a rented number, as Twilio handles one: the number's VoiceUrl is asked for
   * TwiML (CallStatus ringing, Direction inbound), and what it answers is done. <Connect><Stream>:
   * the call talks for `talkMs`; <Say> then <Hangup>: it is answered for the 2 s the message takes;
   * <Reject>: it is never answered (busy). Then the call's final status goes to the number's StatusCallback.
   */
  async function inboundCall(number: Record<string, unknown>, from: string, talkMs: number, sid: string) {
    const to = String(number.phone_number);
    const accountSid = String(number.account_sid);
    const voiceUrl = String(number.voice_url ?? "");
    const record: (typeof inboundCalls)[number] = {
      call_sid: sid,
      to,
      from,
      voice_url_status: null,
      twiml: null,
      outcome: null,
      stream_url: null,
    };
    inboundCalls.push(record);
    const common = { AccountSid: accountSid, CallSid: sid, From: from, To: to, Caller: from, Called: to };
    const params = new URLSearchParams({
      ...common,
      ApiVersion: "2010-04-01",
      CallStatus: "ringing",
      Direction: "inbound",
    });
    const url = voiceUrl.replace(/\/\/[^@/]*@/, "//");
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: signedHeaders(voiceUrl, params),
        body: params.toString(),
        redirect: "manual",
      });
      record.voice_url_status = response.status;
      record.twiml = await response.text();
    } catch {
      record.voice_url_status = null;
    }
    const twiml = record.voice_url_status === 200 ? (record.twiml ?? "") : "";
    const stream = /<Connect>\s*<Stream[^>]*\surl="([^"]+)"/.exec(twiml);
    // The attribute as an XML parser reads it (Twilio's does): entities and character references decoded.
    record.stream_url = stream?.[1] === undefined ? null : decodeXML(stream[1]);
    record.outcome = stream
      ? "connected"
      : /<Hangup\s*\/>/.test(twiml)
        ? "hung_up"
        : /<Reject[\s/>]/.test(twiml)
          ? "rejected"
          : "failed";
    const spokenMs = record.outcome === "connected" ? talkMs : record.outcome === "hung_up" ? 2000 : 0;
    const status = record.outcome === "rejected" ? "busy" : record.outcome === "failed" ? "failed" : "completed";
    const placedAt = Date.now() + advancedMs;
    placedCalls.set(sid, {
      resource: {
        account_sid: accountSid,
        api_version: "2010-04-01",
        date_created: new Date(placedAt).toUTCString(),
        date_updated: new Date(placedAt).toUTCString(),
        to,
        from,
        sid,
        status: "queued",
        direction: "inbound",
        duration: null,
        start_time: null,
        end_time: null,
        price: null,
        uri: `/2010-04-01/Accounts/${accountSid}/Calls/${sid}.json`,
      },
      placedAt,
      timeline: {
        ...timeline,
        ringMs: 0,
        answer: status === "completed" ? true : status === "busy" ? "busy" : "failed",
        talkMs: spokenMs,
      },
    });
    const statusCallback = String(number.status_callback ?? "");
    if (!statusCallback) return;
    callback(spokenMs, statusCallback, status, {
      ...common,
      Direction: "inbound",
      CallStatus: status,
      CallbackSource: "call-progress-events",
      SequenceNumber: "0",
      CallDuration: String(Math.round(spokenMs / 1000)),
      ...(status === "completed" ? { Duration: String(Math.ceil(spokenMs / 60_000)) } : {}),
    });
  }

  return {
    name: "twilio",
    // The account SID in the path must be the one authenticating.
    credential: (request) => {
      const credentials = basic(request);
      const account = accountPath.exec(request.path)?.[1];
      if (!credentials || (account !== undefined && account !== credentials.user)) return undefined;
      return `${credentials.user}:${credentials.password}`;
    },
    unauthorized: () => twilioError(401, 20003, "Authenticate"),
    recipient: (request) => (request.method === "POST" && request.form.get("To") ? [request.form.get("To")!] : []),
    refusal: (request) =>
      request.path.endsWith("/Calls.json")
        ? twilioError(400, 13224, "Dial: Twilio does not support calling this number or the number is invalid")
        : twilioError(400, 21614, `'To' number ${request.form.get("To")} is not a valid mobile number`),
    error: (status) =>
      twilioError(
        status,
        status >= 500 ? 20500 : 20001,
        status >= 500 ? "An internal server error has occurred" : "Unknown parameter",
      ),
    reset: () => {
      rented.clear();
      placedCalls.clear();
      sentMessages.clear();
      advancedMs = 0;
      loseNextRental = false;
      trunks.clear();
      credentialLists.clear();
      loseNextTrunk = false;
      slowCalls.clear();
      inboundCalls.length = 0;
      sender.reset();
      timeline = defaultTimeline();
    },
    control: {
      advance: (body) => {
        advancedMs += timelineNumber((body as Record<string, unknown> | undefined)?.ms, 0);
        return { status: 200, body: { advanced_ms: advancedMs } };
      },
      trunks: () => ({ status: 200, body: trunksView() }),
      slow_call: (body) => {
        const given = (body ?? {}) as Record<string, unknown>;
        if (typeof given.to !== "string") return { status: 400, body: { error: "to" } };
        slowCalls.set(given.to, timelineNumber(given.ms, 1000));
        return { status: 200, body: {} };
      },
      placed_calls: (body) => {
        const to = ((body ?? {}) as Record<string, unknown>).to;
        return {
          status: 200,
          body: {
            calls: [...placedCalls.values()].filter((call) => call.resource.to === to).map((call) => callNow(call)),
          },
        };
      },
      lose_next_trunk: () => {
        loseNextTrunk = true;
        return { status: 200, body: {} };
      },
      lose_next_rental: () => {
        loseNextRental = true;
        return { status: 200, body: {} };
      },
      timeline: (body) => {
        const given = (body ?? {}) as Record<string, unknown>;
        const answer = given.answer;
        const sms = given.sms;
        timeline = {
          callbacks: typeof given.callbacks === "boolean" ? given.callbacks : timeline.callbacks,
          ringMs: timelineNumber(given.ring_ms, timeline.ringMs),
          answer:
            answer === true || answer === false || answer === "busy" || answer === "failed" ? answer : timeline.answer,
          talkMs: timelineNumber(given.talk_ms, timeline.talkMs),
          sms: sms === "delivered" || sms === "undelivered" || sms === "failed" ? sms : timeline.sms,
          smsMs: timelineNumber(given.sms_ms, timeline.smsMs),
        };
        return {
          status: 200,
          body: {
            callbacks: timeline.callbacks,
            ring_ms: timeline.ringMs,
            answer: timeline.answer,
            talk_ms: timeline.talkMs,
            sms: timeline.sms,
            sms_ms: timeline.smsMs,
          },
        };
      },
      callbacks: () => ({ status: 200, body: { callbacks: sender.sent } }),
      // A call arrives on a rented number from `from` (E.164): its VoiceUrl is asked for TwiML, in the background.
      inbound_call: (body) => {
        const given = (body ?? {}) as Record<string, unknown>;
        const number = rentedNumberOf(given.to);
        if (!number) return { status: 404, body: { error: "no rented number is `to`" } };
        if (typeof given.from !== "string" || !E164.test(given.from)) return { status: 400, body: { error: "from" } };
        if (!number.voice_url) return { status: 409, body: { error: "the number has no VoiceUrl" } };
        const sid = `CA${randomId(32)}`;
        void inboundCall(number, given.from, timelineNumber(given.talk_ms, timeline.talkMs), sid);
        return { status: 200, body: { call_sid: sid } };
      },
      inbound_calls: () => ({ status: 200, body: { calls: inboundCalls } }),
      // An SMS arrives on a rented number from `from`: POSTed to its SmsUrl as Twilio does.
      inbound_sms: (body) => {
        const given = (body ?? {}) as Record<string, unknown>;
        const number = rentedNumberOf(given.to);
        if (!number) return { status: 404, body: { error: "no rented number is `to`" } };
        if (typeof given.from !== "string" || !E164.test(given.from)) return { status: 400, body: { error: "from" } };
        if (typeof given.body !== "string" || given.body === "") return { status: 400, body: { error: "body" } };
        const smsUrl = String(number.sms_url ?? "");
        if (!smsUrl) return { status: 409, body: { error: "the number has no SmsUrl" } };
        const sid = `SM${randomId(32)}`;
        const params = new URLSearchParams({
          AccountSid: String(number.account_sid),
          ApiVersion: "2010-04-01",
          Body: given.body,
          From: given.from,
          MessageSid: sid,
          NumMedia: "0",
          NumSegments: "1",
          SmsMessageSid: sid,
          SmsSid: sid,
          SmsStatus: "received",
          To: String(number.phone_number),
        });
        sender.later(0, "inbound-sms", smsUrl, params.toString(), signedHeaders(smsUrl, params));
        return { status: 200, body: { message_sid: sid } };
      },
    },
    handle: (request, state) => {
      const trunking = handleTrunking(request);
      if (trunking) return trunking;
      const available = availablePath.exec(request.path);
      if (available && request.method === "GET") {
        const country = available[2]!;
        const kind = available[3] as "Local" | "Mobile";
        const stock = inventory[country];
        if (!stock) return twilioError(404, 20404, `The requested resource ${request.path} was not found`);
        const mobile = kind === "Mobile";
        const numbers = Array.from({ length: Math.min(Number(request.query.get("PageSize")) || 20, 5) }, () =>
          fromPattern(stock[kind]),
        );
        return {
          status: 200,
          body: {
            available_phone_numbers: numbers.map((number) => ({
              friendly_name: number,
              phone_number: number,
              lata: null,
              locality: null,
              rate_center: null,
              latitude: null,
              longitude: null,
              region: null,
              postal_code: null,
              iso_country: country,
              address_requirements: country === "US" ? "none" : "any",
              beta: false,
              capabilities: {
                voice: true,
                SMS: mobile || country === "US" || country === "GB",
                MMS: false,
                fax: false,
              },
            })),
            uri: request.path,
          },
        };
      }
      const incoming = incomingPath.exec(request.path);
      if (incoming && request.method === "POST" && !incoming[2]) {
        const accountSid = incoming[1]!;
        if (!isForm(request)) return twilioError(400, 20001, "Content-Type must be application/x-www-form-urlencoded");
        const number = request.form.get("PhoneNumber");
        if (!number && !request.form.get("AreaCode"))
          return twilioError(400, 21452, "No phone numbers found in area code");
        if (!number || !E164.test(number)) return twilioError(400, 21421, "PhoneNumber is invalid");
        if ([...rented.values()].some((resource) => resource.phone_number === number))
          return twilioError(400, 21422, "PhoneNumber requested is not available");
        const sid = `PN${randomId(32)}`;
        const now = new Date().toUTCString();
        // A number of a mobile range takes SMS; a geographic one voice only.
        const mobile = Object.values(inventory).some(
          (stock) =>
            number.length === stock.Mobile.length &&
            number.startsWith(stock.Mobile.slice(0, stock.Mobile.indexOf("#"))),
        );
        const resource = {
          account_sid: accountSid,
          address_requirements: "none",
          address_sid: null,
          api_version: "2010-04-01",
          beta: false,
          capabilities: { voice: true, sms: mobile, mms: false, fax: false },
          date_created: now,
          date_updated: now,
          emergency_status: "Inactive",
          friendly_name: request.form.get("FriendlyName") ?? number,
          identity_sid: null,
          origin: "twilio",
          phone_number: number,
          sid,
          sms_method: request.form.get("SmsMethod") ?? "POST",
          sms_url: request.form.get("SmsUrl") ?? "",
          status: "in-use",
          status_callback: request.form.get("StatusCallback") ?? "",
          status_callback_method: request.form.get("StatusCallbackMethod") ?? "POST",
          trunk_sid: null,
          voice_method: request.form.get("VoiceMethod") ?? "POST",
          voice_url: request.form.get("VoiceUrl") ?? null,
          uri: `/2010-04-01/Accounts/${accountSid}/IncomingPhoneNumbers/${sid}.json`,
        };
        rented.set(sid, resource);
        if (loseNextRental) {
          loseNextRental = false;
          return twilioError(500, 20500, "An internal server error has occurred");
        }
        return { status: 201, body: resource };
      }
      if (incoming && request.method === "GET" && !incoming[2]) {
        const number = request.query.get("PhoneNumber");
        const listed = [...rented.values()].filter(
          (resource) => resource.account_sid === incoming[1] && (!number || resource.phone_number === number),
        );
        return {
          status: 200,
          body: {
            incoming_phone_numbers: listed,
            page: 0,
            page_size: 50,
            start: 0,
            end: Math.max(listed.length - 1, 0),
            uri: request.path,
            first_page_uri: request.path,
            next_page_uri: null,
            previous_page_uri: null,
          },
        };
      }
      if (incoming && request.method === "POST" && incoming[2]) {
        // Update a rented number: its webhooks (and their methods), its name.
        const number = rented.get(incoming[2]);
        if (!number || number.account_sid !== incoming[1])
          return twilioError(404, 20404, `The requested resource ${request.path} was not found`);
        const fields: Record<string, string> = {
          VoiceUrl: "voice_url",
          VoiceMethod: "voice_method",
          SmsUrl: "sms_url",
          SmsMethod: "sms_method",
          StatusCallback: "status_callback",
          StatusCallbackMethod: "status_callback_method",
          FriendlyName: "friendly_name",
        };
        for (const [field, property] of Object.entries(fields)) {
          const value = request.form.get(field);
          if (value !== null) number[property] = value;
        }
        number.date_updated = new Date().toUTCString();
        return { status: 200, body: number };
      }
      if (incoming && request.method === "DELETE" && incoming[2]) {
        if (!rented.delete(incoming[2]))
          return twilioError(404, 20404, `The requested resource ${request.path} was not found`);
        return { status: 204 };
      }
      const resource = resourcePath.exec(request.path);
      if (resource && request.method === "POST") {
        const [, accountSid, kind] = resource;
        if (!isForm(request)) return twilioError(400, 20001, "Content-Type must be application/x-www-form-urlencoded");
        const to = request.form.get("To");
        const from = request.form.get("From");
        if (!to) return twilioError(400, 21604, "A 'To' phone number is required.");
        if (!E164.test(to) && !(kind === "Calls" && SIP_URI.test(to)))
          return twilioError(
            400,
            kind === "Calls" ? 21217 : 21211,
            `The 'To' number ${to} is not a valid phone number.`,
          );
        if (!from && !request.form.get("MessagingServiceSid"))
          return twilioError(400, 21603, "A 'From' phone number is required.");
        const now = new Date().toUTCString();
        const common = {
          account_sid: accountSid,
          api_version: "2010-04-01",
          date_created: now,
          date_updated: now,
          to,
          from,
        };
        if (kind === "Messages") {
          const body = request.form.get("Body");
          if (!body && !request.form.get("MediaUrl")) return twilioError(400, 21602, "Message body is required.");
          const sid = `SM${randomId(32)}`;
          messageProgress(request, { MessageSid: sid, AccountSid: accountSid!, From: from ?? "", To: to });
          const message = {
            ...common,
            sid,
            body,
            date_sent: null,
            status: "queued",
            direction: "outbound-api",
            num_segments: "1",
            num_media: "0",
            price: null,
            price_unit: "USD",
            error_code: null,
            error_message: null,
            messaging_service_sid: request.form.get("MessagingServiceSid"),
            uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
          };
          sentMessages.set(sid, { resource: message, sentAt: Date.now() + advancedMs, timeline: { ...timeline } });
          return { status: 201, body: message };
        }
        if (!request.form.get("Url") && !request.form.get("Twiml") && !request.form.get("ApplicationSid"))
          return twilioError(400, 21205, "Url parameter is required.");
        if (request.form.get("SipAuthUsername") && !request.form.get("SipAuthPassword"))
          return twilioError(400, 21225, "SipAuthPassword is required when providing SipAuthUsername");
        const sid = `CA${randomId(32)}`;
        callProgress(request, {
          CallSid: sid,
          AccountSid: accountSid!,
          From: from ?? "",
          To: to,
          Direction: "outbound-api",
        });
        const call = {
          ...common,
          sid,
          status: "queued",
          direction: "outbound-api",
          duration: null,
          start_time: null,
          end_time: null,
          price: null,
          uri: `/2010-04-01/Accounts/${accountSid}/Calls/${sid}.json`,
        };
        placedCalls.set(sid, { resource: call, placedAt: Date.now() + advancedMs, timeline: { ...timeline } });
        const slow = slowCalls.get(to);
        slowCalls.delete(to);
        return { status: 201, body: call, delayMs: slow };
      }
      if (resource && request.method === "GET") {
        // The list of an account's messages or calls, newest first (messages by date_sent), filtered by
        // To and From and, for messages, by DateSent (a day), DateSent> (on or after) and DateSent< (on
        // or before): a date (YYYY-MM-DD, that day's midnight) or an ISO 8601 time. Paged like Twilio:
        // PageSize (default 50, at most 1000), and next_page_uri with the filters, Page and a PageToken
        // naming the last item shown, so a page follows on from the one before even as new items come.
        const [, accountSid, kind] = resource;
        const to = request.query.get("To");
        const from = request.query.get("From");
        const pageSize = Math.min(Number(request.query.get("PageSize") ?? "50") || 50, 1000);
        const window = kind === "Messages" ? dateSentWindow(request.query) : undefined;
        if (window === "invalid") return twilioError(400, 20001, "Invalid DateSent");
        const known =
          kind === "Messages" ? [...sentMessages.values()].map(messageNow) : [...placedCalls.values()].map(callNow);
        const matching = known
          .filter((item) => item.account_sid === accountSid && (!to || item.to === to) && (!from || item.from === from))
          .filter((item) => !window || within(window, Date.parse(String(item.date_sent))))
          .reverse();
        const token = request.query.get("PageToken");
        const after = token?.startsWith("PA") ? matching.findIndex((item) => item.sid === token.slice(2)) + 1 : 0;
        const page = Number(request.query.get("Page") ?? "0") || 0;
        const listed = matching.slice(after, after + pageSize);
        const kept = new URLSearchParams(
          [...request.query.entries()].filter(
            ([name]) => name !== "Page" && name !== "PageToken" && name !== "PageSize",
          ),
        );
        const pageUri = (number: number, pageToken?: string) => {
          const query = new URLSearchParams(kept);
          query.set("PageSize", String(pageSize));
          query.set("Page", String(number));
          if (pageToken) query.set("PageToken", pageToken);
          return `${request.path}?${query}`;
        };
        const last = listed.at(-1);
        const more = after + pageSize < matching.length && last !== undefined;
        return {
          status: 200,
          body: {
            [kind === "Messages" ? "messages" : "calls"]: listed,
            page,
            page_size: pageSize,
            start: page * pageSize,
            end: page * pageSize + Math.max(listed.length - 1, 0),
            uri: pageUri(page, token ?? undefined),
            first_page_uri: pageUri(0),
            next_page_uri: more ? pageUri(page + 1, `PA${String(last.sid)}`) : null,
            previous_page_uri: null,
          },
        };
      }
      const placedCall = callPath.exec(request.path);
      if (placedCall && request.method === "GET") {
        const known = placedCalls.get(placedCall[2]!);
        if (!known || known.resource.account_sid !== placedCall[1])
          return twilioError(404, 20404, `The requested resource ${request.path} was not found`);
        return { status: 200, body: callNow(known) };
      }
      const sentMessage = messagePath.exec(request.path);
      if (sentMessage && request.method === "GET") {
        const known = sentMessages.get(sentMessage[2]!);
        if (!known || known.resource.account_sid !== sentMessage[1])
          return twilioError(404, 20404, `The requested resource ${request.path} was not found`);
        return { status: 200, body: messageNow(known) };
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
            line_type_intelligence:
              fields.includes("line_type_intelligence") && valid
                ? lineTypeIntelligence(number, state.refused.has(number))
                : null,
            url: `https://lookups.twilio.com/v2/PhoneNumbers/${encodeURIComponent(number)}`,
          },
        };
      }
      return twilioError(404, 20404, `The requested resource ${request.path} was not found`);
    },
  };
};

/**
 * Lookup's line type intelligence by number prefix (the longest that matches), so a test chooses the
 * answer by the number it checks. Spanish geographic ranges are landlines and 800/900 toll free, as in
 * Spain's plan; within the mobile ranges +3471 answers nonFixedVoip, +3472 fixedVoip, +3473 landline
 * (a number the offline parse takes for a mobile: the lookup knows better) and +3474 no type (error
 * 60600, unprovisioned). Any other valid number is mobile; one this fake refuses is a landline.
 */
const lineTypesByPrefix: Record<string, string | null> = {
  "+348": "landline",
  "+349": "landline",
  "+34800": "tollFree",
  "+34900": "tollFree",
  "+3471": "nonFixedVoip",
  "+3472": "fixedVoip",
  "+3473": "landline",
  "+3474": null,
};

function lineTypeIntelligence(number: string, refused: boolean): Record<string, unknown> {
  const prefix = Object.keys(lineTypesByPrefix)
    .filter((candidate) => number.startsWith(candidate))
    .sort((a, b) => b.length - a.length)[0];
  const type = refused ? "landline" : prefix === undefined ? "mobile" : (lineTypesByPrefix[prefix] ?? null);
  if (type === null)
    return { carrier_name: null, error_code: 60600, mobile_country_code: null, mobile_network_code: null, type: null };
  const mobile = type === "mobile";
  return {
    carrier_name: mobile ? "Fake Mobile" : "Fake Telecom",
    error_code: null,
    mobile_country_code: mobile ? "214" : null,
    mobile_network_code: mobile ? "07" : null,
    type,
  };
}

/** The bounds of Twilio's DateSent filters, in ms (either may be open); "invalid" when one is not a date or time. */
type DateWindow = { from: number; to: number };

/** A DateSent value: YYYY-MM-DD (midnight GMT of that day) or an ISO 8601 time. */
const dateSentValue = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? Date.parse(`${value}T00:00:00Z`)
    : /^\d{4}-\d{2}-\d{2}T/.test(value)
      ? Date.parse(value)
      : Number.NaN;

const DAY_MS = 86_400_000;

function dateSentWindow(query: URLSearchParams): DateWindow | "invalid" | undefined {
  const on = query.get("DateSent");
  const after = query.get("DateSent>");
  const before = query.get("DateSent<");
  if (on === null && after === null && before === null) return undefined;
  const window: DateWindow = { from: Number.NEGATIVE_INFINITY, to: Number.POSITIVE_INFINITY };
  if (on !== null) {
    const day = dateSentValue(on);
    if (Number.isNaN(day)) return "invalid";
    window.from = day;
    window.to = day + DAY_MS - 1;
  }
  if (after !== null) {
    const from = dateSentValue(after);
    if (Number.isNaN(from)) return "invalid";
    window.from = Math.max(window.from, from);
  }
  if (before !== null) {
    const to = dateSentValue(before);
    if (Number.isNaN(to)) return "invalid";
    window.to = Math.min(window.to, to);
  }
  return window;
}

/** Whether a date_sent (ms; NaN while the message is not sent yet) is in the window. Twilio's dates have whole seconds. */
const within = (window: DateWindow, sentAt: number) =>
  !Number.isNaN(sentAt) && sentAt >= Math.floor(window.from / 1000) * 1000 && sentAt <= window.to;
