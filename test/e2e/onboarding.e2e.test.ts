import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { run as adminRun } from "../../scripts/admin";
import { frontDoor } from "../../scripts/lib/demo";
import { onboardCompany } from "../../scripts/lib/onboard";
import { domainTable } from "../../src/domains/table.generated";
import { root, SHARED_VARS, sharedDev, startDev, tsx, type DevServer } from "./harness";
import { idOf, jsonRequests, until } from "./requests";

/**
 * An operator onboards customers with the admin CLI only (the operator API underneath: no seed, no
 * SQL), and the customers' own keys then spend and send through the public API. On the run's shared
 * server (spending on): every company and key here is made by the test.
 */

let server: DevServer;
const { api, ok } = jsonRequests({ fetch: (path, init) => server.fetch(path, init) });

beforeAll(async () => {
  server = await sharedDev();
});

const run = promisify(execFile);

/** `npm run admin -- <args>` on the server's state, with secrets it reads from the environment. */
async function admin(args: string[], env: Record<string, string> = {}): Promise<any> {
  const { stdout } = await run(...tsx("scripts/admin.ts", [...args, "--persist-to", server.persistTo]), {
    cwd: root,
    env: { ...process.env, ...env },
  });
  return JSON.parse(stdout);
}

describe("an operator onboards a company with the CLI alone", () => {
  it("and the company's key tops up, dials, sends SMS and email, dispatches a campaign, lists documents and reads its inbox", async () => {
    const company = await admin([
      "tenant",
      "create",
      "--name",
      "Onboarded SL",
      "--plan",
      "Business",
      "--spend-enabled",
      "--capabilities",
      "sms,email,documents,inbox,campaigns,workspace",
      "--currency",
      "EUR",
      "--country",
      "ES",
    ]);
    const companyId = idOf(company, "company_id");
    await admin([
      "billing",
      "payment-method",
      "--company",
      companyId,
      "--payment-method",
      "pm_card_visa",
      "--customer",
      "cus_onboarded",
      "--brand",
      "visa",
      "--last4",
      "4242",
    ]);
    const agentId = idOf(
      await admin(["agent", "create", "--company", companyId, "--name", "Reception"]),
      "agent_id",
      "id",
      "agent.id",
    );
    const number = await admin(["number", "add", "--company", companyId, "--agent", agentId]);
    expect(number).toMatchObject({ number_id: expect.any(String), number: expect.stringMatching(/^\+\d+$/) });

    let identity = await admin([
      "email",
      "identity",
      "add",
      "--company",
      companyId,
      "--email",
      "hola@onboarded.example",
      "--name",
      "Onboarded SL",
    ]);
    const identityId = idOf(identity, "identity_id");
    // Against the fake provider the DNS records are confirmed within seconds.
    for (let attempt = 0; identity.status !== "verified" && attempt < 20; attempt++) {
      await new Promise((wait) => setTimeout(wait, 500));
      identity = await admin(["email", "identity", "verify", "--identity", identityId]);
    }
    expect(identity.status).toBe("verified");

    const mailbox = await admin([
      "mailbox",
      "add",
      "--company",
      companyId,
      "--kind",
      "forwarding",
      "--name",
      "Support",
    ]);
    const mailboxId = idOf(mailbox, "mailbox_id");
    await admin(["archive", "connect", "--company", companyId, "--url", server.fakes.providers.paperless!], {
      PAPERLESS_ARCHIVE_TOKEN: server.fakes.secrets.PAPERLESS_TOKEN!,
    });
    await admin(["workspace", "setup", "--company", companyId]);
    const key = idOf(
      await admin(["key", "create", "--company", companyId, "--scopes", "all", "--name", "ERP"]),
      "api_key",
    );

    await ok(key, "POST", "/billing/topups", { amount: 50 });
    const rates = await ok(key, "GET", "/rates?limit=100");
    const countries = await ok(key, "GET", "/rates/countries");
    expect(JSON.stringify(rates)).toContain('"ES"');
    expect(JSON.stringify(countries)).toContain('"ES"');
    await ok(key, "POST", "/calls/dial", { to: "+34612345678", agent_id: agentId });
    await ok(key, "POST", "/sms/send", { to: "+34612345678", text: "Su cita es el martes a las 10:00." });
    await ok(key, "POST", "/email/send", { to: "lucia@example.com", subject: "Your quote", body: "Hello Lucía" });

    const template = await ok(key, "POST", "/email-templates", {
      name: "Offer",
      subject: "Hello {{first_name}}",
      body: "<p>Hello {{first_name}}</p>",
    });
    const contact = await ok(key, "POST", "/contacts", { first_name: "Lucía", email: "lucia@example.com" });
    const list = await ok(key, "POST", "/contact-lists", { name: "Audience" });
    await ok(key, "POST", `/contact-lists/${list.id}/members`, { contact_ids: [contact.id] });
    const campaign = await ok(key, "POST", "/campaigns", {
      name: "Spring",
      agent_id: agentId,
      template_id: template.id,
    });
    await ok(key, "POST", `/campaigns/${campaign.id}/lists`, { list_ids: [list.id] });
    await ok(key, "POST", `/campaigns/${campaign.id}/dispatch`, {});

    await ok(key, "GET", "/documents");
    await ok(key, "GET", "/inbox/mailboxes");
    await ok(key, "GET", `/inbox/${mailboxId}/messages`);
    await ok(key, "GET", "/recados");
  });

  it("an agency's subaccount, made through the public API and enabled for spending by the operator, spends with its own key", async () => {
    const agencyId = idOf(
      await admin([
        "tenant",
        "create",
        "--name",
        "Agencia Norte",
        "--plan",
        "Agency",
        "--capabilities",
        "agency",
        "--currency",
        "EUR",
        "--spend-enabled",
      ]),
      "company_id",
    );
    const agencyKey = idOf(await admin(["key", "create", "--company", agencyId, "--scopes", "all"]), "api_key");
    const subaccount = await ok(agencyKey, "POST", "/agency/subaccounts", {
      name: "Clínica Sonrisa SL",
      plan: "Business",
      owner_email: `owner.${crypto.randomUUID().slice(0, 8)}@sonrisa.example`,
    });
    const subaccountId = idOf(subaccount, "id", "company_id");
    const subaccountKey = idOf(await admin(["key", "create", "--company", subaccountId, "--scopes", "all"]), "api_key");
    expect((await api(subaccountKey, "POST", "/billing/topups", { amount: 20 })).json.type).toMatch(
      /spend_not_enabled$/,
    );

    await admin(["tenant", "update", "--company", subaccountId, "--spend-enabled", "true", "--capabilities", "sms"]);
    await admin([
      "billing",
      "payment-method",
      "--company",
      subaccountId,
      "--payment-method",
      "pm_card_visa",
      "--customer",
      "cus_sonrisa",
    ]);
    await ok(subaccountKey, "POST", "/billing/topups", { amount: 20 });
    await ok(subaccountKey, "POST", "/sms/send", { to: "+34612345678", text: "Recordatorio de su cita." });
  });
});

