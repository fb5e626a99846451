/**
 * The admin CLI (stands in for the web panel). Every command prints one JSON object on stdout.
 *
 *   npm run admin -- tenant create --name <name> --plan <plan> [--parent <company_id>] [--capabilities a,b] [--spend-enabled]
 *   npm run admin -- key create --company <company_id> --scopes <scope,scope|all> [--name <n>] [--env test|live] [--mailboxes <mailbox_id,mailbox_id>]
 *   npm run admin -- key revoke --key <key_id>     (through the running Worker: its Durable Object learns at once)
 *   npm run admin -- seed
 *   npm run admin -- migrate
 *   npm run admin -- bulk-budgets --company <company_id> --count <n>
 *   npm run admin -- announcement publish --title <t> --body <b> [--category news|feature|maintenance|incident|billing] [--audience all|plans:<p>,<p>|companies:<id>,<id>]
 *   npm run admin -- announcement withdraw --id <publication_id or announcement_id>
 *   npm run admin -- alert create --company <company_id> --kind low_balance|spend --threshold <amount> [--period day|week|month]
 *   npm run admin -- agent create --company <company_id> --name <name> [--template <template_id>]
 *   npm run admin -- agent delete --company <company_id> --agent <agent_id>
 *   npm run admin -- calls settings --company <company_id> [--time-zone <IANA name>|region] [--retention-days <n>]
 *   npm run admin -- bulk-calls --company <company_id> --count <n> [--days <n>]
 *   npm run admin -- bulk-kb-documents --company <company_id> --count <n>   (a knowledge base of n generated documents, for the benchmark)
 *   npm run admin -- agency price --company <company_id> --setup-price <amount>   (what the agency pays per subaccount it creates; 0 for none)
 *   npm run admin -- whatsapp connect --company <company_id> --phone <E.164> --name <display name> --phone-number-id <id> --business-account-id <id>
 *                                     (the token from the environment variable WHATSAPP_CONNECTION_TOKEN; sealed at once)
 *   npm run admin -- whatsapp disconnect --company <company_id> --connection <connection_id>
 *   npm run admin -- billing payment-method --company <company_id> --payment-method <pm_...> [--customer <cus_...>] [--brand <b>] [--last4 <nnnn>]
 *                                     (the card on file that top-ups charge, at Stripe)
 *   npm run admin -- sip-trunk route --company <company_id> --trunk <trunk_id> --number <number_id>   (a phone number goes through that trunk)
 *   npm run admin -- calls end --call <call_id> --result answered|no_answer|busy|failed|voicemail|cancelled [--duration <seconds>]
 *                                     (a dialled call ends, as the provider's status callback says: its reservation is settled)
 * Every command takes --persist-to <dir> (local state, as wrangler's flag) or --remote (the deployed database).
 * Changes to keys go through the Worker's operators' routes (scripts/lib/worker.ts): locally the one
 * `npm run dev` runs over the same state, if any; with --remote, ADMIN_URL (or --url) and ADMIN_SECRET.
 */
import { parseArgs } from "node:util";
import { createKey, createTenant, revokeKey } from "../src/admin/provision";
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
import { applyMigrations, devSecretKey, openState } from "./lib/state";
import { adminCall, workerFor } from "./lib/worker";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
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
  },
});

const fail = (message: string): never => {
  throw new UsageError(message);
};
class UsageError extends Error {}
const required = (name: keyof typeof values) => (values[name] as string | undefined) ?? fail(`--${name} is required`);
/** A panel action of a domain; its input errors are usage errors (exit 2). */
const panel = <T>(action: () => Promise<T>) => action().catch((error: unknown) => (error instanceof InputError ? fail(error.message) : Promise.reject(error)));
const list = (text: string | undefined) => (text ? text.split(",").map((item) => item.trim()).filter(Boolean) : []);

