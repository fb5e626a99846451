import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { eventBody } from "./delivery";
import { parseRetryAfter, retryDelay, retrySchedule, STANDARD_SCHEDULE } from "../../work/retry-schedule";
import { newSigningSecret, webhookHeaders } from "./signing";

describe("signing", () => {
  it("produces Standard Webhooks headers that the standardwebhooks package verifies", async () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = eventBody({
      id: "evt_1",
      type: "budget.created",
      data: '{"a":1}',
      createdAt: "2026-01-01T00:00:00.000Z",
    });
    expect(JSON.parse(body)).toEqual({
      id: "evt_1",
      type: "budget.created",
      timestamp: "2026-01-01T00:00:00.000Z",
      data: { a: 1 },
    });
    const headers = await webhookHeaders(secret, "evt_1", Math.floor(Date.now() / 1000), body);
    expect(headers["webhook-signature"]).toMatch(/^v1,/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newSigningSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body.replace("1", "2"), headers)).toThrow();
  });
});

describe("retry schedule", () => {
  it("is the Standard Webhooks schedule, each delay at most 12 h, at least 24 h in all", () => {
    expect(STANDARD_SCHEDULE).toEqual([5, 300, 1800, 7200, 18000, 36000, 43200]);
    expect(STANDARD_SCHEDULE.every((delay) => delay <= 43200)).toBe(true);
    expect(STANDARD_SCHEDULE.reduce((sum, delay) => sum + delay, 0)).toBeGreaterThanOrEqual(86400);
    expect(retrySchedule(undefined)).toBe(STANDARD_SCHEDULE);
    expect(retrySchedule([1, 2, 3])).toEqual([1, 2, 3]);
  });

  it("gives the delay after each failed attempt, honours Retry-After as a minimum, and ends", () => {
    expect(retryDelay(1, STANDARD_SCHEDULE)).toBe(5);
    expect(retryDelay(2, STANDARD_SCHEDULE)).toBe(300);
    expect(retryDelay(7, STANDARD_SCHEDULE)).toBe(43200);
    expect(retryDelay(8, STANDARD_SCHEDULE)).toBeNull();
    expect(retryDelay(1, STANDARD_SCHEDULE, 120)).toBe(120);
    expect(retryDelay(2, STANDARD_SCHEDULE, 10)).toBe(300);
    expect(retryDelay(1, STANDARD_SCHEDULE, 10 ** 6)).toBe(43200);
    expect(parseRetryAfter("30", 0)).toBe(30);
    expect(parseRetryAfter(new Date(60_000).toUTCString(), 0)).toBe(60);
    expect(parseRetryAfter("soon", 0)).toBeUndefined();
    expect(parseRetryAfter(null, 0)).toBeUndefined();
  });
});