describe("the CLI beside a busy server", () => {
  it("20 CLI commands while clients write steadily: no 5xx and no lost write", async () => {
    const [companyId, writersId] = (await Promise.all(
      ["Contention Co", "Writers Co"].map(async (name) =>
        idOf(await admin(["tenant", "create", "--name", name, "--plan", "Starter"]), "company_id"),
      ),
    )) as [string, string];
    // Each writer with a key of its own (the rate limit, 120 a minute on the shared server, is per
    // key), and one more that reads them back, of a company other than the one the commands add keys to.
    const [reader, ...writerKeys] = await Promise.all(
      ["reader", "writer-0", "writer-1", "writer-2"].map(async (name) =>
        idOf(await admin(["key", "create", "--company", writersId, "--scopes", "all", "--name", name]), "api_key"),
      ),
    );
    const statuses: number[] = [];
    /** Each 5xx's problem (its request id finds it in the server's log). */
    const failures: string[] = [];
    const created: string[] = [];
    /** Acknowledged writes per lane: the commands start once every lane is writing, and the lanes stop
     * only when the commands are done and each lane has written its share, whatever the machine's speed. */
    const perLane = [0, 0, 0];
    const WRITES_PER_LANE = 15;
    let writing = true;
    const writer = async (lane: number) => {
      for (let i = 0; writing; i++) {
        const response = await api(writerKeys[lane]!, "POST", "/contacts", {
          first_name: `Writer${lane}-${i}`,
          email: `w${lane}.${i}.${crypto.randomUUID().slice(0, 6)}@example.com`,
        });
        statuses.push(response.status);
        if (response.status >= 500) failures.push(JSON.stringify(response.json));
        if (response.status === 201) {
          created.push(response.json.id);
          perLane[lane]!++;
        }
        await new Promise((wait) => setTimeout(wait, 50));
      }
    };
    const writers = [0, 1, 2].map(writer);
    const commands = Array.from({ length: 20 }, (_, i) => [
      "key",
      "create",
      "--company",
      companyId,
      "--scopes",
      "contacts:read",
      "--name",
      `cli-${i}`,
    ]);
    const lanesReach = (writes: number) =>
      until(
        `every lane at ${writes} writes`,
        async () => [...perLane],
        (counts) => counts.every((n) => n >= writes),
        60_000,
      );
    await lanesReach(1);
    // Four at a time, as an operator's scripts would.
    for (let i = 0; i < commands.length; i += 4) await Promise.all(commands.slice(i, i + 4).map((args) => admin(args)));
    await lanesReach(WRITES_PER_LANE);
    writing = false;
    await Promise.all(writers);

    // A 429 (a writer past its key's quota on a slow run) is an answer, not a failure: none is a 5xx.
    expect(failures).toEqual([]);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(created.length).toBeGreaterThanOrEqual(3 * WRITES_PER_LANE);
    const keys = await admin(["key", "list", "--company", companyId]);
    expect(keys.data).toHaveLength(20);
    // Every write the server acknowledged is there (the contacts list is offset-paged: a short page is the last).
    const stored = new Set<string>();
    for (let offset = 0; ; offset += 100) {
      const page: { data: { id: string }[] } = await ok(reader!, "GET", `/contacts?limit=100&offset=${offset}`);
      for (const contact of page.data) stored.add(contact.id);
      if (page.data.length < 100) break;
    }
    expect(created.filter((id) => !stored.has(id))).toEqual([]);
  });
});

