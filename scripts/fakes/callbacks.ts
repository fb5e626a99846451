/**
 * What the fake providers send back: the callbacks the real provider would send after it accepted
 * a call, message or email, correctly signed, to the URL the API gave, on a timeline a test can
 * change (POST /__fake/timeline). Each sent callback, and the status the API answered, is listed
 * by POST /__fake/callbacks. Failures to reach the API are recorded, never retried.
 */
import { createHmac } from "node:crypto";

export interface SentCallback {
  url: string;
  /** The event, as the provider names it (ringing, delivered, Delivery...). */
  event: string;
  status: number | null;
  at: string;
}

export class CallbackSender {
  readonly sent: SentCallback[] = [];
  private timers = new Set<NodeJS.Timeout>();

  /** POSTs `body` after `delayMs`, with `headers`; records the outcome. */
  later(delayMs: number, event: string, url: string, body: string, headers: Record<string, string>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const record: SentCallback = {
        url: url.replace(/\/\/[^@/]*@/, "//"),
        event,
        status: null,
        at: new Date().toISOString(),
      };
      this.sent.push(record);
      fetch(url.replace(/\/\/[^@/]*@/, "//"), { method: "POST", headers, body, redirect: "manual" }).then(
        async (response) => {
          record.status = response.status;
          await response.body?.cancel();
        },
        () => {},
      );
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  reset(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.sent.length = 0;
  }
}

/** Twilio's X-Twilio-Signature: base64 HMAC-SHA1 (auth token) of the URL and the sorted form parameters. */
export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  const pairs = [...params].sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return createHmac("sha1", authToken)
    .update(url + pairs.map(([name, value]) => name + value).join(""))
    .digest("base64");
}

/** Reads a number field of a timeline request, or keeps the current value. */
export const timelineNumber = (value: unknown, current: number) =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : current;
