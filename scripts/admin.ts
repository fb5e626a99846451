/**
 * The admin CLI (stands in for the web panel): a client of the operator API (/admin/v1). Every
 * command prints one JSON object on stdout; `npm run admin -- --help` lists the commands (the table
 * below) and `<command> --help` shows one. Bad input (an unknown command or flag, a missing or
 * invalid flag, an id the operator API does not know) prints the reason and the usage on stderr and
 * exits 2; any other failure exits 1.
 *
 * Where the operator API is (scripts/lib/worker.ts): with --remote, the deployed Worker; else the
 * `npm run dev` serving the state folder; else a Worker started over the state for this command.
 * So one process only ever writes the local database. Benchmark data and migrations are written to
 * the state alone (and refuse while a server runs, except migrate).
 */
import "./lib/node-version";
import { readFileSync, realpathSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { InputError } from "../src/lib/input-error";
import { plans } from "../src/lib/plans";
import { knownScopes } from "../src/keys/scopes";
import {
  badInputReport,
  commandHelp,
  commandsNamed,
  exitCodes,
  parsedCommandLine,
  toolHelp,
  type Command,
  type Tool,
} from "./lib/cli";
import { applyMigrationsToEveryStore, DEFAULT_PERSIST, openState } from "./lib/state";
import { operatorCall, remoteWorker, runningServer, type OperatorRequest, type WorkerAddress } from "./lib/worker";

const options = {
  help: { type: "boolean", short: "h", default: false },
  "persist-to": { type: "string" },
  remote: { type: "boolean", default: false },
  url: { type: "string" },
  name: { type: "string" },
  plan: { type: "string" },
  parent: { type: "string" },
  capabilities: { type: "string" },
  // A switch on create (--spend-enabled), a value on update (--spend-enabled true|false): see `switches`.
  "spend-enabled": { type: "boolean" },
  currency: { type: "string" },
  country: { type: "string" },
  "vat-rate": { type: "string" },
  company: { type: "string" },
  scopes: { type: "string" },
  env: { type: "string", default: "test" },
  key: { type: "string" },
  count: { type: "string" },
  template: { type: "string" },
  agent: { type: "string" },
  title: { type: "string" },
  body: { type: "string" },
  category: { type: "string" },
  audience: { type: "string" },
  id: { type: "string" },
  kind: { type: "string" },
  threshold: { type: "string" },
  period: { type: "string" },
  "time-zone": { type: "string" },
  "retention-days": { type: "string" },
  days: { type: "string" },
  mailboxes: { type: "string" },
  mailbox: { type: "string" },
  "setup-price": { type: "string" },
  phone: { type: "string" },
  "phone-number-id": { type: "string" },
  "business-account-id": { type: "string" },
  connection: { type: "string" },
  "payment-method": { type: "string" },
  customer: { type: "string" },
  brand: { type: "string" },
  last4: { type: "string" },
  trunk: { type: "string" },
  number: { type: "string" },
  store: { type: "string" },
  "number-type": { type: "string" },
  call: { type: "string" },
  result: { type: "string" },
  duration: { type: "string" },
  email: { type: "string" },
  identity: { type: "string" },
  "per-minute": { type: "string" },
  amount: { type: "string" },
  address: { type: "string" },
  username: { type: "string" },
  "session-url": { type: "string" },
  server: { type: "string" },
  file: { type: "string" },
  label: { type: "string" },
  role: { type: "string" },
  "expires-in-days": { type: "string" },
  invite: { type: "string" },
  "token-expires-at": { type: "string" },
  color: { type: "string" },
  type: { type: "string" },
  kb: { type: "string" },
  description: { type: "string" },
  collections: { type: "string" },
  collection: { type: "string" },
  source: { type: "string" },
  extension: { type: "string" },
  member: { type: "string" },
  profile: { type: "string" },
  status: { type: "string" },
  "sip-domain": { type: "string" },
  "sip-username": { type: "string" },
  transport: { type: "string" },
  codecs: { type: "string" },
  dtmf: { type: "string" },
  srtp: { type: "string" },
  recording: { type: "string" },
  "max-calls": { type: "string" },
  "trunk-host": { type: "string" },
  "trunk-username": { type: "string" },
  version: { type: "string" },
  draft: { type: "boolean" },
  reason: { type: "string" },
  "monthly-price": { type: "string" },
  permissions: { type: "string" },
  budget: { type: "string" },
  concept: { type: "string" },
} as const;

/**
 * `--spend-enabled true|false` (tenant update) as the boolean flag parseArgs knows, so that
 * `tenant create --spend-enabled` keeps its bare form.
 */
function switches(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const inline = /^--spend-enabled=(true|false)$/.exec(arg)?.[1];
    const next = args[i + 1];
    if (inline) out.push(inline === "true" ? "--spend-enabled" : "--no-spend-enabled");
    else if (arg === "--spend-enabled" && (next === "true" || next === "false")) {
      out.push(next === "true" ? "--spend-enabled" : "--no-spend-enabled");
      i++;
    } else out.push(arg);
  }
  return out;
}

const parse = (args: string[]) =>
  parseArgs({ args: switches(args), options, allowPositionals: true, allowNegative: true });
type Values = ReturnType<typeof parse>["values"];
type TextFlag = { [Name in keyof Values]-?: Values[Name] extends string | undefined ? Name : never }[keyof Values];
type RequiredFlag = (name: TextFlag) => string;

interface Flags {
  values: Values;
  /** The flag's value; without it, the command cannot run (exit 2). */
  required: RequiredFlag;
}