/**
 * Every public GET of the declarations without a path parameter, with the query a few of them
 * require; one more GET operation that answers the demo other than 200 fails below until it is
 * given its query here, so no new list escapes the comparison.
 */
const requiredQueries: Record<string, string> = {
  checkCalendar: "?at=2026-12-07T09:00:00.000Z",
};

/**
 * Lists the bulk demo fills that no operation can fill yet, each with why. The test fails when one
 * of them is filled through the front door, so the entry goes the day its writer comes.
 */
const withoutWriter: Record<string, string> = {};

function getOperations() {
  return domainTable.operations
    .filter((operation) => operation.method === "get" && !operation.path.includes("{"))
    .map((operation) => ({
      operationId: operation.operationId,
      path: `${operation.path.replace(/^\/api\/v1/, "")}${requiredQueries[operation.operationId] ?? ""}`,
    }));
}

/**
 * Where each path parameter's values come from: a list of the caller's own (its rows' `field`, `id`
 * by default), the parameters before it filled first. An operation under a parameter no entry
 * names fails the comparison until it is given one.
 */
const parents: Record<string, { list: string; field?: string }> = {
  request_id: { list: "/requests", field: "request_id" },
  contact_id: { list: "/contacts" },
  list_id: { list: "/contact-lists" },
  announcement_id: { list: "/announcements" },
  agent_id: { list: "/agents" },
  call_id: { list: "/calls" },
  template_id: { list: "/email-templates" },
  campaign_id: { list: "/campaigns" },
  mailbox_id: { list: "/inbox/mailboxes" },
  message_id: { list: "/inbox/{mailbox_id}/messages" },
  attachment_id: { list: "/inbox/{mailbox_id}/messages/{message_id}/attachments" },
  conversation_id: { list: "/inbox/{mailbox_id}/messages", field: "conversation_id" },
  conversation_uuid: { list: "/conversations" },
  subaccount_id: { list: "/subaccounts" },
};

