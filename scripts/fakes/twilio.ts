/**
 * Twilio REST API 2010-04-01 (form-encoded, HTTP Basic account SID and auth token):
 * POST /2010-04-01/Accounts/{AccountSid}/Messages.json and /Calls.json; Lookup v2:
 * GET /v2/PhoneNumbers/{number}?Fields=line_type_intelligence. Errors: { code, message, more_info, status }.
 */
import { isForm, randomId, type FakeProvider, type FakeReply, type FakeRequest } from "./server";

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

export const twilioFake = (): FakeProvider => ({
  name: "twilio",
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
        return {
          status: 201,
          body: { ...common, sid, body, status: "queued", direction: "outbound-api", num_segments: "1", num_media: "0", price: null, price_unit: "USD", error_code: null, error_message: null, messaging_service_sid: request.form.get("MessagingServiceSid"), uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json` },
        };
      }
      if (!request.form.get("Url") && !request.form.get("Twiml") && !request.form.get("ApplicationSid")) return twilioError(400, 21205, "Url parameter is required.");
      const sid = `CA${randomId(32)}`;
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
});
