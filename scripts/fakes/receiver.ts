/**
 * A customer's webhook receiver: answers 2xx to every POST and records it (GET /__fake/requests),
 * so a test reads what a subscription's URL received, headers and body as sent, and verifies the
 * signature itself. No credentials: Standard Webhooks receivers check the signature, not a token.
 * POST /__fake/script { status[, headers] } makes it fail once (a receiver that is down, or one that
 * asks for a pause with Retry-After); { delayMs } makes it answer late once (a slow receiver).
 */
import type { FakeProvider } from "./server.js";

export const receiverFake = (): FakeProvider => ({
  name: "receiver",
  credential: () => null,
  unauthorized: () => ({ status: 401, body: {} }),
  refusal: () => ({ status: 403, body: {} }),
  error: (status) => ({ status, body: { error: `HTTP ${status}` } }),
  handle: (request) =>
    request.method === "POST"
      ? { status: 200, body: {} }
      : { status: 405, body: { error: "POST" }, headers: { Allow: "POST" } },
});