/**
 * Every public GET under a resource (a path parameter): a list (a list's members, an agent's
 * versions, a mailbox's messages, ...), or one resource (a contact, a call, a message's attachment).
 */
function operationsUnderResources() {
  return domainTable.operations
    .filter((operation) => operation.method === "get" && operation.path.includes("{"))
    .map((operation) => ({ operationId: operation.operationId, path: operation.path.replace(/^\/api\/v1/, "") }));
}

/** How long an answer under a resource may take to come by the background work the onboarding started. */
const BACKGROUND_FILL_MS = 60_000;

/** How many of a parent list's rows are tried as a parameter's value. */
const PARENTS_TRIED = 5;

/**
 * The paths of `template` with its parameters filled from the caller's own rows, one at a time: its last
 * parameter from the first PARENTS_TRIED distinct values of its parent list, each of them under the
 * parent list's own parameters as they were filled (a message's attachment under that message's
 * mailbox, a mailbox's conversation under the mailbox whose messages name it).
 */
async function* filledPaths(
  get: (path: string) => Promise<{ status: number; json: unknown }>,
  template: string,
): AsyncGenerator<string> {
  const last = [...template.matchAll(/\{(\w+)\}/g)].at(-1)?.[1];
  if (!last) {
    yield template;
    return;
  }
  const parent = parents[last];
  if (!parent) throw new Error(`${template}: no parent list names {${last}} (parents)`);
  const parentPattern = new RegExp(`^${parent.list.replace(/\{(\w+)\}/g, "(?<$1>[^/]+)")}$`);
  for await (const parentPath of filledPaths(get, parent.list)) {
    const answer = await get(`${parentPath}?limit=${PARENTS_TRIED}`);
    if (answer.status !== 200) throw new Error(`${parentPath}: ${answer.status} ${JSON.stringify(answer.json)}`);
    const rows = (rowsOf(answer.json) ?? []) as Record<string, unknown>[];
    const values = [...new Set(rows.map((row) => row[parent.field ?? "id"]))].filter(
      (value): value is string => typeof value === "string",
    );
    let concrete = template;
    for (const [name, value] of Object.entries(parentPattern.exec(parentPath)?.groups ?? {}))
      concrete = concrete.replace(`{${name}}`, value);
    for (const value of values.slice(0, PARENTS_TRIED)) {
      const path = concrete.replace(`{${last}}`, encodeURIComponent(value));
      if (path.includes("{")) yield* filledPaths(get, path);
      else yield path;
    }
  }
}

/**
 * Whether the caller has what `template` names under some resource of its own: a list with rows,
 * or one resource (a contact, a subaccount's branding, an attachment's bytes) answered 200.
 */
async function hasUnderResource(
  get: (path: string) => Promise<{ status: number; json: unknown }>,
  template: string,
): Promise<boolean> {
  // One path at a time: the first that answers ends the search, before more parents are read.
  for await (const path of filledPaths(get, template)) {
    const answer = await get(path);
    const rows = rowsOf(answer.json);
    if (answer.status === 200 && (rows === undefined || rows.length > 0)) return true;
  }
  return false;
}

/** The rows a list answer carries (a page's data, or a bare array); undefined for an answer that is no list. */
const rowsOf = (body: unknown): unknown[] | undefined =>
  Array.isArray(body)
    ? body
    : body && typeof body === "object" && Array.isArray((body as { data?: unknown }).data)
      ? (body as { data: unknown[] }).data
      : undefined;

interface Onboarded {
  company_id: string;
  api_key: string;
}

/** A company onboarded the demo's way (scripts/lib/onboard.ts): the admin CLI's run() in process, which reaches the server through its state folder, and the public API with the company's key. */
const onboardedOn = (on: DevServer): Promise<Onboarded> =>
  onboardCompany(frontDoor({ url: on.baseUrl }, on.persistTo, adminRun), {
    name: "Puerta Principal SL",
    domain: `puerta-${crypto.randomUUID().slice(0, 8)}.example`,
    scale: "full",
    now: Date.now(),
    fakes: {
      whatsapp: on.fakes.providers.whatsapp,
      paperless: on.fakes.providers.paperless,
      paperlessToken: on.fakes.secrets.PAPERLESS_TOKEN,
      jmap: on.fakes.providers.jmap,
      postmark: on.fakes.providers.postmark,
    },
  });