interface StateContext extends Flags {
  state: Awaited<ReturnType<typeof openState>>;
  /** The migrations this run applied. */
  migrations: string[];
}

/**
 * A command: either a call of the operator API (`request`), or work on the local state alone
 * (`onState`: migrations, benchmark data).
 */
interface AdminCommand extends Command {
  request?(flags: Flags): OperatorRequest;
  onState?(context: StateContext): Promise<unknown>;
  /** A command that is a sequence of other commands and public API calls through a running server. */
  onServer?(server: WorkerAddress, persistTo: string): Promise<unknown>;
}

const list = (text: string | undefined) =>
  text
    ? text
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean)
    : [];
const enc = encodeURIComponent;
const company = (required: RequiredFlag) => `/companies/${enc(required("company"))}`;

/** A number flag, refused (exit 2) when it is not one. */
const amount = (name: TextFlag, text: string): number => {
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value))
    throw new InputError("invalid_argument", `--${name} must be a number`);
  return value;
};

/** A secret the command reads from the environment (never from the command line, which shells keep in history). */
const secretFromEnvironment = (variable: string): string => {
  const value = process.env[variable];
  if (!value)
    throw new InputError(
      "missing_secret",
      `Set ${variable} in the environment: the command reads the secret from there.`,
    );
  return value;
};

