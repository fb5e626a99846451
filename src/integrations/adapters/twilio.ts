import { z } from "zod";
import { form, type Link, type ProviderProfile, url } from "../link";
import { ProviderError } from "../outcome";

/**
 * Twilio: Programmable Messaging and Voice (REST API 2010-04-01, form-encoded, HTTP Basic with the
 * account SID and auth token) and Lookup v2 (https://www.twilio.com/docs/usage/api).
 */
const refusals: Record<number, string> = {
  21211: "the number is not a valid phone number",
  21214: "the number cannot be reached",
  21217: "the number does not appear to be valid",
  21408: "sending to this number's region is not enabled for the account",
  21610: "the recipient has unsubscribed from this sender (replied STOP)",
  21612: "the number cannot receive messages from this sender",
  21614: "the number is not a mobile number",
  13224: "the number cannot be called (invalid or not supported)",
  21215: "calls to this number's region are not enabled for the account",
  21216: "calls to this number are blocked",
};

const TwilioError = z.object({ code: z.number() });

const twilioProfile = {
  name: "twilio",
  label: "Twilio",
  variables: {
    baseUrl: "TWILIO_BASE_URL",
    lookupBaseUrl: "TWILIO_LOOKUP_BASE_URL",
    trunkingBaseUrl: "TWILIO_TRUNKING_BASE_URL",
    accountSid: "TWILIO_ACCOUNT_SID",
    authToken: "TWILIO_AUTH_TOKEN",
    from: "TWILIO_FROM_NUMBER",
  },
  errorCode: (body) => TwilioError.safeParse(body).data?.code,
  refusal: (status, body) => {
    const code = TwilioError.safeParse(body).data?.code;
    return status === 400 && code !== undefined ? refusals[code] : undefined;
  },
} as const satisfies ProviderProfile;

const Resource = z.object({ sid: z.string(), status: z.string() });
const Lookup = z.object({
  phone_number: z.string(),
  valid: z.boolean(),
  country_code: z.string().nullable().optional(),
  validation_errors: z.array(z.string()).nullable().optional(),
  line_type_intelligence: z.object({ type: z.string().nullable().optional() }).nullable().optional(),
});

export interface PhoneLookup {
  phoneNumber: string;
  valid: boolean;
  countryCode: string | null;
  /** mobile, landline, fixedVoip, nonFixedVoip, tollFree... (Twilio's line type), when known. */
  lineType: string | null;
  validationErrors: string[];
}

function account(link: Link) {
  return async () => {
    const s = link.require(twilioProfile, await link.settings(twilioProfile), ["baseUrl", "accountSid", "authToken"]);
    return { ...s, authorization: `Basic ${btoa(`${s.accountSid}:${s.authToken}`)}` };
  };
}