/** A demo made by `npm run admin -- seed` through the running server (the fakes it recorded in its state folder). */
async function seededOn(on: DevServer): Promise<Onboarded> {
  const output = await adminRun(["seed", "--persist-to", on.persistTo]);
  if ("help" in output) throw new Error("admin seed answered its help");
  const seeded = output.result as Onboarded & { other_company: Onboarded };
  expect(seeded.other_company.company_id).not.toBe(seeded.company_id);
  return seeded;
}

/**
 * Onboards a company on `on` with the admin commands and its own key alone, then compares every
 * public GET with the demo's there: each list the demo fills, the company fills, and each kind of
 * resource the demo reads (a call, a mailbox's message, an attachment's bytes), the company reads
 * one of its own. Returns the company.
 */
async function fillsEveryListTheDemoFills(
  on: DevServer,
  onboard: (on: DevServer) => Promise<Onboarded>,
): Promise<Onboarded> {
  const { api } = jsonRequests({ fetch: (path, init) => on.fetch(path, init) });
  const company = await onboard(on);
  // Both read with keys of their own: the comparison's reads count against those keys' rate limit,
  // not against the demo key the run's other files use, nor the company's that try-it uses next.
  const readingKey = async (companyId: string) =>
    idOf(
      await on.admin(["key", "create", "--company", companyId, "--scopes", "all", "--name", "Comparison"]),
      "api_key",
    );
  const demoKey = await readingKey(on.demo.company_id);
  const companyKey = await readingKey(company.company_id);
  /** A read that waits out a 429 (the key's window) as a patient client does, so the count of reads cannot fail it. */
  const read = async (key: string, path: string) => {
    for (;;) {
      const answer = await api(key, "GET", path);
      if (answer.status !== 429) return answer;
      // The problem says when, as Retry-After does: "retry in N s".
      const seconds = Number(/retry in (\d+) s/.exec(String(answer.json?.detail))?.[1] ?? 5);
      await new Promise((wait) => setTimeout(wait, 1_000 * Math.min(60, seconds)));
    }
  };
  const operations = getOperations();
  expect(operations.length).toBeGreaterThan(30);
  const refused: string[] = [];
  const compared: string[] = [];
  const missing: string[] = [];
  for (const { operationId, path } of operations) {
    const demo = await read(demoKey, path);
    if (demo.status !== 200) {
      refused.push(`${operationId} ${path}: ${demo.status}`);
      continue;
    }
    const demoRows = rowsOf(demo.json);
    if (!demoRows?.length) continue;
    compared.push(operationId);
    const mine = await read(companyKey, path);
    if (mine.status !== 200 || !rowsOf(mine.json)?.length) missing.push(operationId);
  }
  // Under a resource: where some resource of the demo has rows (or answers), some of the company's does.
  const underResources = operationsUnderResources();
  expect(underResources.length).toBeGreaterThan(15);
  const demoLacks: string[] = [];
  for (const { operationId, path } of underResources) {
    if (!(await hasUnderResource((at) => read(demoKey, at), path))) {
      demoLacks.push(operationId);
      continue;
    }
    compared.push(operationId);
    // Some come by work the onboarding started (a mailbox's first sync, a forwarded mail's webhook).
    const filled = () => hasUnderResource((at) => read(companyKey, at), path);
    let has = await filled();
    for (const deadline = Date.now() + BACKGROUND_FILL_MS; !has && Date.now() < deadline; has = await filled())
      await new Promise((wait) => setTimeout(wait, 2_000));
    if (!has) missing.push(operationId);
  }
  // Every kind of resource is compared: one the demo has none of would prove nothing for it.
  expect(demoLacks).toEqual([]);
  expect(refused).toEqual([]);
  expect(missing.sort()).toEqual(Object.keys(withoutWriter).sort());
  // The demo fills lists of every kind: a comparison over a handful would prove little.
  expect(compared.length).toBeGreaterThan(40);
  return company;
}