/** A UTF-8 file's text; a file that cannot be read is bad input (exit 2). */
const textFile = (path: string): string => {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new InputError(
      "invalid_argument",
      `--file must name a readable file: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
};

/** A JSON file's value; a file that cannot be read or parsed is bad input (exit 2). */
const jsonFile = (name: TextFlag, path: string): unknown => {
  try {
    return JSON.parse(textFile(path));
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(
      "invalid_argument",
      `--${name} must hold JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
};

/** A yes/no flag given as true or false. */
const yesNo = (name: TextFlag, text: string): boolean => {
  if (text !== "true" && text !== "false") throw new InputError("invalid_argument", `--${name} must be true or false`);
  return text === "true";
};

const planOf = (text: string) => {
  if (!(plans as readonly string[]).includes(text))
    throw new InputError("invalid_argument", `--plan must be one of ${plans.join(", ")}`);
  return text;
};

const commands: AdminCommand[] = [
  {
    name: "tenant create",
    flags:
      "--name <name> --plan <plan> [--parent <company_id>] [--capabilities a,b] [--spend-enabled] [--currency EUR] [--country ES] [--time-zone <IANA>] [--vat-rate <n>]",
    summary: `Creates a company. Plans: ${plans.join(", ")}. Capabilities are those granted beyond the plan (sms, email, ...).`,
    request: ({ values, required }) => ({
      method: "POST",
      path: "/companies",
      body: {
        name: required("name"),
        plan: planOf(required("plan")),
        ...(values.parent ? { parent_company_id: values.parent } : {}),
        ...(values.capabilities ? { capabilities: list(values.capabilities) } : {}),
        ...(values["spend-enabled"] ? { spend_enabled: true } : {}),
        ...(values.currency ? { currency: values.currency } : {}),
        ...(values.country ? { country: values.country } : {}),
        ...(values["time-zone"] ? { time_zone: values["time-zone"] } : {}),
        ...(values["vat-rate"] ? { vat_rate: amount("vat-rate", values["vat-rate"]) } : {}),
      },
    }),
  },
  {
    name: "tenant update",
    flags:
      "--company <company_id> [--plan P] [--spend-enabled true|false] [--capabilities a,b] [--name <n>] [--currency EUR] [--country ES] [--vat-rate <n>]",
    summary: "Changes a company; in force on every key of the company from its next request.",
    request: ({ values, required }) => ({
      method: "PATCH",
      path: company(required),
      body: {
        ...(values.plan ? { plan: planOf(values.plan) } : {}),
        ...(values["spend-enabled"] === undefined ? {} : { spend_enabled: values["spend-enabled"] }),
        ...(values.capabilities === undefined ? {} : { capabilities: list(values.capabilities) }),
        ...(values.name ? { name: values.name } : {}),
        ...(values.currency ? { currency: values.currency } : {}),
        ...(values.country ? { country: values.country } : {}),
        ...(values["vat-rate"] ? { vat_rate: amount("vat-rate", values["vat-rate"]) } : {}),
      },
    }),
  },
  {
    name: "tenant show",
    flags: "--company <company_id>",
    summary: "A company as the operator sees it.",
    request: ({ required }) => ({ method: "GET", path: company(required) }),
  },
  {
    name: "tenant suspend",
    flags: "--company <company_id>",
    summary: "Suspends a company and its whole subtree: their keys answer 401 from their next request.",
    request: ({ required }) => ({ method: "POST", path: `${company(required)}/suspend` }),
  },
  {
    name: "tenant move",
    flags: "--company <company_id> --store <n>",
    summary:
      "Moves the company's data to another tenant store while the API stays up (its writes answer 503 during the copy); again resumes a move.",
    request: ({ required }) => ({
      method: "POST",
      path: `${company(required)}/move`,
      body: { store: amount("store", required("store")) },
    }),
  },
  {
    name: "tenant move-status",
    flags: "--company <company_id>",
    summary: "The company's last move between stores: its state, rows copied per table and the time left.",
    request: ({ required }) => ({ method: "GET", path: `${company(required)}/move` }),
  },
  {
    name: "tenant reactivate",
    flags: "--company <company_id>",
    summary: "Reactivates exactly what the company's suspension suspended.",
    request: ({ required }) => ({ method: "POST", path: `${company(required)}/reactivate` }),
  },
  {
    name: "key create",
    flags:
      "--company <company_id> --scopes <scope,scope|all> [--name <n>] [--env test|live] [--mailboxes <mailbox_id,mailbox_id>]",
    summary:
      "Mints an API key of the company (--scopes all: every scope). --mailboxes restricts it to those shared mailboxes of its company.",
    request: ({ values, required }) => {
      const scopes = required("scopes") === "all" ? "all" : list(required("scopes"));
      const unknown =
        scopes === "all" ? [] : scopes.filter((scope) => !(knownScopes as readonly string[]).includes(scope));
      if (unknown.length) throw new InputError("invalid_argument", `unknown scopes: ${unknown.join(", ")}`);
      if (values.env !== "test" && values.env !== "live")
        throw new InputError("invalid_argument", "--env must be test or live");
      return {
        method: "POST",
        path: `${company(required)}/keys`,
        body: {
          scopes,
          environment: values.env,
          ...(values.name ? { name: values.name } : {}),
          ...(values.mailboxes === undefined ? {} : { mailbox_ids: list(values.mailboxes) }),
        },
      };
    },
  },
  {
    name: "key list",
    flags: "--company <company_id>",
    summary: "The company's keys (never the keys themselves).",
    request: ({ required }) => ({ method: "GET", path: `${company(required)}/keys` }),
  },
  {
    name: "key revoke",
    flags: "--key <key_id>",
    summary: "Revokes a key: it fails from its very next request.",
    request: ({ required }) => ({ method: "POST", path: `/keys/${enc(required("key"))}/revoke` }),
  },
  {
    name: "key mailboxes",
    flags: "--key <key_id> --mailboxes <mailbox_id,mailbox_id>",
    summary: "Which shared mailboxes of its company the key may read.",
    request: ({ required }) => ({
      method: "PUT",
      path: `/keys/${enc(required("key"))}/mailboxes`,
      body: { mailbox_ids: list(required("mailboxes")) },
    }),
  },
  {
    name: "seed",
    flags: "",
    summary:
      "A demo company with data in every domain and a second company, each with a ready key, onboarded through the front door of the running npm run dev (these commands and the public API, as npm run dev onboards its demo): start it first. The document's examples then name the new demo's rows (docs examples set).",
    onServer: async (server, persistTo) => {
      const { frontDoor, onboardDemoCompanies, recordedFakes } = await import("./lib/demo");
      return onboardDemoCompanies(frontDoor(server, persistTo, run), recordedFakes(persistTo));
    },
  },
  {
    name: "billing payment-method",
    flags: "--company <company_id> --payment-method <pm_...> [--customer <cus_...>] [--brand <b>] [--last4 <nnnn>]",
    summary: "The card on file that top-ups charge, at Stripe.",
    request: ({ values, required }) => ({
      method: "PUT",
      path: `${company(required)}/payment-method`,
      body: {
        payment_method_id: required("payment-method"),
        ...(values.customer ? { customer_id: values.customer } : {}),
        ...(values.brand ? { brand: values.brand } : {}),
        ...(values.last4 ? { last4: values.last4 } : {}),
      },
    }),
  },
  {
    name: "rates set",
    flags: "--company <company_id> --country <ISO> --per-minute <amount> [--number-type mobile|landline]",
    summary:
      "The company's own sale rate for calls to a country (both number types unless one is named); it overrides its plan's price book.",
    request: ({ values, required }) => ({
      method: "PUT",
      path: `${company(required)}/rates`,
      body: {
        country: required("country"),
        per_minute: amount("per-minute", required("per-minute")),
        ...(values["number-type"] ? { number_type: values["number-type"] } : {}),
      },
    }),
  },
  {
    name: "rates unset",
    flags: "--company <company_id> --country <ISO>",
    summary: "Removes the company's own rates for a country: its plan's price book applies again.",
    request: ({ required }) => ({ method: "DELETE", path: `${company(required)}/rates/${enc(required("country"))}` }),
  },
  {
    name: "price set",
    flags: "--company <company_id> --kind sms|email|whatsapp --amount <amount> [--country <ISO>]",
    summary:
      "The company's own price for an SMS segment (per country), an email or a WhatsApp message; it overrides its plan's price book.",
    request: ({ values, required }) => ({
      method: "PUT",
      path: `${company(required)}/prices`,
      body: {
        kind: required("kind"),
        amount: amount("amount", required("amount")),
        ...(values.country ? { country: values.country } : {}),
      },
    }),
  },
  {
    name: "price-book show",
    flags: "--plan <plan>",
    summary: "A plan's price book: call rates by country and number type, SMS, email and WhatsApp prices.",
    request: ({ required }) => ({ method: "GET", path: `/price-book?plan=${enc(planOf(required("plan")))}` }),
  },
  {
    name: "price-book set",
    flags:
      "--plan <plan> --kind call|sms|email|whatsapp --amount <amount> [--country <ISO>] [--number-type mobile|landline]",
    summary: "Edits a plan's price book (every company of the plan without an override of its own).",
    request: ({ values, required }) => ({
      method: "PUT",
      path: `/price-book/${enc(planOf(required("plan")))}`,
      body: {
        kind: required("kind"),
        amount: amount("amount", required("amount")),
        ...(values.country ? { country: values.country } : {}),
        ...(values["number-type"] ? { number_type: values["number-type"] } : {}),
      },
    }),
  },
  {
    name: "number add",
    flags: "--company <company_id> [--country <ISO>] [--agent <agent_id>] [--number-type local|mobile]",
    summary:
      "Buys a phone number for the company at the telephony provider, its inbound calls and SMS routed to this API; with --agent, that agent answers it and calls from it.",
    request: ({ values, required }) => ({
      method: "POST",
      path: `${company(required)}/numbers`,
      body: {
        ...(values.country ? { country: values.country } : {}),
        ...(values["number-type"] ? { type: values["number-type"] } : {}),
        ...(values.agent ? { agent_id: values.agent } : {}),
      },
    }),
  },
  {
    name: "number order",
    flags:
      "--company <company_id> --country <ISO> --number-type local|mobile|toll_free --setup-price <amount> --monthly-price <amount> [--status pending_documents|pending_payment|processing] [--reason <what is missing>] [--number <E.164>]",
    summary:
      "A phone number order of the company that waits for documents, payment or the carrier; the company lists it in its pending orders.",
    request: ({ values, required }) => ({
      method: "POST",
      path: `${company(required)}/number-orders`,
      body: {
        country: required("country"),
        number_type: required("number-type"),
        setup_price: amount("setup-price", required("setup-price")),
        monthly_price: amount("monthly-price", required("monthly-price")),
        ...(values.status ? { status: values.status } : {}),
        ...(values.reason ? { status_reason: values.reason } : {}),
        ...(values.number ? { phone_number: values.number } : {}),
      },
    }),
  },
  {
    name: "number show",
    flags: "--company <company_id> --number <number_id>",
    summary: "A number of the company with its provider sid, status, agent and trunk.",
    request: ({ required }) => ({ method: "GET", path: `${company(required)}/numbers/${enc(required("number"))}` }),
  },
  {
    name: "number assign",
    flags: "--company <company_id> --number <number_id> --agent <agent_id|none>",
    summary: "Gives a number of the company to one of its agents (none: to nobody).",
    request: ({ required }) => ({
      method: "PATCH",
      path: `${company(required)}/numbers/${enc(required("number"))}`,
      body: { agent_id: required("agent") === "none" ? null : required("agent") },
    }),
  },
  {
    name: "number release",
    flags: "--company <company_id> --number <number_id>",
    summary: "Releases a number of the company at the provider.",
    request: ({ required }) => ({ method: "DELETE", path: `${company(required)}/numbers/${enc(required("number"))}` }),
  },
  {
    name: "sip-trunk route",
    flags: "--company <company_id> --trunk <trunk_id|none> --number <number_id>",
    summary: "A phone number of the company goes through that SIP trunk (none: through none).",
    request: ({ required }) => ({
      method: "PATCH",
      path: `${company(required)}/numbers/${enc(required("number"))}`,
      body: { trunk_id: required("trunk") === "none" ? null : required("trunk") },
    }),
  },
  {
    name: "extension add",
    flags:
      "--company <company_id> --extension <digits> --name <name> --sip-domain <host> [--sip-username <u>] [--member <member_id>] [--profile <profile_id>] [--status active|disabled]",
    summary:
      "A SIP extension of the company's PBX. The SIP password is read from SIP_EXTENSION_PASSWORD and sealed at once; it is never shown.",
    request: ({ values, required }) => ({
      method: "POST",
      path: `${company(required)}/telephony/extensions`,
      body: {
        extension: required("extension"),
        name: required("name"),
        sip_domain: required("sip-domain"),
        sip_password: secretFromEnvironment("SIP_EXTENSION_PASSWORD"),
        ...(values["sip-username"] ? { sip_username: values["sip-username"] } : {}),
        ...(values.member ? { member_id: values.member } : {}),
        ...(values.profile ? { profile_id: values.profile } : {}),
        ...(values.status ? { status: values.status } : {}),
      },
    }),
  },
  {
    name: "profile add",
    flags:
      "--company <company_id> --name <name> --transport udp|tcp|tls --codecs <opus,G722,PCMA,PCMU> --dtmf rfc2833|inband|sip_info --srtp true|false --recording true|false --max-calls <n> [--trunk-host <host> --trunk-username <u>]",
    summary:
      "A telephony profile of the company (how its lines connect). With a trunk, its password is read from SIP_TRUNK_PASSWORD and sealed at once; it is never shown.",
    request: ({ values, required }) => ({
      method: "POST",
      path: `${company(required)}/telephony/profiles`,
      body: {
        name: required("name"),
        transport: required("transport"),
        codecs: list(required("codecs")),
        dtmf_mode: required("dtmf"),
        srtp: yesNo("srtp", required("srtp")),
        recording: yesNo("recording", required("recording")),
        max_concurrent_calls: amount("max-calls", required("max-calls")),
        ...(values["trunk-host"]
          ? {
              trunk: {
                host: values["trunk-host"],
                username: required("trunk-username"),
                password: secretFromEnvironment("SIP_TRUNK_PASSWORD"),
              },
            }
          : {}),
      },
    }),
  },
  {
    name: "email identity add",
    flags: "--company <company_id> --email <address> --name <display name>",
    summary:
      "A sending address of the company, verified at the email provider (its DNS records are in the answer); pending until they are published.",
    request: ({ required }) => ({
      method: "POST",
      path: `${company(required)}/email-identities`,
      body: { email: required("email"), name: required("name") },
    }),
  },
  {
    name: "email identity verify",
    flags: "--identity <identity_id>",
    summary: "Asks the email provider again whether the identity's DNS records are in place.",
    request: ({ required }) => ({ method: "POST", path: `/email-identities/${enc(required("identity"))}/verify` }),
  },
  {
    name: "email identity remove",
    flags: "--company <company_id> --identity <identity_id>",
    summary:
      "Removes a sending identity of the company, at the email provider too (its signature, and its domain unless another identity is at it); it is checked no more.",
    request: ({ required }) => ({
      method: "DELETE",
      path: `${company(required)}/email-identities/${enc(required("identity"))}`,
    }),
  },
  {
    name: "email identity list",
    flags: "--company <company_id>",
    summary: "The company's sending identities and their status.",
    request: ({ required }) => ({ method: "GET", path: `${company(required)}/email-identities` }),
  },
  {
    name: "archive connect",
    flags: "--company <company_id> --url <Paperless-ngx URL>",
    summary:
      "Connects the company's document archive (Paperless-ngx). The token is read from PAPERLESS_ARCHIVE_TOKEN and sealed at once.",
    request: ({ required }) => ({
      method: "PUT",
      path: `${company(required)}/archive`,
      body: { url: required("url"), token: secretFromEnvironment("PAPERLESS_ARCHIVE_TOKEN") },
    }),
  },
  {
    name: "archive disconnect",
    flags: "--company <company_id>",
    summary: "Disconnects the company's document archive.",
    request: ({ required }) => ({ method: "DELETE", path: `${company(required)}/archive` }),
  },
  {
    name: "mailbox add",
    flags:
      "--company <company_id> --kind jmap|forwarding --name <name> [--address <email>] [--server <JMAP server URL> --username <u> [--session-url <url>]]",
    summary:
      "A shared mailbox of the company: a JMAP account (the token is read from JMAP_MAILBOX_TOKEN and sealed at once), or a forwarding\n" +
      "mailbox whose inbound address the answer gives.",
    request: ({ values, required }) => {
      const kind = required("kind");
      if (kind !== "jmap" && kind !== "forwarding")
        throw new InputError("invalid_argument", "--kind must be jmap or forwarding");
      const base = { kind, name: required("name"), ...(values.address ? { address: values.address } : {}) };
      const body =
        kind === "jmap"
          ? {
              ...base,
              jmap: {
                base_url: required("server"),
                username: required("username"),
                token: secretFromEnvironment("JMAP_MAILBOX_TOKEN"),
                ...(values["session-url"] ? { session_url: values["session-url"] } : {}),
              },
            }
          : base;
      return { method: "POST", path: `${company(required)}/mailboxes`, body };
    },
  },
  {
    name: "mailbox remove",
    flags: "--company <company_id> --mailbox <mailbox_id>",
    summary: "Removes a shared mailbox of the company.",
    request: ({ required }) => ({
      method: "DELETE",
      path: `${company(required)}/mailboxes/${enc(required("mailbox"))}`,
    }),
  },
  {
    name: "whatsapp connect",
    flags:
      "--company <company_id> --phone <E.164> --name <display name> --phone-number-id <id> --business-account-id <id> [--token-expires-at <ISO time>]",
    summary:
      "Connects a WhatsApp Cloud API number (a disconnected or disabled one again, in place). The token is read from WHATSAPP_CONNECTION_TOKEN and sealed at once; with its expiry, the service exchanges it before it expires.",
    request: ({ values, required }) => ({
      method: "POST",
      path: `${company(required)}/whatsapp`,
      body: {
        phone: required("phone"),
        display_name: required("name"),
        phone_number_id: required("phone-number-id"),
        business_account_id: required("business-account-id"),
        token: secretFromEnvironment("WHATSAPP_CONNECTION_TOKEN"),
        ...(values["token-expires-at"] ? { token_expires_at: values["token-expires-at"] } : {}),
      },
    }),
  },
  {
    name: "whatsapp disconnect",
    flags: "--company <company_id> --connection <connection_id>",
    summary: "Disconnects a WhatsApp number of the company.",
    request: ({ required }) => ({
      method: "DELETE",
      path: `${company(required)}/whatsapp/${enc(required("connection"))}`,
    }),
  },
  {
    name: "workspace setup",
    flags: "--company <company_id>",
    summary: "Sets up the company's workspace, where its agents' message slips (recados) appear.",
    request: ({ required }) => ({ method: "PUT", path: `${company(required)}/workspace` }),
  },
  {
    name: "agent create",
    flags: "--company <company_id> --name <name> [--template <template_id>] [--draft]",
    summary:
      "An agent of the company, from a platform template or a plain assistant; its first version is published (with --draft, none is).",
    request: ({ values, required }) => ({
      method: "POST",
      path: `${company(required)}/agents`,
      body: {
        name: required("name"),
        ...(values.template ? { template_id: values.template } : {}),
        ...(values.draft ? { draft: true } : {}),
      },
    }),
  },
  {
    name: "agent publish",
    flags: "--company <company_id> --agent <agent_id> --version <number>",
    summary:
      "Publishes a draft version of the agent (one submitted with POST /agents/{id}/versions): the agent takes its content and is active.",
    request: ({ required }) => ({
      method: "POST",
      path: `${company(required)}/agents/${enc(required("agent"))}/versions/${amount("version", required("version"))}/publish`,
    }),
  },
  {
    name: "agent delete",
    flags: "--company <company_id> --agent <agent_id>",
    summary: "Deletes an agent of the company.",
    request: ({ required }) => ({ method: "DELETE", path: `${company(required)}/agents/${enc(required("agent"))}` }),
  },
  {
    name: "kb create",
    flags: "--company <company_id> --name <name> [--description <d>] [--collections <name,name>]",
    summary: "A knowledge base of the company with its collections (default: one, General).",
    request: ({ values, required }) => ({
      method: "POST",
      path: `${company(required)}/knowledge-bases`,
      body: {
        name: required("name"),
        ...(values.description ? { description: values.description } : {}),
        ...(values.collections ? { collections: list(values.collections).map((name) => ({ name })) } : {}),
      },
    }),
  },
  {
    name: "kb document add",
    flags:
      "--company <company_id> --kb <kb_id> --title <title> (--body <text> | --file <document.txt>) [--source <url>] [--collection <collection_id>]",
    summary:
      "A document in the knowledge base (in its first collection unless one is named), searchable at once; --file reads the text from a UTF-8 file.",
    request: ({ values, required }) => ({
      method: "POST",
      path: `${company(required)}/knowledge-bases/${enc(required("kb"))}/documents`,
      body: {
        title: required("title"),
        body: values.file ? textFile(values.file) : required("body"),
        ...(values.source ? { source: values.source } : {}),
        ...(values.collection ? { collection_id: values.collection } : {}),
      },
    }),
  },
  {
    name: "invoice issue",
    flags:
      "--company <company_id> (--budget <budget_id> | --name <client name> [--email <address>] (--file <lines.json> | --concept <text> --amount <unit price> [--count <units>]) [--currency EUR])",
    summary:
      "Issues an invoice of the company to its client, numbered from its yearly series (F-2026-0001) with its fiscal record: from a budget\n" +
      "(its client and lines; the budget becomes accepted, and is invoiced once), or from lines: a JSON file of them ([{ concept, units,\n" +
      "unit_price, iva_rate?, unit_type?, discount_type?, discount_value? }]) or one line (--concept, --amount, --count, default 1).",
    request: ({ values, required }) => {
      if (values.budget)
        return { method: "POST", path: `${company(required)}/invoices`, body: { budget_id: values.budget } };
      const clientName = required("name");
      const items = values.file
        ? jsonFile("file", values.file)
        : [
            {
              concept: required("concept"),
              units: values.count ? amount("count", values.count) : 1,
              unit_price: amount("amount", required("amount")),
            },
          ];
      return {
        method: "POST",
        path: `${company(required)}/invoices`,
        body: {
          client_name: clientName,
          ...(values.email ? { client_email: values.email } : {}),
          ...(values.currency ? { document_currency: values.currency } : {}),
          items,
        },
      };
    },
  },
  {
    name: "seats set",
    flags: "--company <company_id> --count <n>",
    summary:
      "The company's contracted team seats. Invites hold a seat while pending, members while active: an invite beyond them is refused.",
    request: ({ required }) => ({
      method: "PUT",
      path: `${company(required)}/team/seats`,
      body: { contracted: amount("count", required("count")) },
    }),
  },
  {
    name: "team role create",
    flags: "--company <company_id> --name <name> --permissions <scope,scope> [--description <d>]",
    summary: "A custom role of the company's team: what its members may do in the panel (scope names).",
    request: ({ values, required }) => ({
      method: "POST",
      path: `${company(required)}/team/roles`,
      body: {
        name: required("name"),
        permissions: list(required("permissions")),
        ...(values.description ? { description: values.description } : {}),
      },
    }),
  },
  {
    name: "team invite create",
    flags: "--company <company_id> --email <address> [--role <role_id>] [--expires-in-days <1-30>]",
    summary:
      "Invites someone to the company's team: it needs an available seat (seats set), and for a subaccount its agency's allow_signup.",
    request: ({ values, required }) => ({
      method: "POST",
      path: `${company(required)}/team/invites`,
      body: {
        email: required("email"),
        ...(values.role ? { role_id: values.role } : {}),
        ...(values["expires-in-days"] ? { expires_in_days: Number(values["expires-in-days"]) } : {}),
      },
    }),
  },
  {
    name: "team invite accept",
    flags: "--company <company_id> --invite <invite_id> --name <name>",
    summary: "The invitee joins the team (refused when the subaccount's allow_signup was closed meanwhile).",
    request: ({ required }) => ({
      method: "POST",
      path: `${company(required)}/team/invites/${enc(required("invite"))}/accept`,
      body: { name: required("name") },
    }),
  },
  {
    name: "events trigger",
    flags: "--company <company_id> --type <event type>",
    summary:
      'Sends one test event of the type (data an example, marked "test": true) to the company\'s webhook subscription.',
    request: ({ required }) => ({
      method: "POST",
      path: `${company(required)}/events/test`,
      body: { type: required("type") },
    }),
  },
  {
    name: "call-label add",
    flags: "--company <company_id> --label <key> --name <name> [--color <#rrggbb>]",
    summary: "A label the company's calls may carry.",
    request: ({ values, required }) => ({
      method: "POST",
      path: `${company(required)}/call-labels`,
      body: { key: required("label"), name: required("name"), ...(values.color ? { color: values.color } : {}) },
    }),
  },
  {
    name: "call-label list",
    flags: "--company <company_id>",
    summary: "The company's call label catalogue.",
    request: ({ required }) => ({ method: "GET", path: `${company(required)}/call-labels?limit=100` }),
  },
  {
    name: "call-label remove",
    flags: "--company <company_id> --label <key>",
    summary: "Removes a label from the company's catalogue.",
    request: ({ required }) => ({
      method: "DELETE",
      path: `${company(required)}/call-labels/${enc(required("label"))}`,
    }),
  },
  {
    name: "calls settings",
    flags: "--company <company_id> [--time-zone <IANA name>|region] [--retention-days <n>]",
    summary: "The company's call settings: the time zone its call statistics use, and how long calls are kept.",
    request: ({ values, required }) => ({
      method: "PUT",
      path: `${company(required)}/call-settings`,
      body: {
        ...(values["time-zone"] ? { time_zone: values["time-zone"] } : {}),
        ...(values["retention-days"] ? { retention_days: amount("retention-days", values["retention-days"]) } : {}),
      },
    }),
  },
  {
    name: "calls end",
    flags: "--call <call_id> --result answered|no_answer|busy|failed|voicemail|cancelled [--duration <seconds>]",
    summary: "A dialled call ends, as the provider's status callback would say: its reservation is settled.",
    request: ({ values, required }) => ({
      method: "POST",
      path: `/calls/${enc(required("call"))}/end`,
      body: {
        result: required("result"),
        ...(values.duration ? { duration_seconds: amount("duration", values.duration) } : {}),
      },
    }),
  },
  {
    name: "voice report",
    flags: "--company <company_id> --file <report.json>",
    summary:
      "Records what the voice service reports after a call it handled (the call, its message slip, its qualification), from a JSON file.",
    request: ({ required }) => {
      let report: unknown;
      try {
        report = JSON.parse(readFileSync(required("file"), "utf8"));
      } catch (error) {
        throw new InputError(
          "invalid_argument",
          `--file must name a JSON file: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      return { method: "POST", path: `${company(required)}/voice-reports`, body: report };
    },
  },
  {
    name: "agency price",
    flags: "--company <company_id> --setup-price <amount>",
    summary: "What the agency pays per subaccount it creates; 0 for none.",
    request: ({ required }) => ({
      method: "PUT",
      path: `${company(required)}/agency-price`,
      body: { setup_price: amount("setup-price", required("setup-price")) },
    }),
  },
  {
    name: "announcement publish",
    flags:
      "--title <t> --body <b> [--category news|feature|maintenance|incident|billing] [--audience all|plans:<p>,<p>|companies:<id>,<id>]",
    summary: "Publishes an announcement to the companies of the audience (default: all).",
    request: ({ values, required }) => ({
      method: "POST",
      path: "/announcements",
      body: {
        title: required("title"),
        body: required("body"),
        ...(values.category ? { category: values.category } : {}),
        ...(values.audience ? { audience: values.audience } : {}),
      },
    }),
  },
  {
    name: "announcement withdraw",
    flags: "--id <publication_id or announcement_id>",
    summary: "Withdraws a publication, or every publication of an announcement.",
    request: ({ required }) => ({ method: "POST", path: `/announcements/${enc(required("id"))}/withdraw` }),
  },
  {
    name: "alert create",
    flags: "--company <company_id> --kind low_balance|spend --threshold <amount> [--period day|week|month]",
    summary: "An alert of the company: its balance falls below the threshold, or its spend in the period exceeds it.",
    request: ({ values, required }) => ({
      method: "POST",
      path: `${company(required)}/alerts`,
      body: {
        kind: required("kind"),
        threshold: amount("threshold", required("threshold")),
        ...(values.period ? { period: values.period } : {}),
      },
    }),
  },
  {
    name: "docs examples set",
    flags: "--company <company_id|none>",
    summary:
      "The company whose rows the public document's examples name (try-it with its key finds them); none: the fixed ids again. Off by default: leave it off where the document is public.",
    request: ({ required }) => ({
      method: "PUT",
      path: "/docs/examples-company",
      body: { company_id: required("company") === "none" ? null : required("company") },
    }),
  },
  {
    name: "docs examples show",
    flags: "",
    summary: "Which company's rows the public document's examples name (null: none).",
    request: () => ({ method: "GET", path: "/docs/examples-company" }),
  },
  {
    name: "audit",
    flags: "[--company <company_id>]",
    summary: "What operators did, newest first (every command above that changes something is there).",
    request: ({ values }) => ({
      method: "GET",
      path: `/audit-log${values.company ? `?company_id=${enc(values.company)}` : ""}`,
    }),
  },
  {
    name: "migrate",
    flags: "",
    summary: "Only applies the pending migrations to the local state.",
    onState: async ({ migrations }) => ({ applied: migrations }),
  },
  {
    name: "bulk-budgets",
    flags: "--company <company_id> --count <n>",
    summary: "n generated budgets in the company, for the benchmark (written to the state: stop npm run dev first).",
    onState: async ({ required, state }) => {
      const count = Number(required("count"));
      if (!Number.isInteger(count) || count < 1)
        throw new InputError("invalid_argument", "--count must be a whole number from 1.");
      const [{ requireCompany }, { seedBulkBudgets }] = await Promise.all([
        import("../src/data/rows"),
        import("../src/domains/budgets/seed"),
      ]);
      await requireCompany(state.db, required("company"));
      return seedBulkBudgets(state.dbOf(required("company")), required("company"), count);
    },
  },
  {
    name: "bulk-calls",
    flags: "--company <company_id> --count <n> [--days <n>]",
    summary:
      "n generated calls of the company over the last days, for the benchmark (written to the state: stop npm run dev first).",
    onState: async ({ values, required, state }) =>
      (await import("../src/domains/calls")).bulkCalls(state.dbOf(required("company")), required("company"), {
        count: required("count"),
        days: values.days,
      }),
  },
  {
    name: "bulk-kb-documents",
    flags: "--company <company_id> --count <n>",
    summary:
      "A knowledge base of n generated documents, for the benchmark (written to the state: stop npm run dev first).",
    onState: async ({ required, state }) =>
      (await import("../src/domains/knowledge-bases")).bulkKnowledgeBaseDocuments(
        state.dbOf(required("company")),
        required("company"),
        { count: required("count") },
      ),
  },
];

const admin: Tool<AdminCommand> = {
  invocation: "npm run admin --",
  description:
    "The admin CLI (stands in for the web panel): a client of the operator API (/admin/v1). Every command prints one JSON object on stdout.\n" +
    "It goes through the npm run dev serving the state folder when one runs, else through a Worker it starts over the state for the command.",
  commands,
  commonFlags: [
    ["--persist-to <dir>", "the local state folder (default .wrangler/state, as wrangler's), shared with npm run dev"],
    ["--remote", "the deployed Worker's operator API instead: ADMIN_URL (or --url <url>) and ADMIN_SECRET"],
    ["--help, -h", "this help, or a command's"],
  ],
};

const requiredOf =
  (values: Values): RequiredFlag =>
  (name) =>
    values[name] ?? missing(name);
const missing = (name: TextFlag): never => {
  throw new InputError("missing_argument", `--${name} is required`);
};

/** Runs the command through the operator API wherever it is (see the file's comment). */
async function throughOperatorApi(values: Values, request: OperatorRequest): Promise<unknown> {
  if (values.remote) return operatorCall(remoteWorker(values.url), request);
  const server: WorkerAddress | undefined = runningServer(values["persist-to"]);
  if (server) return operatorCall(server, request);
  const { transientWorker } = await import("./lib/transient-worker");
  const worker = await transientWorker(values["persist-to"]);
  try {
    return await operatorCall(worker, request);
  } finally {
    await worker.stop();
  }
}

/**
 * Runs a command that needs the running npm run dev of the state: its fake providers answer the
 * provider calls the command causes (a transient Worker has none), and it runs the callbacks.
 */
async function onRunningServer(
  command: AdminCommand & Required<Pick<AdminCommand, "onServer">>,
  values: Values,
): Promise<unknown> {
  if (values.remote)
    throw new InputError(
      "invalid_argument",
      `${command.name} runs against the local fake providers of npm run dev, never a deployment's real ones.`,
    );
  const persistTo = resolve(values["persist-to"] ?? DEFAULT_PERSIST);
  const server = runningServer(persistTo);
  if (!server)
    throw new InputError(
      "conflict",
      `${command.name} goes through a running npm run dev: start it first (npm run dev -- --persist-to ${persistTo}).`,
    );
  return command.onServer(server, persistTo);
}

async function onLocalState(
  command: AdminCommand & Required<Pick<AdminCommand, "onState">>,
  flags: Flags,
): Promise<unknown> {
  if (flags.values.remote) throw new InputError("invalid_argument", `${command.name} works on the local state only.`);
  if (command.name !== "migrate" && runningServer(flags.values["persist-to"])) {
    throw new InputError(
      "conflict",
      `${command.name} writes the state folder directly: stop the npm run dev serving it first.`,
    );
  }
  const state = await openState({ persistTo: flags.values["persist-to"] });
  try {
    const migrations = await applyMigrationsToEveryStore(state);
    return await command.onState({ ...flags, state, migrations });
  } finally {
    await state.dispose();
  }
}

/**
 * Runs the command line: the help asked for, or the result of the command (printed as one JSON
 * object). Exported for test/e2e/admin-cli.e2e.test.ts, which asks every command's --help of it.
 */
export async function run(args: string[]): Promise<{ help: string } | { result: unknown }> {
  const { positionals, values } = parsedCommandLine(() => parse(args));
  const named = commandsNamed(admin, positionals);
  if (values.help && positionals.length === 0) return { help: toolHelp(admin) };
  if (values.help && named.length > 0) return { help: commandHelp(admin, named) };
  const command = commands.find((candidate) => candidate.name === positionals.join(" "));
  if (!command) {
    const typed = positionals.join(" ");
    throw new InputError("unknown_command", typed ? `unknown command "${typed}"` : "no command given");
  }
  const flags = { values, required: requiredOf(values) };
  if (command.onServer) return { result: await onRunningServer({ ...command, onServer: command.onServer }, values) };
  if (command.onState) return { result: await onLocalState({ ...command, onState: command.onState }, flags) };
  if (!command.request) throw new Error(`${command.name} has neither a request nor state work.`);
  return { result: await throughOperatorApi(values, command.request(flags)) };
}

/** The command's words, even from a command line parseArgs refused (for the usage of that command). */
const wordsOf = (args: string[]) => {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: false }).positionals;
  } catch {
    return [];
  }
};

// The command line, when this file is the program (`npm run admin`), not a module a test imports.
const program = process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
const args = process.argv.slice(2);
if (program) void main();

async function main() {
  await run(args).then(
    (output) => {
      process.stdout.write("help" in output ? `${output.help}\n` : `${JSON.stringify(output.result)}\n`);
    },
    (error: unknown) => {
      if (error instanceof InputError) {
        process.stderr.write(`${badInputReport(admin, error, wordsOf(args))}\n`);
        process.exitCode = exitCodes.badInput;
        return;
      }
      process.stderr.write(`${JSON.stringify({ error: error instanceof Error ? error.message : String(error) })}\n`);
      process.exitCode = exitCodes.failed;
    },
  );
}
