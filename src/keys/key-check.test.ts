import { createExecutionContext, env, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { call, db, operator, slug, tenant } from "../../test/helpers";
import { createApp } from "../app";
import { sha256Hex } from "./auth";
import { apiKeys, nowIso } from "../data/schema";
import { guardOf } from "./key-changes";
import { AUTH_FAILURE_BINDING_LIMIT } from "./auth-failures";
import { parseConfig } from "../config";

const app = createApp();
const hexOf = (bytes: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, "0")).join("");
/** A key of the checked form (lineage, random, check) whose check is not the one the secret gives. */
const forgedKey = () => `svc_test_${hexOf(32 + 8)}`;
const lineageOf = (key: string) => `key_${key.slice("svc_test_".length, "svc_test_".length + 32)}`;
/** A client address of its own per test (IPv6 documentation range), so that tests do not share a limit. */
const clientAddress = () => `2001:db8:${hexOf(2)}:${hexOf(2)}::1`;

/** What the key's object holds: its tables, and whether it ever read a key record (it was called). */
async function guardState(lineageId: string) {
  return runInDurableObject(guardOf(env, lineageId), async (instance, state) => ({
    tables: state.storage.sql
      .exec<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\'",
      )
      .toArray(),
    called: (instance as unknown as { record?: unknown }).record !== undefined,
  }));
}

/**
 * A 1 MiB request body that counts the chunks the runtime pulled from it. No chunk is queued ahead
 * (highWaterMark 0), so a chunk is produced only when something reads the body.
 */
function watchedBody() {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  const seen = { chunks: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (seen.chunks++ < 16) controller.enqueue(chunk);
        else controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, seen };
}

async function postWatched(headers: Record<string, string>) {
  const body = watchedBody();
  const request = new Request("http://api.test/api/v1/budgets", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Content-Length": String(1024 * 1024), ...headers },
    body: body.stream,
  });
  const ctx = createExecutionContext();
  const response = await app.fetch(request, env, ctx);
  await waitOnExecutionContext(ctx);
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json: text ? JSON.parse(text) : undefined,
    pulled: body.seen.chunks,
  };
}

/** A key of the legacy form (no check), stored as keys were before the check: what an existing integration holds. */
async function legacyKey(companyId: string) {
  const id = `key_${hexOf(16)}`;
  const value = `svc_test_${id.slice(4)}${hexOf(32)}`;
  await db.insert(apiKeys).values({
    id,
    companyId,
    lineageId: id,
    name: "key from before the check",
    scopes: ["budgets:read", "api-keys:write"],
    environment: "test",
    keyHash: await sha256Hex(value),
    keyPrefix: value.slice(0, 14),
    createdAt: nowIso(),
  });
  return { id, value };
}

describe("a key's check, verified by the Worker alone", () => {
  it("mints keys of the checked form: 112 hex characters after svc_test_", async () => {
    const t = await tenant();
    expect(t.key).toMatch(/^svc_test_[0-9a-f]{112}$/);
    expect((await call("/api/v1/budgets?limit=1", { key: t.key })).status).toBe(200);
  });

  it("refuses a forged key (right form, wrong check) with 401 invalid_token, calling no Durable Object: its object has no storage and never ran", async () => {
    const forged = forgedKey();
    for (let i = 0; i < 3; i++) {
      const response = await call("/api/v1/budgets", { key: forged });
      expect(response.status).toBe(401);
      expect(slug(response.json)).toBe("unauthorized");
      expect(response.headers.get("WWW-Authenticate")).toBe('Bearer realm="api", error="invalid_token"');
    }
    expect(await guardState(lineageOf(forged))).toEqual({ tables: [], called: false });
  });

  it("refuses a real key's lineage with a wrong check without calling its object either", async () => {
    const t = await tenant();
    const lastChanged = t.key.slice(0, -1) + (t.key.endsWith("0") ? "1" : "0");
    const before = await guardState(lineageOf(t.key));
    expect(before.called).toBe(false);
    expect((await call("/api/v1/budgets", { key: lastChanged })).status).toBe(401);
    expect(await guardState(lineageOf(t.key))).toEqual(before);
  });

  it("answers 401 to a 1 MiB body without reading it, when the key's form decides: forged, missing or malformed", async () => {
    const refusedByForm: Record<string, string>[] = [
      { Authorization: `Bearer ${forgedKey()}` },
      {},
      { Authorization: "Bearer svc_test_nothex" },
      { Authorization: `Basic ${forgedKey()}` },
    ];
    for (const headers of refusedByForm) {
      const response = await postWatched(headers);
      expect(response.status, JSON.stringify(headers)).toBe(401);
      expect(response.pulled, JSON.stringify(headers)).toBe(0);
    }
    // The proof reads what it claims: a valid key's request has its body read (then refused as JSON).
    const t = await tenant();
    const valid = await postWatched({ Authorization: `Bearer ${t.key}`, "Idempotency-Key": crypto.randomUUID() });
    expect(valid.pulled).toBeGreaterThanOrEqual(16);
    expect(valid.status).toBe(400);
  });
});

