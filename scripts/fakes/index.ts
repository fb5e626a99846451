/**
 * Fake providers for local development and tests: one real HTTP server per outside service on
 * 127.0.0.1 (free ports, or an earlier start's), each speaking its provider's wire format and checking the credentials
 * it expects, so the Worker's code path locally is the production one (src/integrations).
 *
 * Used by `npm run dev` (scripts/dev.ts, in process), by the e2e harness through it, and by the
 * Workers-runtime tests (test/fakes.setup.ts: a set for each test runtime). See server.ts for the
 * /__fake/ inspection and scripting endpoints every fake answers.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { dohFake } from "./doh.js";
import { DEMO_JMAP_ACCOUNT, jmapFake } from "./jmap.js";
import { paperlessFake } from "./paperless.js";
import { postmarkFake } from "./postmark.js";
import { receiverFake } from "./receiver.js";
import { startFake, type FakeProvider, type RunningFake } from "./server.js";
import { stripeFake } from "./stripe.js";
import { twilioFake } from "./twilio.js";
import { appCredential, whatsappFake } from "./whatsapp.js";
import { DEMO_WHATSAPP_ACCESS_TOKEN } from "../../src/domains/conversations/demo.js";

export type FakeName = "whatsapp" | "postmark" | "twilio" | "stripe" | "paperless" | "doh" | "jmap" | "receiver";

export interface Fakes {
  /** Each fake's origin (http://127.0.0.1:port), where /__fake/ answers too. */
  origins: Record<FakeName, string>;
  /** Worker variables that point every provider at its fake (base URLs, sender ids). */
  vars: Record<string, string>;
  /** Worker secrets: the credentials the fakes expect (random, or an earlier start's; local only). */
  secrets: Record<string, string>;
  close(): Promise<void>;
}