async function main() {
  const command = positionals.join(" ");
  const known = ["tenant create", "key create", "key revoke", "seed", "migrate", "bulk-budgets", "announcement publish", "announcement withdraw", "alert create", "agent create", "agent delete", "calls settings", "bulk-calls", "bulk-kb-documents", "agency price", "whatsapp connect", "whatsapp disconnect", "billing payment-method", "sip-trunk route", "calls end"];
  if (!known.includes(command)) fail(`unknown command "${command}"; one of: ${known.join(", ")}`);
  if (command === "key revoke") {
    // Through the Worker when one serves this state (or with --remote): the key's Durable Object learns at once.
    const worker = workerFor({ persistTo: values["persist-to"], remote: values.remote, url: values.url });
    if (worker) return await adminCall(worker, `/keys/${encodeURIComponent(required("key"))}/revoke`);
  }
  const state = await openState({ persistTo: values["persist-to"], remote: values.remote });
  try {
    const migrations = await applyMigrations(state.d1);
    switch (command) {
      case "migrate":
        return { applied: migrations };
      case "tenant create": {
        const plan = required("plan");
        if (!plans.includes(plan as Plan)) fail(`--plan must be one of ${plans.join(", ")}`);
        return await createTenant(state.db, {
          name: required("name"),
          plan: plan as Plan,
          parentCompanyId: values.parent ?? null,
          capabilities: list(values.capabilities),
          spendEnabled: values["spend-enabled"],
        });
      }
      case "key create": {
        const scopes = values.scopes === "all" ? [...knownScopes] : list(required("scopes"));
        const unknown = scopes.filter((scope) => !(knownScopes as readonly string[]).includes(scope));
        if (unknown.length) fail(`unknown scopes: ${unknown.join(", ")}`);
        if (values.env !== "test" && values.env !== "live") fail("--env must be test or live");
        const companyId = required("company");
        // --mailboxes restricts the key to those mailboxes of its company (checked before the key exists).
        const mailboxIds = values.mailboxes === undefined ? undefined : list(values.mailboxes);
        const inbox = <T>(action: () => Promise<T>) => action().catch((error: unknown) => (error instanceof InputError ? fail(error.message) : Promise.reject(error)));
        if (mailboxIds) await inbox(() => checkMailboxGrant(state.db, companyId, mailboxIds));
        const key = await createKey(state.db, { companyId, scopes, name: values.name, environment: values.env as "test" | "live" });
        if (!mailboxIds) return key;
        return { ...key, ...(await inbox(() => grantMailboxes(state.db, { companyId, lineageId: key.key_id, mailboxIds }))) };
      }
      case "key revoke": {
        // No Worker runs over this local state (else it went through it, above): no Durable Object
        // holds the key, and D1 is the whole change.
        const { lineage_id: _lineage, ...revoked } = await revokeKey(state.db, required("key"));
        return revoked;
      }
      case "seed":
        return await seedDemo(state.db, Date.now(), state.storage, values.remote ? undefined : devSecretKey());
      case "bulk-budgets":
        return await seedBulkBudgets(state.db, required("company"), Number(required("count")));
      case "agent create":
        return await createAgent(state.db, { companyId: required("company"), name: required("name"), templateId: values.template }).catch((error: unknown) =>
          error instanceof InputError ? fail(error.message) : Promise.reject(error),
        );
      case "agent delete": {
        const agentId = required("agent");
        if (!(await deleteAgent(state.db, required("company"), agentId))) fail(`No agent ${agentId} in company ${values.company}.`);
        return { deleted: true, agent_id: agentId };
      }
      case "announcement publish":
        return await panel(() => publishAnnouncement(state.db, { title: required("title"), body: required("body"), category: values.category, audience: values.audience }));
      case "announcement withdraw":
        return await panel(() => withdrawAnnouncement(state.db, required("id")));
      case "calls settings":
        return await panel(() => configureCalls(state.db, required("company"), { timeZone: values["time-zone"], retentionDays: values["retention-days"] }));
      case "whatsapp connect":
        return await panel(() =>
          connectWhatsAppNumber(state.db, values.remote ? process.env.WEBHOOK_SECRET_KEY : devSecretKey(), {
            companyId: required("company"),
            phone: required("phone"),
            displayName: required("name"),
            phoneNumberId: required("phone-number-id"),
            businessAccountId: required("business-account-id"),
            token: process.env.WHATSAPP_CONNECTION_TOKEN,
          }),
        );
      case "whatsapp disconnect":
        return await panel(() => disconnectWhatsAppNumber(state.db, required("company"), required("connection")));
      case "bulk-calls":
        return await panel(() => bulkCalls(state.db, required("company"), { count: required("count"), days: values.days }));
      case "bulk-kb-documents":
        return await panel(() => bulkKnowledgeBaseDocuments(state.db, required("company"), { count: required("count") }));
      case "agency price":
        return await panel(() => setAgencyPrice(state.db, required("company"), { setupPrice: required("setup-price") }));
      case "billing payment-method":
        return await panel(() =>
          setPaymentMethod(state.db, { companyId: required("company"), paymentMethodId: required("payment-method"), customerId: values.customer, brand: values.brand, last4: values.last4 }),
        );
      case "sip-trunk route":
        return await panel(() => routeNumberThroughTrunk(state.db, { companyId: required("company"), trunkId: required("trunk"), numberId: required("number") }));
      case "calls end":
        return await panel(() =>
          endDialledCall(state.db, { callId: required("call"), end: { result: required("result") as CallEnd["result"], durationSeconds: Number(values.duration ?? "0") } }),
        );
      case "alert create":
        return await panel(() =>
          createAlert(state.db, { companyId: required("company"), kind: required("kind"), threshold: required("threshold"), period: values.period }),
        );
    }
  } finally {
    await state.dispose();
  }
}

main().then(
  (result) => {
    process.stdout.write(`${JSON.stringify(result)}\n`);
  },
  (error: unknown) => {
    process.stderr.write(`${JSON.stringify({ error: error instanceof Error ? error.message : String(error) })}\n`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  },
);