describe("rotating the check's secret", () => {
  it("keeps keys minted under the previous secret working while API_KEY_CHECK_SECRET_PREVIOUS names it, and refuses them once it is unset", async () => {
    const { key } = await tenant();
    const rotated = { API_KEY_CHECK_SECRET: `new-${env.API_KEY_CHECK_SECRET}` };
    expect(
      (
        await call("/api/v1/budgets?limit=1", {
          key,
          vars: { ...rotated, API_KEY_CHECK_SECRET_PREVIOUS: env.API_KEY_CHECK_SECRET },
        })
      ).status,
    ).toBe(200);
    const refused = await call("/api/v1/budgets?limit=1", { key, vars: rotated });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("WWW-Authenticate")).toContain("invalid_token");
    // A forged key is refused under both secrets.
    expect(
      (
        await call("/api/v1/budgets?limit=1", {
          key: forgedKey(),
          vars: { ...rotated, API_KEY_CHECK_SECRET_PREVIOUS: env.API_KEY_CHECK_SECRET },
        })
      ).status,
    ).toBe(401);
  });
});

describe("a key its object admitted lately (warm in this isolate) is not checked again", () => {
  /** The HMACs computed while `run` runs: a key's check is the only HMAC a budget read computes. */
  async function hmacsDuring(run: () => Promise<void>): Promise<number> {
    const sign = vi.spyOn(crypto.subtle, "sign");
    try {
      await run();
      return sign.mock.calls.filter(
        ([algorithm]) => (typeof algorithm === "string" ? algorithm : algorithm.name) === "HMAC",
      ).length;
    } finally {
      sign.mockRestore();
    }
  }
  const read = (key: string, vars = {}) => call("/api/v1/budgets?limit=1", { key, vars });

  it("its next request computes no check; a forged key naming its lineage is still checked and refused", async () => {
    const t = await tenant();
    expect((await read(t.key)).status).toBe(200);
    expect(await hmacsDuring(async () => expect((await read(t.key)).status).toBe(200))).toBe(0);
    const forged = `${t.key.slice(0, "svc_test_".length + 32)}${hexOf(32 + 8)}`;
    expect(lineageOf(forged)).toBe(t.keyId);
    expect(await hmacsDuring(async () => expect((await read(forged)).status).toBe(401))).toBe(1);
  });

  it("under other check secrets it is checked again: a rotation, and the end of one", async () => {
    const t = await tenant();
    expect((await read(t.key)).status).toBe(200);
    const rotated = { API_KEY_CHECK_SECRET: `new-${env.API_KEY_CHECK_SECRET}` };
    const during = { ...rotated, API_KEY_CHECK_SECRET_PREVIOUS: env.API_KEY_CHECK_SECRET };
    // Under the rotation it passes by the previous secret: two checks (the new one fails first).
    expect(await hmacsDuring(async () => expect((await read(t.key, during)).status).toBe(200))).toBe(2);
    expect(await hmacsDuring(async () => expect((await read(t.key, during)).status).toBe(200))).toBe(0);
    // The previous secret unset: the warm key is checked again and refused like a forged one.
    expect(await hmacsDuring(async () => expect((await read(t.key, rotated)).status).toBe(401))).toBe(1);
  });
});

describe("keys minted before the check (legacy form)", () => {
  it("a legacy-form key of a lineage that does not exist is 401 by one read of api_keys: its object is never called, nor its 1 MiB body read", async () => {
    const random = `svc_test_${hexOf(48)}`;
    const response = await postWatched({ Authorization: `Bearer ${random}` });
    expect(response.status).toBe(401);
    expect(response.pulled).toBe(0);
    expect(await guardState(lineageOf(random))).toEqual({ tables: [], called: false });
  });

  it("still authenticate through their object, are counted for the operator, refused under LEGACY_UNCHECKED_KEYS=refuse, and rotate into a checked key", async () => {
    const t = await tenant();
    const legacy = await legacyKey(t.companyId);
    expect(legacy.value).toMatch(/^svc_test_[0-9a-f]{96}$/);
    // Cold, its lineage is read before its object is called (2 D1 reads); admitted lately, it is not (1).
    const d1Calls = async () =>
      Number(
        /d1;desc="(\d+)"/.exec(
          (await call("/api/v1/budgets?limit=1", { key: legacy.value, vars: { SERVER_TIMING: "true" } })).headers.get(
            "Server-Timing",
          ) ?? "",
        )?.[1],
      );
    expect(await d1Calls()).toBe(2);
    expect(await d1Calls()).toBe(1);
    const refused = await call("/api/v1/budgets?limit=1", {
      key: legacy.value,
      vars: { LEGACY_UNCHECKED_KEYS: "refuse" },
    });
    expect(refused.status).toBe(401);
    expect(refused.json.detail).toMatch(/old form/);

    const counted = await operator("/keys/legacy");
    expect(counted.status).toBe(200);
    expect(counted.json.policy).toBe("accept");
    expect(counted.json.companies).toContainEqual({ company_id: t.companyId, active_legacy_keys: 1 });
    expect(counted.json.total).toBeGreaterThanOrEqual(1);

    const rotated = await call(`/api/v1/api-keys/${legacy.id}/rotate`, { method: "POST", key: legacy.value });
    expect(rotated.status).toBe(201);
    expect(rotated.json.api_key).toMatch(/^svc_test_[0-9a-f]{112}$/);
    // The same lineage, now checked: it works, the old key does not, and the company left the count.
    expect(lineageOf(rotated.json.api_key)).toBe(legacy.id);
    expect((await call("/api/v1/budgets?limit=1", { key: rotated.json.api_key })).status).toBe(200);
    expect((await call("/api/v1/budgets?limit=1", { key: legacy.value })).status).toBe(401);
    const after = await operator("/keys/legacy");
    expect(after.json.companies.map((row: { company_id: string }) => row.company_id)).not.toContain(t.companyId);
  });
});

