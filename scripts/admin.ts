/**
 * The admin CLI (stands in for the web panel). Every command prints one JSON object on stdout;
 * `npm run admin -- --help` lists the commands (the table below) and `<command> --help` shows one.
 * Bad input (InputError: an unknown command or flag, a missing or invalid flag, an unknown company...)
 * prints the reason and the usage on stderr and exits 2; any other failure exits 1.
 * Every command takes --persist-to <dir> (local state, as wrangler's flag) or --remote (the deployed database).
 * Changes to keys go through the Worker's operators' routes (scripts/lib/worker.ts): locally the one
 * `npm run dev` runs over the same state, if any; with --remote, ADMIN_URL (or --url) and ADMIN_SECRET.
 */
import { parseArgs } from "node:util";
import { createKey, createTenant, requireCompany, revokeKey } from "../src/admin/provision";
import { seedDemo } from "../src/admin/seed";
import { InputError } from "../src/core/input-error";
import { plans, type Plan } from "../src/core/operation";
import { knownScopes } from "../src/core/scopes";
import { seedBulkBudgets } from "../src/domains/budgets/seed";
import { createAgent, deleteAgent } from "../src/domains/agents";
import { publishAnnouncement, withdrawAnnouncement } from "../src/domains/announcements";
import { createAlert } from "../src/domains/alerts";
import { bulkCalls, configureCalls } from "../src/domains/calls";
import { bulkKnowledgeBaseDocuments } from "../src/domains/knowledge-bases";
import { setAgencyPrice } from "../src/domains/agency";
import { connectWhatsAppNumber, disconnectWhatsAppNumber } from "../src/domains/conversations";
import { checkMailboxGrant, grantMailboxes } from "../src/domains/inbox";
import { setPaymentMethod } from "../src/domains/billing";
import { endDialledCall, type CallEnd } from "../src/domains/dialer";
import { routeNumberThroughTrunk } from "../src/domains/sip-trunks";
import { badInputReport, commandHelp, commandsNamed, exitCodes, parsedCommandLine, toolHelp, type Command, type Tool } from "./lib/cli";
import { applyMigrations, devSecretKey, openState } from "./lib/state";
import { adminCall, workerFor, type WorkerAddress } from "./lib/worker";

const options = {
  help: { type: "boolean", short: "h", default: false },
  "persist-to": { type: "string" },
  remote: { type: "boolean", default: false },
  url: { type: "string" },
  name: { type: "string" },
  plan: { type: "string" },
  parent: { type: "string" },
  capabilities: { type: "string" },
  "spend-enabled": { type: "boolean", default: false },
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
  call: { type: "string" },
  result: { type: "string" },
  duration: { type: "string" },
} as const;

const parse = (args: string[]) => parseArgs({ args, options, allowPositionals: true });
type Values = ReturnType<typeof parse>["values"];
type TextFlag = { [Name in keyof Values]-?: Values[Name] extends string | undefined ? Name : never }[keyof Values];

interface Context {
  values: Values;
  /** The flag's value; without it, the command cannot run (exit 2). */
  required(name: TextFlag): string;
  state: Awaited<ReturnType<typeof openState>>;
  /** The migrations this run applied (each command applies the pending ones first). */
  migrations: string[];
}

/** A command that goes through the Worker when one serves this state (or with --remote), before opening it. */
interface AdminCommand extends Command<Context> {
  viaWorker?(worker: WorkerAddress, required: Context["required"]): Promise<unknown>;
}

const list = (text: string | undefined) => (text ? text.split(",").map((item) => item.trim()).filter(Boolean) : []);