/**
 * The served document's examples name the seeded demo's rows (seed names it: `docs examples set`),
 * so that try-it with its key succeeds: the campaign's agent and template, the sequence's two
 * templates, the email's identity (once the fake provider has verified it), the dial's agent, and
 * the delivery to replay (the seed's test event, once the local receiver took it).
 */
async function triedAsDocumented(on: DevServer, demo: Onboarded): Promise<void> {
  const { api, ok } = jsonRequests({ fetch: (path, init) => on.fetch(path, init) });
  await until(
    "the demo's sending identity verified",
    () => api(demo.api_key, "GET", "/email/connections?verified=true"),
    (answer) => (rowsOf(answer.json)?.length ?? 0) > 0,
  );
  await until(
    "the demo's test event delivered to the local receiver",
    () => api(demo.api_key, "GET", "/webhooks/deliveries?success=true&limit=1"),
    (answer) => (rowsOf(answer.json)?.length ?? 0) > 0,
  );
  const document = (await (await on.fetch("/api/v1/openapi.json")).json()) as {
    paths: Record<string, Record<string, { requestBody: { content: Record<string, { example: unknown }> } }>>;
  };
  for (const path of ["/campaigns", "/sequences", "/email/send", "/calls/dial", "/events/replay"])
    await ok(
      demo.api_key,
      "POST",
      path,
      document.paths[`/api/v1${path}`]!.post!.requestBody.content["application/json"]!.example,
    );
}

describe("the demo is a tenant: whatever the demo has, a company onboarded through the front door has", () => {
  it("onboarded with the admin commands and its own key alone, it has rows in every list the demo has rows in, and reads every kind of resource the demo reads", async () => {
    await fillsEveryListTheDemoFills(server, onboardedOn);
  });

  it("the same on three tenant stores, for a demo made by npm run admin -- seed, in another store than the bulk demo's, whose rows the document's examples then name (try-it succeeds)", async () => {
    // The run's state with two stores added, as a deployment adds them: new companies go to the emptiest.
    const threeStores = await startDev({ vars: SHARED_VARS, stores: 3 });
    try {
      const seeded = await fillsEveryListTheDemoFills(threeStores, seededOn);
      const companyId = seeded.company_id;
      await triedAsDocumented(threeStores, seeded);
      // Where it was placed: asked to move to store 0 (the demo's), it says where it moves from.
      const { adminSecret } = JSON.parse(readFileSync(join(threeStores.persistTo, "server.json"), "utf8")) as {
        adminSecret: string;
      };
      const move = await threeStores.fetch(`/admin/v1/companies/${companyId}/move`, {
        method: "POST",
        headers: { Authorization: `Bearer ${adminSecret}`, "Content-Type": "application/json" },
        body: JSON.stringify({ store: 0 }),
      });
      const progress = (await move.json()) as { from_store: number };
      expect([move.status, progress.from_store > 0], JSON.stringify(progress)).toEqual([202, true]);
    } finally {
      await threeStores.stop();
    }
  });

  it("restarted on its state, npm run dev brings the fakes back where they were: the demo's archive and mail server still answer", async () => {
    let server = await startDev({ vars: SHARED_VARS });
    try {
      const seeded = await seededOn(server);
      const reads = (on: DevServer) => {
        const { api } = jsonRequests({ fetch: (path, init) => on.fetch(path, init) });
        return async () => {
          const mailboxes = await api(seeded.api_key, "GET", "/inbox/mailboxes");
          const jmap = (rowsOf(mailboxes.json) as { id: string; kind: string }[]).find((box) => box.kind === "jmap");
          const folders = await api(seeded.api_key, "GET", `/inbox/${jmap!.id}/folders`);
          const documents = await api(seeded.api_key, "GET", "/documents");
          return { folders: folders.status, documents: documents.status, listed: rowsOf(documents.json)?.length ?? 0 };
        };
      };
      expect(await reads(server)()).toMatchObject({ folders: 200, documents: 200 });
      const { persistTo, port } = server;
      await server.stop();
      server = await startDev({ vars: SHARED_VARS, persistTo, port });
      const after = await reads(server)();
      expect(after).toMatchObject({ folders: 200, documents: 200 });
      expect(after.listed).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
  });
});