async function create(
  link: Link,
  resource: "Messages" | "Calls",
  fields: Record<string, string | readonly string[] | undefined>,
) {
  const s = await account(link)();
  const from = (fields.From as string | undefined) ?? link.require(twilioProfile, s, ["from"]).from;
  return link.send(
    twilioProfile,
    {
      method: "POST",
      url: url(s.baseUrl, `/2010-04-01/Accounts/${encodeURIComponent(s.accountSid)}/${resource}.json`),
      headers: {
        Authorization: s.authorization,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: form({ ...fields, From: from }),
    },
    Resource,
  );
}

/** One item of a list (GET .../Messages.json or Calls.json): only what a lookup reads. Twilio's dates are RFC 2822. */
const Listed = z.object({
  sid: z.string(),
  to: z.string().nullable(),
  from: z.string().nullable(),
  body: z.string().nullable().optional(),
  date_created: z.string().nullable(),
  date_sent: z.string().nullable().optional(),
});
/** One page of a list: its items (under "messages" or "calls") and where the next page is (null on the last). */
const ListPage = z.object({
  messages: z.array(Listed).optional(),
  calls: z.array(Listed).optional(),
  next_page_uri: z.string().nullable().optional(),
});

/** Items per page of a lookup, and the most pages it reads (a window holding more is not searched to its end: nothing is sent again). */
const LOOKUP_PAGE_SIZE = 100;
const LOOKUP_MAX_PAGES = 30;

const at = (date: string | null | undefined) => (date ? Date.parse(date) : Number.NaN);

/**
 * Every resource of a list sent to `to` (from the number given, or the account's sender) created
 * since `since` and matching `also`, oldest first: how a retry learns whether an attempt whose
 * answer was lost was accepted. Twilio keeps none of our ids on the resource, so number and time
 * decide, and every page of the window is read (`next_page_uri`), however many others went to the
 * same number since. Messages are listed newest sent first and filtered by Twilio to the window
 * (`DateSent>`, on or after); calls are listed newest first. The reading stops at the first page
 * that reaches past the window's start, or at the list's end. A window that holds more than
 * LOOKUP_MAX_PAGES pages is refused as an upstream error that may have been accepted: the caller
 * does not send again on a search it could not finish.
 */
async function findCreated(
  link: Link,
  resource: "Messages" | "Calls",
  input: { to: string; from?: string; since: number },
  also: (listed: z.output<typeof Listed>) => boolean = () => true,
) {
  const s = await account(link)();
  const from = input.from ?? s.from;
  const list = `/2010-04-01/Accounts/${encodeURIComponent(s.accountSid)}/${resource}.json`;
  const window = resource === "Messages" ? { "DateSent>": new Date(input.since).toISOString() } : {};
  const matches = (item: z.output<typeof Listed>) =>
    item.to === input.to &&
    (from === undefined || item.from === from) &&
    at(item.date_created) >= input.since &&
    also(item);
  let next: string | null = url(s.baseUrl, list, { To: input.to, From: from, ...window, PageSize: LOOKUP_PAGE_SIZE });
  const found: string[] = [];
  for (let page = 0; next !== null; page++) {
    if (page === LOOKUP_MAX_PAGES) {
      throw new ProviderError(
        "twilio",
        "upstream_error",
        `Twilio failed: more than ${LOOKUP_MAX_PAGES * LOOKUP_PAGE_SIZE} ${resource.toLowerCase()} to this number since the attempt could not all be searched.`,
        {},
        true,
      );
    }
    const answer: z.output<typeof ListPage> = await link.send(
      twilioProfile,
      { method: "GET", url: next, headers: { Authorization: s.authorization, Accept: "application/json" } },
      ListPage,
    );
    const listed = (resource === "Messages" ? answer.messages : answer.calls) ?? [];
    found.push(...listed.filter(matches).map((item) => item.sid));
    next =
      passedWindow(resource, listed, input.since) || !answer.next_page_uri
        ? null
        : nextPage(s.baseUrl, list, answer.next_page_uri);
  }
  return found.reverse();
}

/** Whether a page (newest first) reached past the window's start: its last item is older, and so is everything after it. */
function passedWindow(
  resource: "Messages" | "Calls",
  listed: readonly z.output<typeof Listed>[],
  since: number,
): boolean {
  const last = listed.at(-1);
  return (
    last !== undefined &&
    at(resource === "Messages" ? (last.date_sent ?? last.date_created) : last.date_created) < since
  );
}

/** The next page's address: Twilio's `next_page_uri` is a path of the same list on the same host; anything else is an upstream error. */
function nextPage(baseUrl: string, list: string, nextPageUri: string): string {
  if (!nextPageUri.startsWith(`${list}?`))
    throw new ProviderError(
      "twilio",
      "upstream_error",
      "Twilio failed: it answered a next page outside the list.",
      {},
      true,
    );
  return `${baseUrl}${nextPageUri}`;
}

export function sms(link: Link) {
  return {
    /**
     * Whether a send could be attempted now: the account, its credentials and a sender are
     * configured, so a caller can refuse with 503 before charging or recording anything. Sends nothing.
     */
    async ready(): Promise<void> {
      link.require(twilioProfile, await account(link)(), ["from"]);
    },
    /** Sends one SMS. `to` and `from`: E.164 (`from` defaults to TWILIO_FROM_NUMBER or the company's). */
    async send(input: {
      to: string;
      body: string;
      from?: string;
      statusCallback?: string;
    }): Promise<{ sid: string; status: string }> {
      const { sid, status } = await create(link, "Messages", {
        To: input.to,
        From: input.from,
        Body: input.body,
        StatusCallback: input.statusCallback,
      });
      return { sid, status };
    },
    /** The sids of the messages with this body sent to `to` since `since` (ms), oldest first (Messages list, filtered by To, From and DateSent). */
    findSent: (input: { to: string; body: string; from?: string; since: number }): Promise<string[]> =>
      findCreated(link, "Messages", input, (listed) => listed.body === input.body),
    /**
     * A message as Twilio knows it now (GET .../Messages/{MessageSid}.json): its status (accepted,
     * queued, sending, sent, delivered, undelivered, failed, canceled...) and its error code, if any.
     */
    async status(messageSid: string): Promise<MessageState> {
      const s = await account(link)();
      const answer = await link.send(
        twilioProfile,
        {
          method: "GET",
          url: url(
            s.baseUrl,
            `/2010-04-01/Accounts/${encodeURIComponent(s.accountSid)}/Messages/${encodeURIComponent(messageSid)}.json`,
          ),
          headers: { Authorization: s.authorization, Accept: "application/json" },
        },
        MessageResource,
      );
      return { sid: answer.sid, status: answer.status, errorCode: answer.error_code ?? null };
    },
    /** Checks a number without sending (Lookup v2 with line type intelligence). */
    async lookup(phoneNumber: string): Promise<PhoneLookup> {
      const s = link.require(twilioProfile, await account(link)(), ["lookupBaseUrl"]);
      const answer = await link.send(
        twilioProfile,
        {
          method: "GET",
          url: url(s.lookupBaseUrl, `/v2/PhoneNumbers/${encodeURIComponent(phoneNumber)}`, {
            Fields: "line_type_intelligence",
          }),
          headers: { Authorization: s.authorization, Accept: "application/json" },
        },
        Lookup,
      );
      return {
        phoneNumber: answer.phone_number,
        valid: answer.valid,
        countryCode: answer.country_code ?? null,
        lineType: answer.line_type_intelligence?.type ?? null,
        validationErrors: answer.validation_errors ?? [],
      };
    },
  };
}

export function telephony(link: Link) {
  return {
    /**
     * Places an outbound call; Twilio fetches `twimlUrl` (or runs `twiml`) when it is answered, and
     * POSTs each of `statusCallbackEvents` (initiated, ringing, answered, completed) to `statusCallback`.
     */
    async dial(input: {
      to: string;
      from?: string;
      twimlUrl?: string;
      twiml?: string;
      statusCallback?: string;
      statusCallbackEvents?: readonly ("initiated" | "ringing" | "answered" | "completed")[];
      timeoutSeconds?: number;
      /** The longest the call may last once answered: Twilio hangs up then (TimeLimit). */
      timeLimitSeconds?: number;
      /** `to` is a SIP URI (sip:...): the trunk's credentials, answered to its digest challenge (SipAuthUsername, SipAuthPassword). */
      sipAuth?: { username: string; password: string };
    }): Promise<{ sid: string; status: string }> {
      const { sid, status } = await create(link, "Calls", {
        To: input.to,
        From: input.from,
        SipAuthUsername: input.sipAuth?.username,
        SipAuthPassword: input.sipAuth?.password,
        TimeLimit: input.timeLimitSeconds === undefined ? undefined : String(input.timeLimitSeconds),
        Url: input.twimlUrl,
        Twiml: input.twiml,
        StatusCallback: input.statusCallback,
        StatusCallbackEvent: input.statusCallback ? input.statusCallbackEvents : undefined,
        Timeout: input.timeoutSeconds === undefined ? undefined : String(input.timeoutSeconds),
      });
      return { sid, status };
    },
    /** The sids of the calls placed to `to` since `since` (ms), oldest first (Calls list, filtered by To and From, read back to the window's start). */
    findPlaced: (input: { to: string; from?: string; since: number }): Promise<string[]> =>
      findCreated(link, "Calls", input),
    /**
     * A call as Twilio knows it now (GET .../Calls/{CallSid}.json): its status, its talk time in
     * seconds once it ended (`duration`), and when it started and ended (RFC 2822, null until then).
     */
    async status(callSid: string): Promise<CallState> {
      const s = await account(link)();
      const answer = await link.send(
        twilioProfile,
        {
          method: "GET",
          url: url(
            s.baseUrl,
            `/2010-04-01/Accounts/${encodeURIComponent(s.accountSid)}/Calls/${encodeURIComponent(callSid)}.json`,
          ),
          headers: { Authorization: s.authorization, Accept: "application/json" },
        },
        CallResource,
      );
      return {
        sid: answer.sid,
        status: answer.status,
        durationSeconds: answer.duration ? Number(answer.duration) : null,
        startTime: answer.start_time ?? null,
        endTime: answer.end_time ?? null,
      };
    },
  };
}

const MessageResource = z.object({ sid: z.string(), status: z.string(), error_code: z.number().nullable().optional() });

export interface MessageState {
  sid: string;
  status: string;
  errorCode: number | null;
}

const CallResource = z.object({
  sid: z.string(),
  status: z.string(),
  duration: z.string().regex(/^\d+$/).nullable().optional(),
  start_time: z.string().nullable().optional(),
  end_time: z.string().nullable().optional(),
});

interface CallState {
  sid: string;
  /** queued, ringing, in-progress, completed, busy, failed, no-answer, canceled. */
  status: string;
  durationSeconds: number | null;
  startTime: string | null;
  endTime: string | null;
}

/** Which inventory of a country a number is bought from (Twilio's AvailablePhoneNumbers subresources). */
export type NumberKind = "local" | "mobile";

// Available numbers answer capabilities as voice/SMS/MMS, rented ones as voice/sms/mms: read both.
const Capabilities = z.record(z.string(), z.boolean().nullable().optional()).nullable().optional();
const Available = z.object({
  available_phone_numbers: z.array(
    z.object({ phone_number: z.string(), iso_country: z.string().nullable().optional(), capabilities: Capabilities }),
  ),
});
const Incoming = z.object({
  sid: z.string(),
  phone_number: z.string(),
  friendly_name: z.string().nullable().optional(),
  capabilities: Capabilities,
});

export interface AvailableNumber {
  /** E.164. */
  phoneNumber: string;
  country: string | null;
  voice: boolean;
  sms: boolean;
}

export interface RentedNumber {
  /** The IncomingPhoneNumber's SID (PN...), what releasing it names. */
  sid: string;
  phoneNumber: string;
  /** The name given when it was rented (the account's label for it). */
  friendlyName: string | null;
  voice: boolean;
  sms: boolean;
}

const capable = (capabilities: z.output<typeof Capabilities>, name: string) =>
  Object.entries(capabilities ?? {}).some(([key, value]) => key.toLowerCase() === name && value === true);

const rentedNumber = (n: z.output<typeof Incoming>): RentedNumber => ({
  sid: n.sid,
  phoneNumber: n.phone_number,
  friendlyName: n.friendly_name ?? null,
  voice: capable(n.capabilities, "voice"),
  sms: capable(n.capabilities, "sms"),
});

/**
 * Where Twilio sends what arrives on a rented number (IncomingPhoneNumber's VoiceUrl, SmsUrl and
 * StatusCallback, each POSTed, form-encoded and signed with X-Twilio-Signature): the TwiML request
 * of an inbound call, an inbound message, and the call's status once it ends.
 */
export interface NumberWebhooks {
  voiceUrl: string;
  smsUrl: string;
  statusCallback: string;
}

const webhookFields = (webhooks: NumberWebhooks) => ({
  VoiceUrl: webhooks.voiceUrl,
  VoiceMethod: "POST",
  SmsUrl: webhooks.smsUrl,
  SmsMethod: "POST",
  StatusCallback: webhooks.statusCallback,
  StatusCallbackMethod: "POST",
});

/** A release of a number the account no longer has (Twilio 20404) is what a repeated release meets: not a failure. */
const releaseProfile = {
  ...twilioProfile,
  refusal: (status: number, body: unknown) =>
    status === 404 && TwilioError.safeParse(body).data?.code === 20404 ? "the number is not on the account" : undefined,
} as const satisfies ProviderProfile;

/** Phone numbers of the platform's account: search the inventory, rent one, release it (IncomingPhoneNumbers). */
export function numbers(link: Link) {
  return {
    /** Numbers of `country` (ISO 3166-1 alpha-2) that can be bought now; nothing is reserved. */
    async available(input: {
      country: string;
      kind: NumberKind;
      voice?: boolean;
      sms?: boolean;
    }): Promise<AvailableNumber[]> {
      const s = await account(link)();
      const resource = input.kind === "mobile" ? "Mobile" : "Local";
      const answer = await link.send(
        twilioProfile,
        {
          method: "GET",
          url: url(
            s.baseUrl,
            `/2010-04-01/Accounts/${encodeURIComponent(s.accountSid)}/AvailablePhoneNumbers/${encodeURIComponent(input.country)}/${resource}.json`,
            {
              VoiceEnabled: input.voice ? "true" : undefined,
              SmsEnabled: input.sms ? "true" : undefined,
              PageSize: 20,
            },
          ),
          headers: { Authorization: s.authorization, Accept: "application/json" },
        },
        Available,
      );
      return answer.available_phone_numbers.map((n) => ({
        phoneNumber: n.phone_number,
        country: n.iso_country ?? null,
        voice: capable(n.capabilities, "voice"),
        sms: capable(n.capabilities, "sms"),
      }));
    },
    /**
     * Rents `phoneNumber` (E.164, from `available`); `friendlyName` is how the account's console lists it.
     * `webhooks`: where Twilio sends the number's inbound calls and messages (set in the same request,
     * so a rented number is never left without them).
     */
    async buy(input: { phoneNumber: string; friendlyName?: string; webhooks?: NumberWebhooks }): Promise<RentedNumber> {
      const s = await account(link)();
      const answer = await link.send(
        twilioProfile,
        {
          method: "POST",
          url: url(s.baseUrl, `/2010-04-01/Accounts/${encodeURIComponent(s.accountSid)}/IncomingPhoneNumbers.json`),
          headers: {
            Authorization: s.authorization,
            "Content-Type": "application/x-www-form-urlencoded",
            Accept: "application/json",
          },
          body: form({
            PhoneNumber: input.phoneNumber,
            FriendlyName: input.friendlyName,
            ...(input.webhooks ? webhookFields(input.webhooks) : {}),
          }),
        },
        Incoming,
      );
      return rentedNumber(answer);
    },
    /** Points a rented number's inbound calls and messages at `webhooks` (POST .../IncomingPhoneNumbers/{Sid}.json). */
    async configure(sid: string, webhooks: NumberWebhooks): Promise<void> {
      const s = await account(link)();
      await link.send(
        twilioProfile,
        {
          method: "POST",
          url: url(
            s.baseUrl,
            `/2010-04-01/Accounts/${encodeURIComponent(s.accountSid)}/IncomingPhoneNumbers/${encodeURIComponent(sid)}.json`,
          ),
          headers: {
            Authorization: s.authorization,
            "Content-Type": "application/x-www-form-urlencoded",
            Accept: "application/json",
          },
          body: form(webhookFields(webhooks)),
        },
        Incoming,
      );
    },
    /** The account's rented number `phoneNumber` (E.164), if it has it: what a purchase cut short left behind. */
    async find(phoneNumber: string): Promise<RentedNumber | undefined> {
      const s = await account(link)();
      const answer = await link.send(
        twilioProfile,
        {
          method: "GET",
          url: url(s.baseUrl, `/2010-04-01/Accounts/${encodeURIComponent(s.accountSid)}/IncomingPhoneNumbers.json`, {
            PhoneNumber: phoneNumber,
          }),
          headers: { Authorization: s.authorization, Accept: "application/json" },
        },
        z.object({ incoming_phone_numbers: z.array(Incoming) }),
      );
      const found = answer.incoming_phone_numbers.find((n) => n.phone_number === phoneNumber);
      return found && rentedNumber(found);
    },
    /** Releases a rented number (204); one the account no longer has counts as released. */
    async release(sid: string): Promise<void> {
      const s = await account(link)();
      try {
        await link.send(
          releaseProfile,
          {
            method: "DELETE",
            url: url(
              s.baseUrl,
              `/2010-04-01/Accounts/${encodeURIComponent(s.accountSid)}/IncomingPhoneNumbers/${encodeURIComponent(sid)}.json`,
            ),
            headers: { Authorization: s.authorization, Accept: "application/json" },
          },
          z.unknown(),
        );
      } catch (error) {
        if (error instanceof ProviderError && error.outcome === "refused") return;
        throw error;
      }
    },
  };
}

/** What is gone already (Twilio 20404) is what a repeated delete meets: not a failure. */
const goneProfile = {
  ...twilioProfile,
  refusal: (status: number, body: unknown) =>
    status === 404 && TwilioError.safeParse(body).data?.code === 20404
      ? "the resource is not on the account"
      : undefined,
} as const satisfies ProviderProfile;

/** Reads of a credential list and the change they lead to, at most this many times when a concurrent change gets in between. */
const CREDENTIAL_ATTEMPTS = 3;

const Named = z.object({ sid: z.string(), friendly_name: z.string().nullable().optional() });
const SipCredential = z.object({ sid: z.string(), username: z.string() });

/** A trunk at the provider as the platform made it: the Elastic SIP trunk, its origination URI and its credential list. */
export interface ProviderTrunk {
  trunkSid: string;
  originationUrlSid: string;
  credentialListSid: string;
}

/**
 * Elastic SIP Trunking (https://www.twilio.com/docs/sip-trunking/api): trunks and their origination
 * URLs at trunking.twilio.com/v1, credential lists and their credentials at
 * api.twilio.com/2010-04-01/Accounts/{sid}/SIP/CredentialLists, associated to a trunk by
 * POST /v1/Trunks/{sid}/CredentialLists. Every resource's FriendlyName is the platform's own id, so
 * an attempt whose answer was lost is found by reading instead of made twice.
 */
export function trunking(link: Link) {
  const settings = async () => link.require(twilioProfile, await account(link)(), ["trunkingBaseUrl"]);
  const headers = (authorization: string, body: boolean) => ({
    Authorization: authorization,
    Accept: "application/json",
    ...(body ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
  });
  const trunkingUrl = (
    s: { trunkingBaseUrl: string },
    path: string,
    query?: Record<string, string | number | undefined>,
  ) => url(s.trunkingBaseUrl, `/v1${path}`, query);
  const sipUrl = (
    s: { baseUrl: string; accountSid: string },
    path: string,
    query?: Record<string, string | number | undefined>,
  ) => url(s.baseUrl, `/2010-04-01/Accounts/${encodeURIComponent(s.accountSid)}/SIP/CredentialLists${path}`, query);
  const post = async <S extends z.ZodType>(
    target: string,
    authorization: string,
    fields: Record<string, string | number | boolean | undefined>,
    schema: S,
  ) =>
    link.send(
      twilioProfile,
      { method: "POST", url: target, headers: headers(authorization, true), body: form(fields) },
      schema,
    );
  const get = async <S extends z.ZodType>(target: string, authorization: string, schema: S) =>
    link.send(twilioProfile, { method: "GET", url: target, headers: headers(authorization, false) }, schema);
  /** DELETE, answered 204; what is gone already counts as deleted. */
  const remove = async (target: string, authorization: string) => {
    try {
      await link.send(
        goneProfile,
        { method: "DELETE", url: target, headers: headers(authorization, false) },
        z.unknown(),
      );
    } catch (error) {
      if (error instanceof ProviderError && error.outcome === "refused") return;
      throw error;
    }
  };

  return {
    /** Whether trunks can be managed now (credentials and the trunking address configured); sends nothing. */
    async ready(): Promise<void> {
      await settings();
    },
    /** A new trunk named `friendlyName` (POST /v1/Trunks); its sid (TK...). */
    async createTrunk(friendlyName: string): Promise<string> {
      const s = await settings();
      return (await post(trunkingUrl(s, "/Trunks"), s.authorization, { FriendlyName: friendlyName }, Named)).sid;
    },
    /** The account's trunk named `friendlyName`, if any (GET /v1/Trunks, one page of up to 1000). */
    async findTrunk(friendlyName: string): Promise<string | undefined> {
      const s = await settings();
      const page = await get(
        trunkingUrl(s, "/Trunks", { PageSize: 1000 }),
        s.authorization,
        z.object({ trunks: z.array(Named) }),
      );
      return page.trunks.find((trunk) => trunk.friendly_name === friendlyName)?.sid;
    },
    /** Deletes a trunk with its origination URLs and associations (DELETE /v1/Trunks/{sid}); one already gone counts as deleted. */
    async deleteTrunk(trunkSid: string): Promise<void> {
      const s = await settings();
      await remove(trunkingUrl(s, `/Trunks/${encodeURIComponent(trunkSid)}`), s.authorization);
    },
    /** Where the trunk sends the calls it receives (an OriginationUrl, `sip:` URI); its sid (OU...). */
    async createOriginationUrl(trunkSid: string, input: { friendlyName: string; sipUrl: string }): Promise<string> {
      const s = await settings();
      const fields = {
        FriendlyName: input.friendlyName,
        SipUrl: input.sipUrl,
        Priority: 10,
        Weight: 10,
        Enabled: true,
      };
      return (
        await post(
          trunkingUrl(s, `/Trunks/${encodeURIComponent(trunkSid)}/OriginationUrls`),
          s.authorization,
          fields,
          Named,
        )
      ).sid;
    },
    /** The trunk's origination URL named `friendlyName`, if any. */
    async findOriginationUrl(trunkSid: string, friendlyName: string): Promise<string | undefined> {
      const s = await settings();
      const page = await get(
        trunkingUrl(s, `/Trunks/${encodeURIComponent(trunkSid)}/OriginationUrls`, { PageSize: 1000 }),
        s.authorization,
        z.object({ origination_urls: z.array(Named) }),
      );
      return page.origination_urls.find((origination) => origination.friendly_name === friendlyName)?.sid;
    },
    async updateOriginationUrl(trunkSid: string, originationUrlSid: string, sipUrl: string): Promise<void> {
      const s = await settings();
      await post(
        trunkingUrl(
          s,
          `/Trunks/${encodeURIComponent(trunkSid)}/OriginationUrls/${encodeURIComponent(originationUrlSid)}`,
        ),
        s.authorization,
        { SipUrl: sipUrl },
        Named,
      );
    },
    /** A new credential list named `friendlyName`; its sid (CL...). */
    async createCredentialList(friendlyName: string): Promise<string> {
      const s = await settings();
      return (await post(sipUrl(s, ".json"), s.authorization, { FriendlyName: friendlyName }, Named)).sid;
    },
    async findCredentialList(friendlyName: string): Promise<string | undefined> {
      const s = await settings();
      const page = await get(
        sipUrl(s, ".json", { PageSize: 1000 }),
        s.authorization,
        z.object({ credential_lists: z.array(Named) }),
      );
      return page.credential_lists.find((list) => list.friendly_name === friendlyName)?.sid;
    },
    /** Deletes a credential list with its credentials; one already gone counts as deleted. */
    async deleteCredentialList(credentialListSid: string): Promise<void> {
      const s = await settings();
      await remove(sipUrl(s, `/${encodeURIComponent(credentialListSid)}.json`), s.authorization);
    },
    /**
     * Makes the list hold exactly one credential, `username` with `password`: the one of that
     * username gets the password (a username cannot be renamed at Twilio), any other is deleted.
     * Applying it again changes nothing, so a retry never leaves two. A concurrent change of the
     * same list (its credential deleted or made meanwhile) is met by reading the list again.
     */
    async setCredential(credentialListSid: string, username: string, password: string): Promise<void> {
      const s = await settings();
      const list = `/${encodeURIComponent(credentialListSid)}/Credentials`;
      for (let attempt = 1; ; attempt++) {
        try {
          const page = await get(
            sipUrl(s, `${list}.json`, { PageSize: 1000 }),
            s.authorization,
            z.object({ credentials: z.array(SipCredential) }),
          );
          const same = page.credentials.find((credential) => credential.username === username);
          if (same)
            await post(
              sipUrl(s, `${list}/${encodeURIComponent(same.sid)}.json`),
              s.authorization,
              { Password: password },
              SipCredential,
            );
          else
            await post(
              sipUrl(s, `${list}.json`),
              s.authorization,
              { Username: username, Password: password },
              SipCredential,
            );
          for (const other of page.credentials.filter((credential) => credential.username !== username))
            await remove(sipUrl(s, `${list}/${encodeURIComponent(other.sid)}.json`), s.authorization);
          return;
        } catch (error) {
          if (!(error instanceof ProviderError) || error.outcome === "not_configured" || attempt >= CREDENTIAL_ATTEMPTS)
            throw error;
        }
      }
    },
    /** Lets the credential list's users send calls through the trunk (POST /v1/Trunks/{sid}/CredentialLists); already associated is done. */
    async attachCredentialList(trunkSid: string, credentialListSid: string): Promise<void> {
      const s = await settings();
      const target = trunkingUrl(s, `/Trunks/${encodeURIComponent(trunkSid)}/CredentialLists`);
      const attached = await get(
        trunkingUrl(s, `/Trunks/${encodeURIComponent(trunkSid)}/CredentialLists`, { PageSize: 1000 }),
        s.authorization,
        z.object({ credential_lists: z.array(Named) }),
      );
      if (attached.credential_lists.some((list) => list.sid === credentialListSid)) return;
      await post(target, s.authorization, { CredentialListSid: credentialListSid }, Named);
    },
  };
}