/** Which Worker variables belong to which provider (a --var for one of them leaves that provider alone). */
const providerVariables: Record<FakeName, readonly string[]> = {
  whatsapp: [
    "WHATSAPP_BASE_URL",
    "WHATSAPP_ACCESS_TOKEN",
    "WHATSAPP_PHONE_NUMBER_ID",
    "WHATSAPP_BUSINESS_ACCOUNT_ID",
    "WHATSAPP_APP_SECRET",
    "WHATSAPP_VERIFY_TOKEN",
    "WHATSAPP_APP_ID",
  ],
  postmark: [
    "POSTMARK_BASE_URL",
    "POSTMARK_SERVER_TOKEN",
    "POSTMARK_ACCOUNT_TOKEN",
    "EMAIL_FROM",
    "POSTMARK_WEBHOOK_USER",
    "POSTMARK_WEBHOOK_PASSWORD",
  ],
  twilio: [
    "TWILIO_BASE_URL",
    "TWILIO_LOOKUP_BASE_URL",
    "TWILIO_TRUNKING_BASE_URL",
    "TWILIO_ACCOUNT_SID",
    "TWILIO_AUTH_TOKEN",
    "TWILIO_FROM_NUMBER",
    "VOICE_STREAM_URL",
  ],
  stripe: ["STRIPE_BASE_URL", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"],
  paperless: ["PAPERLESS_BASE_URL", "PAPERLESS_TOKEN"],
  doh: ["DOH_BASE_URL"],
  jmap: ["JMAP_BASE_URL", "JMAP_TOKEN"],
  // A customer's webhook receiver (a subscription's URL): no Worker variable points at it.
  receiver: [],
};

const WHATSAPP_BUSINESS_ACCOUNT_ID = "102290129340398";
const WHATSAPP_APP_ID = "1234567890123456";

const hex = (bytes: number) => randomBytes(bytes).toString("hex");

/** What an earlier start of the fakes recorded (fakes.json): their origins and credentials. */
export interface EarlierFakes {
  providers?: Partial<Record<FakeName, string>>;
  secrets?: Record<string, string>;
}

/**
 * `callbackBaseUrl`: where the API serves provider callbacks (npm run dev's address); the fake
 * Postmark server's webhook and the Meta app's webhook point there. Twilio's callbacks go to the StatusCallback each request names.
 * `earlier`: an earlier start's record on the same state; each fake listens on its port again where
 * that port is free, with the same credentials, so what companies stored of them (an archive's URL
 * and token, a mailbox's server, a webhook's receiver) still reaches them after a restart.
 */
export async function startFakes(options: { callbackBaseUrl?: string; earlier?: EarlierFakes } = {}): Promise<Fakes> {
  const fresh = {
    WHATSAPP_ACCESS_TOKEN: `EAAfake${hex(24)}`,
    POSTMARK_SERVER_TOKEN: crypto.randomUUID(),
    POSTMARK_ACCOUNT_TOKEN: crypto.randomUUID(),
    TWILIO_ACCOUNT_SID: `AC${hex(16)}`,
    TWILIO_AUTH_TOKEN: hex(16),
    STRIPE_SECRET_KEY: `sk_test_fake${hex(16)}`,
    PAPERLESS_TOKEN: hex(20),
    JMAP_TOKEN: `fmu1-${hex(24)}`,
    // What the providers sign their callbacks with (src/core/callbacks).
    WHATSAPP_APP_SECRET: hex(16),
    WHATSAPP_VERIFY_TOKEN: hex(12),
    POSTMARK_WEBHOOK_USER: `postmark-${hex(4)}`,
    POSTMARK_WEBHOOK_PASSWORD: hex(16),
    STRIPE_WEBHOOK_SECRET: `whsec_${hex(24)}`,
  };
  const earlierSecrets = options.earlier?.secrets ?? {};
  const secrets = Object.fromEntries(
    Object.entries(fresh).map(([name, value]) => [name, earlierSecrets[name] ?? value]),
  ) as typeof fresh;
  const postmarkWebhook = options.callbackBaseUrl
    ? {
        url: `${options.callbackBaseUrl}/providers/postmark/email-events`,
        inboundUrl: `${options.callbackBaseUrl}/providers/postmark/inbound`,
        user: secrets.POSTMARK_WEBHOOK_USER,
        password: secrets.POSTMARK_WEBHOOK_PASSWORD,
      }
    : undefined;
  // One webhook per Meta app, subscribed to the `messages` field.
  const whatsappWebhook = options.callbackBaseUrl
    ? {
        url: `${options.callbackBaseUrl}/providers/whatsapp/messages`,
        appSecret: secrets.WHATSAPP_APP_SECRET,
        businessAccountId: WHATSAPP_BUSINESS_ACCOUNT_ID,
      }
    : undefined;
  const stripeWebhook = options.callbackBaseUrl
    ? { url: `${options.callbackBaseUrl}/providers/stripe/events`, secret: secrets.STRIPE_WEBHOOK_SECRET }
    : undefined;
  const providers: Record<FakeName, [FakeProvider, string[]]> = {
    // The demo company's seeded number presents its own (sealed) token, a fixed demo value.
    // The Meta app's id and secret are the credential of a token exchange (GET /oauth/access_token).
    whatsapp: [
      whatsappFake(whatsappWebhook),
      [
        secrets.WHATSAPP_ACCESS_TOKEN,
        DEMO_WHATSAPP_ACCESS_TOKEN,
        appCredential(WHATSAPP_APP_ID, secrets.WHATSAPP_APP_SECRET),
      ],
    ],
    postmark: [postmarkFake(postmarkWebhook), [secrets.POSTMARK_SERVER_TOKEN, secrets.POSTMARK_ACCOUNT_TOKEN]],
    twilio: [twilioFake(secrets.TWILIO_AUTH_TOKEN), [`${secrets.TWILIO_ACCOUNT_SID}:${secrets.TWILIO_AUTH_TOKEN}`]],
    stripe: [stripeFake(stripeWebhook), [secrets.STRIPE_SECRET_KEY]],
    paperless: [paperlessFake(), [secrets.PAPERLESS_TOKEN]],
    doh: [dohFake(), []],
    jmap: [jmapFake(), [secrets.JMAP_TOKEN, DEMO_JMAP_ACCOUNT.token]],
    receiver: [receiverFake(), []],
  };
  const earlierPort = (name: string) => {
    const origin = options.earlier?.providers?.[name as FakeName];
    return origin ? Number(new URL(origin).port) || 0 : 0;
  };
  const running = await Promise.all(
    Object.values(providers).map(([provider, credentials]) =>
      startFake(provider, credentials, earlierPort(provider.name)),
    ),
  );
  const origins = Object.fromEntries(running.map((fake) => [fake.name, fake.origin])) as Record<FakeName, string>;
  const vars = {
    WHATSAPP_BASE_URL: `${origins.whatsapp}/v21.0`,
    WHATSAPP_PHONE_NUMBER_ID: "106540352242922",
    WHATSAPP_BUSINESS_ACCOUNT_ID,
    WHATSAPP_APP_ID,
    POSTMARK_BASE_URL: origins.postmark,
    EMAIL_FROM: "Demo <notifications@example.com>",
    TWILIO_BASE_URL: origins.twilio,
    TWILIO_LOOKUP_BASE_URL: origins.twilio,
    TWILIO_TRUNKING_BASE_URL: origins.twilio,
    TWILIO_FROM_NUMBER: "+15005550006",
    // The fake telephony provider accepts the stream address (it never connects to it).
    VOICE_STREAM_URL: `${origins.twilio.replace(/^http:/, "wss:")}/agents/{agent_id}/calls/{call_id}`,
    STRIPE_BASE_URL: origins.stripe,
    PAPERLESS_BASE_URL: origins.paperless,
    DOH_BASE_URL: origins.doh,
    JMAP_BASE_URL: origins.jmap,
  };
  return {
    origins,
    vars,
    secrets,
    close: async () => void (await Promise.all(running.map((fake: RunningFake) => fake.close()))),
  };
}

/** Where npm run dev records its fakes' origins and credentials (local only), for the e2e tests and the admin CLI's seed. */
export const fakesFile = (persistTo: string) => join(persistTo, "fakes.json");

/**
 * What `npm run dev` passes to `wrangler dev` for the fakes: `--var` for base URLs and ids, and an
 * env file (`<persistTo>/fakes.env`, after .dev.vars) for the credentials, so wrangler shows them
 * masked like any secret. A provider the developer pointed elsewhere (`--var NAME:value` for any of
 * its variables) is left alone: its settings then come from those --var and .dev.vars. Also writes
 * `<persistTo>/fakes.json` (origins and credentials, local only) for the e2e tests to inspect.
 */
export function wranglerArguments(
  fakes: Fakes,
  options: { persistTo: string; userVars: readonly string[]; devVarsFile: string },
): { args: string[]; providers: Partial<Record<FakeName, string>> } {
  const given = new Set(options.userVars.map((pair) => pair.split(":", 1)[0]));
  const faked = (Object.keys(providerVariables) as FakeName[]).filter(
    (name) => !providerVariables[name].some((variable) => given.has(variable)),
  );
  const pick = (from: Record<string, string>) =>
    Object.entries(from).filter(([name]) => faked.some((provider) => providerVariables[provider].includes(name)));
  const envFile = join(options.persistTo, "fakes.env");
  writeFileSync(
    envFile,
    `# Credentials of the local fake providers (scripts/fakes), written by npm run dev.\n${pick(fakes.secrets)
      .map(([name, value]) => `${name}=${value}`)
      .join("\n")}\n`,
    { mode: 0o600 },
  );
  chmodSync(envFile, 0o600);
  const providers = Object.fromEntries(faked.map((name) => [name, fakes.origins[name]]));
  writeFileSync(
    fakesFile(options.persistTo),
    JSON.stringify(
      { providers, vars: Object.fromEntries(pick(fakes.vars)), secrets: Object.fromEntries(pick(fakes.secrets)) },
      null,
      2,
    ),
    { mode: 0o600 },
  );
  const args = [
    ...pick(fakes.vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    "--env-file",
    options.devVarsFile,
    "--env-file",
    envFile,
  ];
  return { args, providers };
}
