/**
 * Postmark: POST /email with X-Postmark-Server-Token, JSON in and out (PascalCase), errors as
 * { ErrorCode, Message } (422 for a refused request, 401 for a missing or wrong token).
 */
import { isJson, type FakeProvider } from "./server";

const addresses = (value: unknown) =>
  typeof value === "string"
    ? value
        .split(",")
        .map((part) => /<([^>]+)>/.exec(part)?.[1] ?? part.trim())
        .filter(Boolean)
    : [];

export const postmarkFake = (): FakeProvider => ({
  name: "postmark",
  credential: (request) => {
    const token = request.headers["x-postmark-server-token"];
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
});
