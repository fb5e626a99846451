import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakes, wranglerArguments, type Fakes } from "../../scripts/fakes";
import { removeState, startDev, type DevServer } from "./harness";

// The fake providers as npm run dev runs them: real servers the Worker under wrangler dev is
// pointed at, their credentials passed as (masked) secrets, their origins in <persist-to>/fakes.json.
describe("npm run dev with the fake providers", () => {
  let server: DevServer;
  beforeAll(async () => {
    server = await startDev({ vars: { TWILIO_BASE_URL: "https://api.twilio.com" } });
  });
  afterAll(async () => {
    await server?.stop();
    if (server) removeState(server);
  });

  it("starts a fake per provider, except one the developer pointed elsewhere, and the Worker accepts their settings", async () => {
    expect(Object.keys(server.fakes.providers).sort()).toEqual([
      "doh",
      "jmap",
      "paperless",
      "postmark",
      "receiver",
      "stripe",
      "whatsapp",
    ]);
    for (const origin of Object.values(server.fakes.providers)) {
      const response = await fetch(`${origin}/__fake/requests`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ requests: [] });
    }
    expect(server.fakes.vars).toMatchObject({
      WHATSAPP_BASE_URL: `${server.fakes.providers.whatsapp}/v21.0`,
      DOH_BASE_URL: server.fakes.providers.doh,
    });
    expect(server.fakes.vars.TWILIO_BASE_URL).toBeUndefined();
    expect(server.fakes.secrets.TWILIO_AUTH_TOKEN).toBeUndefined();
    // The configuration parsed (an invalid variable would stop the Worker): requests are served.
    const budgets = await server
      .client(server.demo.api_key)
      .GET("/api/v1/budgets", { params: { query: { limit: 1 } } });
    expect(budgets.response.status).toBe(200);
  });

  it("never prints the fake credentials (secrets, masked by wrangler), and keeps them in files only the user reads", () => {
    const output = server.output();
    expect(output).toContain("fakes.json");
    for (const secret of Object.values(server.fakes.secrets)) expect(output).not.toContain(secret);
    for (const file of ["fakes.json", "fakes.env"]) expect(statSync(join(server.persistTo, file)).mode & 0o077).toBe(0);
    const env = readFileSync(join(server.persistTo, "fakes.env"), "utf8");
    expect(env).toContain(`STRIPE_SECRET_KEY=${server.fakes.secrets.STRIPE_SECRET_KEY}`);
  });
});

describe("the fakes module", () => {
  let fakes: Fakes;
  beforeAll(async () => {
    fakes = await startFakes();
  });
  afterAll(() => fakes?.close());

  // How long they take is not asserted: a timed test fails on a busy machine, not on slow code.
  it("starts every fake", () => {
    expect(Object.keys(fakes.origins)).toHaveLength(8);
  });

  it("checks credentials and answers in the provider's format", async () => {
    const { origins, secrets } = fakes;
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const twilio = (auth: string) =>
      fetch(`${origins.twilio}/2010-04-01/Accounts/${secrets.TWILIO_ACCOUNT_SID}/Messages.json`, {
        method: "POST",
        headers: { Authorization: `Basic ${btoa(auth)}`, "Content-Type": "application/x-www-form-urlencoded" },
        body: form({ To: "+34600000001", From: "+15005550006", Body: "hi" }),
      });
    const refused = await twilio(`${secrets.TWILIO_ACCOUNT_SID}:wrong`);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 20003, message: "Authenticate", status: 401 });
    const sent = await twilio(`${secrets.TWILIO_ACCOUNT_SID}:${secrets.TWILIO_AUTH_TOKEN}`);
    expect(sent.status).toBe(201);
    expect(await sent.json()).toMatchObject({
      sid: expect.stringMatching(/^SM/),
      status: "queued",
      to: "+34600000001",
    });

    const stripe = (key: string) =>
      fetch(`${origins.stripe}/v1/payment_intents`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${secrets.STRIPE_SECRET_KEY}`,
          "Content-Type": "application/x-www-form-urlencoded",
          "Idempotency-Key": key,
        },
        body: form({ amount: "500", currency: "eur" }),
      });
    const first = (await (await stripe("k1")).json()) as { id: string; status: string };
    expect(first.status).toBe("requires_payment_method");
    const replay = await stripe("k1");
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(((await replay.json()) as { id: string }).id).toBe(first.id);
  });

  it("npm run dev leaves a provider alone when any of its variables is given", () => {
    const persistTo = mkdtempSync(join(tmpdir(), "fakes-args-"));
    try {
      const { args, providers } = wranglerArguments(fakes, {
        persistTo,
        userVars: ["STRIPE_SECRET_KEY:sk_test_mine", "PUBLIC_BASE_URL:http://x"],
        devVarsFile: "/repo/.dev.vars",
      });
      expect(Object.keys(providers).sort()).toEqual([
        "doh",
        "jmap",
        "paperless",
        "postmark",
        "receiver",
        "twilio",
        "whatsapp",
      ]);
      expect(args.join(" ")).not.toContain("STRIPE_BASE_URL");
      expect(args).toContain(`WHATSAPP_BASE_URL:${fakes.origins.whatsapp}/v21.0`);
      // Credentials never travel as --var (wrangler prints vars); .dev.vars first, the fakes' file last.
      for (const secret of Object.values(fakes.secrets)) expect(args.join(" ")).not.toContain(secret);
      expect(args.slice(-4)).toEqual(["--env-file", "/repo/.dev.vars", "--env-file", join(persistTo, "fakes.env")]);
      const env = readFileSync(join(persistTo, "fakes.env"), "utf8");
      expect(env).toContain(`WHATSAPP_ACCESS_TOKEN=${fakes.secrets.WHATSAPP_ACCESS_TOKEN}`);
      expect(env).not.toContain("STRIPE_SECRET_KEY");
    } finally {
      rmSync(persistTo, { recursive: true, force: true });
    }
  });
});