const commands: AdminCommand[] = [
  {
    name: "tenant create",
    flags: "--name <name> --plan <plan> [--parent <company_id>] [--capabilities a,b] [--spend-enabled]",
    summary: `Creates a company. Plans: ${plans.join(", ")}.`,
    run: ({ values, required, state }) => {
      const plan = required("plan");
      if (!plans.includes(plan as Plan)) throw new InputError("invalid_argument", `--plan must be one of ${plans.join(", ")}`);
      return createTenant(state.db, {
        name: required("name"),
        plan: plan as Plan,
        parentCompanyId: values.parent ?? null,
        capabilities: list(values.capabilities),
        spendEnabled: values["spend-enabled"],
      });
    },
  },
  {
    name: "key create",
    flags: "--company <company_id> --scopes <scope,scope|all> [--name <n>] [--env test|live] [--mailboxes <mailbox_id,mailbox_id>]",
    summary: "Mints an API key of the company (--scopes all: every scope). --mailboxes restricts it to those shared mailboxes of its company.",
    run: async ({ values, required, state }) => {
      const scopes = values.scopes === "all" ? [...knownScopes] : list(required("scopes"));
      const unknown = scopes.filter((scope) => !(knownScopes as readonly string[]).includes(scope));
      if (unknown.length) throw new InputError("invalid_argument", `unknown scopes: ${unknown.join(", ")}`);
      if (values.env !== "test" && values.env !== "live") throw new InputError("invalid_argument", "--env must be test or live");
      const companyId = required("company");
      // --mailboxes restricts the key to those mailboxes of its company (checked before the key exists).
      const mailboxIds = values.mailboxes === undefined ? undefined : list(values.mailboxes);
      if (mailboxIds) await checkMailboxGrant(state.db, companyId, mailboxIds);
      const key = await createKey(state.db, { companyId, scopes, name: values.name, environment: values.env });
      if (!mailboxIds) return key;
      return { ...key, ...(await grantMailboxes(state.db, { companyId, lineageId: key.key_id, mailboxIds })) };
    },
  },
  {
    name: "key revoke",
    flags: "--key <key_id>",
    summary: "Revokes a key, through the running Worker (its Durable Object learns at once); with none running over this state, in D1 alone.",
    viaWorker: (worker, required) => adminCall(worker, `/keys/${encodeURIComponent(required("key"))}/revoke`),
    run: async ({ required, state }) => {
      // No Worker runs over this local state (else it went through it): no Durable Object holds the
      // key, and D1 is the whole change.
      const { lineage_id: _lineage, ...revoked } = await revokeKey(state.db, required("key"));
      return revoked;
    },
  },
  {
    name: "seed",
    flags: "",
    summary: "A demo company with data in every domain, a second company, and a ready key.",
    run: ({ values, state }) => seedDemo(state.db, Date.now(), state.storage, values.remote ? undefined : devSecretKey()),
  },
  {
    name: "migrate",
    flags: "",
    summary: "Only applies the pending migrations (every command does so first).",
    run: async ({ migrations }) => ({ applied: migrations }),
  },
  {
    name: "bulk-budgets",
    flags: "--company <company_id> --count <n>",
    summary: "n generated budgets in the company, for the benchmark.",
    run: async ({ required, state }) => {
      const count = Number(required("count"));
      if (!Number.isInteger(count) || count < 1) throw new InputError("invalid_argument", "--count must be a whole number from 1.");
      await requireCompany(state.db, required("company"));
      return seedBulkBudgets(state.db, required("company"), count);
    },
  },
  {
    name: "announcement publish",
    flags: "--title <t> --body <b> [--category news|feature|maintenance|incident|billing] [--audience all|plans:<p>,<p>|companies:<id>,<id>]",
    summary: "Publishes an announcement to the companies of the audience (default: all).",
    run: ({ values, required, state }) => publishAnnouncement(state.db, { title: required("title"), body: required("body"), category: values.category, audience: values.audience }),
  },
  {
    name: "announcement withdraw",
    flags: "--id <publication_id or announcement_id>",
    summary: "Withdraws a publication, or every publication of an announcement.",
    run: ({ required, state }) => withdrawAnnouncement(state.db, required("id")),
  },
  {
    name: "alert create",
    flags: "--company <company_id> --kind low_balance|spend --threshold <amount> [--period day|week|month]",
    summary: "An alert of the company: its balance falls below the threshold, or its spend in the period exceeds it.",
    run: ({ values, required, state }) => createAlert(state.db, { companyId: required("company"), kind: required("kind"), threshold: required("threshold"), period: values.period }),
  },
  {
    name: "agent create",
    flags: "--company <company_id> --name <name> [--template <template_id>]",
    summary: "An agent of the company, from a platform template or a plain assistant; its first version is published.",
    run: ({ values, required, state }) => createAgent(state.db, { companyId: required("company"), name: required("name"), templateId: values.template }),
  },
  {
    name: "agent delete",
    flags: "--company <company_id> --agent <agent_id>",
    summary: "Deletes an agent of the company.",
    run: async ({ required, state }) => {
      const agentId = required("agent");
      const companyId = required("company");
      if (!(await deleteAgent(state.db, companyId, agentId))) throw new InputError("not_found", `No agent ${agentId} in company ${companyId}.`);
      return { deleted: true, agent_id: agentId };
    },
  },
  {
    name: "calls settings",
    flags: "--company <company_id> [--time-zone <IANA name>|region] [--retention-days <n>]",
    summary: "The company's call settings: the time zone its call statistics use, and how long calls are kept.",
    run: ({ values, required, state }) => configureCalls(state.db, required("company"), { timeZone: values["time-zone"], retentionDays: values["retention-days"] }),
  },
  {
    name: "bulk-calls",
    flags: "--company <company_id> --count <n> [--days <n>]",
    summary: "n generated calls of the company over the last days, for the benchmark.",
    run: ({ values, required, state }) => bulkCalls(state.db, required("company"), { count: required("count"), days: values.days }),
  },
  {
    name: "bulk-kb-documents",
    flags: "--company <company_id> --count <n>",
    summary: "A knowledge base of n generated documents, for the benchmark.",
    run: ({ required, state }) => bulkKnowledgeBaseDocuments(state.db, required("company"), { count: required("count") }),
  },
  {
    name: "agency price",
    flags: "--company <company_id> --setup-price <amount>",
    summary: "What the agency pays per subaccount it creates; 0 for none.",
    run: ({ required, state }) => setAgencyPrice(state.db, required("company"), { setupPrice: required("setup-price") }),
  },
  {
    name: "whatsapp connect",
    flags: "--company <company_id> --phone <E.164> --name <display name> --phone-number-id <id> --business-account-id <id>",
    summary:
      "Connects a WhatsApp Cloud API number. The token is read from the environment variable WHATSAPP_CONNECTION_TOKEN and sealed at once\n" +
      "with the Worker's at-rest key (WEBHOOK_SECRET_KEY: .dev.vars locally, the environment with --remote).",
    run: ({ values, required, state }) =>
      connectWhatsAppNumber(state.db, values.remote ? process.env.WEBHOOK_SECRET_KEY : devSecretKey(), {
        companyId: required("company"),
        phone: required("phone"),
        displayName: required("name"),
        phoneNumberId: required("phone-number-id"),
        businessAccountId: required("business-account-id"),
        token: process.env.WHATSAPP_CONNECTION_TOKEN,
      }),
  },
  {
    name: "whatsapp disconnect",
    flags: "--company <company_id> --connection <connection_id>",
    summary: "Disconnects a WhatsApp number of the company.",
    run: ({ required, state }) => disconnectWhatsAppNumber(state.db, required("company"), required("connection")),
  },
  {
    name: "billing payment-method",
    flags: "--company <company_id> --payment-method <pm_...> [--customer <cus_...>] [--brand <b>] [--last4 <nnnn>]",
    summary: "The card on file that top-ups charge, at Stripe.",
    run: ({ values, required, state }) =>
      setPaymentMethod(state.db, { companyId: required("company"), paymentMethodId: required("payment-method"), customerId: values.customer, brand: values.brand, last4: values.last4 }),
  },
  {
    name: "sip-trunk route",
    flags: "--company <company_id> --trunk <trunk_id> --number <number_id>",
    summary: "A phone number of the company goes through that trunk.",
    run: ({ required, state }) => routeNumberThroughTrunk(state.db, { companyId: required("company"), trunkId: required("trunk"), numberId: required("number") }),
  },
  {
    name: "calls end",
    flags: "--call <call_id> --result answered|no_answer|busy|failed|voicemail|cancelled [--duration <seconds>]",
    summary: "A dialled call ends, as the provider's status callback says: its reservation is settled.",
    run: ({ values, required, state }) =>
      endDialledCall(state.db, { callId: required("call"), end: { result: required("result") as CallEnd["result"], durationSeconds: Number(values.duration ?? "0") } }),
  },
];