describe("repeated failures, limited per client by the platform's rate limiting binding", () => {
  it("answers 429 with Retry-After once a client is over the limit; a checked key still works from it, a legacy key does not reach its object", async () => {
    const client = clientAddress();
    const forged = forgedKey();
    let failures = 0;
    let limited: Awaited<ReturnType<typeof call>> | undefined;
    // 30 per 60 s (wrangler.toml), in windows aligned to the minute: a run across a minute's turn may need up to 60.
    while (!limited && failures <= 61) {
      const response = await call("/api/v1/budgets", { key: forged, headers: { "CF-Connecting-IP": client } });
      if (response.status === 429) limited = response;
      else {
        expect(response.status).toBe(401);
        failures++;
      }
    }
    expect(limited, `no 429 after ${failures} failures`).toBeDefined();
    expect(failures).toBeGreaterThanOrEqual(30);
    expect(failures).toBeLessThanOrEqual(60);
    expect(slug(limited!.json)).toBe("rate_limited");
    const retryAfter = Number(limited!.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The same /64 is the same client; a missing key from it is 429 as well.
    expect(
      (await call("/api/v1/budgets", { headers: { "CF-Connecting-IP": client.replace(/::1$/, "::abcd") } })).status,
    ).toBe(429);

    // A key whose check holds was minted here: it is not held back by its address.
    const t = await tenant();
    expect(
      (await call("/api/v1/budgets?limit=1", { key: t.key, headers: { "CF-Connecting-IP": client } })).status,
    ).toBe(200);
    // A legacy key would need its object to be decided: from this client it is 429, and the object is not called.
    const legacy = await legacyKey(t.companyId);
    expect(
      (await call("/api/v1/budgets?limit=1", { key: legacy.value, headers: { "CF-Connecting-IP": client } })).status,
    ).toBe(429);
    expect((await guardState(legacy.id)).called).toBe(false);
    // Another client is not limited.
    expect(
      (await call("/api/v1/budgets", { key: forged, headers: { "CF-Connecting-IP": clientAddress() } })).status,
    ).toBe(401);
  });
});

describe("the failed-authentication limit, raised by AUTH_FAILURE_LIMIT", () => {
  it("admits as many failures as the variable says before 429, where the default admits the binding's 30", async () => {
    const client = clientAddress();
    const forged = forgedKey();
    const vars = { AUTH_FAILURE_LIMIT: "90" };
    let failures = 0;
    let limited: Awaited<ReturnType<typeof call>> | undefined;
    // 90 per 60 s, in windows aligned to the minute: a run across a minute's turn may need up to 180.
    while (!limited && failures <= 181) {
      const response = await call("/api/v1/budgets", { key: forged, headers: { "CF-Connecting-IP": client }, vars });
      if (response.status === 429) limited = response;
      else {
        expect(response.status).toBe(401);
        failures++;
      }
    }
    expect(limited, `no 429 after ${failures} failures`).toBeDefined();
    expect(failures).toBeGreaterThanOrEqual(90);
    expect(failures).toBeLessThanOrEqual(180);
    expect(slug(limited!.json)).toBe("rate_limited");
    // Another client starts afresh.
    expect(
      (await call("/api/v1/budgets", { key: forged, headers: { "CF-Connecting-IP": clientAddress() }, vars })).status,
    ).toBe(401);
  });

  it("takes a multiple of the binding's limit, and nothing else", () => {
    const base = { ...env, AUTH_FAILURE_LIMIT: undefined };
    expect(parseConfig(base).authFailureLimit).toBe(AUTH_FAILURE_BINDING_LIMIT);
    expect(parseConfig({ ...base, AUTH_FAILURE_LIMIT: "600" }).authFailureLimit).toBe(600);
    for (const refused of ["45", "0", "-30", "3030", "many"])
      expect(() => parseConfig({ ...base, AUTH_FAILURE_LIMIT: refused }), refused).toThrow(/AUTH_FAILURE_LIMIT/);
  });
});
