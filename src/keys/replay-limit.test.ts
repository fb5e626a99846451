import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, slug, tenant } from "../../test/helpers";
import { emailTemplates } from "../domains/email-templates";
import { REPLAY_MAX_BYTES } from "./replay-limit";

describe("a response too large to keep for its Idempotency-Key", () => {
  it("is answered in full, and a retry with the key gets 409 naming the bound, running nothing again", async () => {
    const t = await tenant({ capabilities: ["campaigns"] });
    // Every quote is two bytes in JSON: a template of two 200,000-character bodies is an 800 KB
    // request (under the 1 MiB cap) whose answer echoes both, over the 512 KiB kept for a replay.
    const quotes = '"'.repeat(200_000);
    const body = { name: "Quoted", subject: "Quotes", body: quotes, text_body: quotes };
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    const first = await call("/api/v1/email-templates", { key: t.key, body, headers });
    expect(first.status).toBe(201);
    expect(first.json.body).toBe(quotes);
    expect(first.json.text_body).toBe(quotes);

    const retry = await call("/api/v1/email-templates", { key: t.key, body, headers });
    expect(retry.status).toBe(409);
    expect(slug(retry.json)).toBe("conflict");
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(retry.json).toMatchObject({ original_status: 201, replay_max_bytes: REPLAY_MAX_BYTES });
    expect(retry.json.response_bytes).toBeGreaterThan(REPLAY_MAX_BYTES);
    expect(retry.json.detail).toContain(`larger than the ${REPLAY_MAX_BYTES} bytes kept for a replay`);
    const [row] = await db.select({ n: count() }).from(emailTemplates).where(eq(emailTemplates.companyId, t.companyId));
    expect(row!.n).toBe(1);

    // The key is settled, not locked: the same answer again, at once.
    expect((await call("/api/v1/email-templates", { key: t.key, body, headers })).status).toBe(409);
    // A response under the bound is kept and replayed as it was.
    const small = { name: "Small", subject: "Hi", body: "<p>Hi</p>" };
    const smallHeaders = { "Idempotency-Key": crypto.randomUUID() };
    const created = await call("/api/v1/email-templates", { key: t.key, body: small, headers: smallHeaders });
    const replayed = await call("/api/v1/email-templates", { key: t.key, body: small, headers: smallHeaders });
    expect(replayed.status).toBe(201);
    expect(replayed.json).toEqual(created.json);
  });
});