const admin: Tool<Context> = {
  invocation: "npm run admin --",
  description: "The admin CLI (stands in for the web panel). Every command prints one JSON object on stdout and applies pending migrations first.",
  commands,
  commonFlags: [
    ["--persist-to <dir>", "the local state folder (default .wrangler/state, as wrangler's), shared with npm run dev"],
    ["--remote", "the deployed database instead; key revoke then needs ADMIN_URL (or --url <url>) and ADMIN_SECRET"],
    ["--help, -h", "this help, or a command's"],
  ],
};

const requiredOf =
  (values: Values) =>
  (name: TextFlag): string =>
    values[name] ?? missing(name);
const missing = (name: TextFlag): never => {
  throw new InputError("missing_argument", `--${name} is required`);
};

/** Runs the command line: the help asked for, or the result of the command (printed as one JSON object). */
async function run(args: string[]): Promise<{ help: string } | { result: unknown }> {
  const { positionals, values } = parsedCommandLine(() => parse(args));
  const named = commandsNamed(admin, positionals);
  if (values.help && positionals.length === 0) return { help: toolHelp(admin) };
  if (values.help && named.length > 0) return { help: commandHelp(admin, named) };
  const command = commands.find((candidate) => candidate.name === positionals.join(" "));
  if (!command) {
    const typed = positionals.join(" ");
    throw new InputError("unknown_command", typed ? `unknown command "${typed}"` : "no command given");
  }
  const required = requiredOf(values);
  if (command.viaWorker) {
    const worker = workerFor({ persistTo: values["persist-to"], remote: values.remote, url: values.url });
    if (worker) return { result: await command.viaWorker(worker, required) };
  }
  const state = await openState({ persistTo: values["persist-to"], remote: values.remote });
  try {
    const migrations = await applyMigrations(state.d1);
    return { result: await command.run({ values, required, state, migrations }) };
  } finally {
    await state.dispose();
  }
}

/** The command's words, even from a command line parseArgs refused (for the usage of that command). */
const wordsOf = (args: string[]) => {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: false }).positionals;
  } catch {
    return [];
  }
};

const args = process.argv.slice(2);
run(args).then(
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
