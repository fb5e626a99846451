import { describe, expect, it } from "vitest";
import { platformOperatorOperations } from "../src/admin/operations";
import { createApp, workerDomains } from "../src/app";
import { callbacksAt, domainTable, jobOf } from "../src/core/domain-table";
import { domains } from "../src/domains";
import { domainLoaders } from "../src/domains/loaders";
import { domainTable as generated } from "../src/domains/table.generated";
import { call, operator, tenant } from "./helpers";

/**
 * The Worker finds its domains through a generated table and loads each on first use
 * (src/core/domain-table.ts). The domains are listed once, in src/domains/loaders.ts: the evaluated
 * list (src/domains/index.ts) is its loaders run, and the table must say what their declarations say.
 */
describe("the domain table", () => {
  it("is what the declarations say (else: npm run routes)", () => {
    expect(generated).toEqual(domainTable(domains, platformOperatorOperations));
  });

  it("is derived from the one list: the evaluated domains are the loaders', each under its loader's name, in its order", async () => {
    expect(domains.map((domain) => domain.name)).toEqual(Object.keys(domainLoaders.domains));
    // What the Worker loads on first use: the same domains (a product domain is built once per isolate), the same table and catalogue.
    const loaded = await workerDomains().loadAll();
    expect(loaded.map((domain) => domain.name)).toEqual(domains.map((domain) => domain.name));
    expect(
      loaded.filter((domain) => domain.name !== "webhooks").every((domain, index) => domain === domains[index]),
    ).toBe(true);
    expect(domainTable(loaded, platformOperatorOperations)).toEqual(generated);
    expect(loaded.flatMap((domain) => domain.events.map((event) => event.type))).toEqual(
      domains.flatMap((domain) => domain.events.map((event) => event.type)),
    );
    expect(await domainLoaders.eventSink()).toBe(domains.find((domain) => domain.eventSink)?.eventSink);
  });
});

describe("loading on first use", () => {
  it("loads nothing to start, and only the domain a request is routed to", async () => {
    const t = await tenant();
    const source = workerDomains();
    const app = createApp(source);
    expect(source.loadedNames()).toEqual([]);
    // Unknown paths and methods answer from the table alone.
    expect((await call("/api/v1/nothing-here", { key: t.key, app })).status).toBe(404);
    expect((await call("/api/v1/contacts/import", { key: t.key, app, method: "DELETE" })).status).toBe(405);
    expect(source.loadedNames()).toEqual([]);
    expect((await call("/api/v1/budgets", { key: t.key, app })).status).toBe(200);
    expect(source.loadedNames()).toEqual(["budgets"]);
    expect(
      (
        await call("/api/v1/contacts", {
          key: t.key,
          app,
          method: "POST",
          body: { first_name: "Ana", email: "ana@example.com" },
        })
      ).status,
    ).toBe(201);
    expect(source.loadedNames()).toEqual(["budgets", "contacts"]);
  });

  it("loads every domain for the documents, whichever is asked first", async () => {
    const source = workerDomains();
    const app = createApp(source);
    const response = await call("/api/v1/openapi.json", { app });
    expect(response.status).toBe(200);
    expect(Object.keys(response.json.paths).length).toBeGreaterThan(100);
    expect([...source.loadedNames()].sort()).toEqual(domains.map((domain) => domain.name).sort());
  });

  it("loads the owner of an operator operation only", async () => {
    const source = workerDomains();
    const app = createApp(source);
    const t = await tenant();
    expect((await operator(`/companies/${t.companyId}`, { app })).status).toBe(200);
    expect(source.loadedNames()).toEqual([]);
    expect((await operator("/keys/legacy", { app })).status).toBe(200);
    expect(source.loadedNames()).toEqual(["api-keys"]);
  });

  it("loads the domain of a job kind, and the domains of a callback path, only", async () => {
    const source = workerDomains();
    expect((await jobOf(source, "sms.reconcile_message"))?.kind).toBe("sms.reconcile_message");
    expect(source.loadedNames()).toEqual(["sms"]);
    expect(await jobOf(source, "no.such_kind")).toBeUndefined();
    const mail = await callbacksAt(source, "postmark", "email-events");
    expect(mail.map((callback) => callback.job.kind)).toEqual([
      "sequences.delivery_event",
      "campaigns.delivery_event",
      "email.delivery_event",
    ]);
    expect(source.loadedNames()).toEqual(["sms", "sequences", "campaigns", "email"]);
  });

  it("runs Cron work, queues and retention without loading the domains a module is built over", async () => {
    const source = workerDomains();
    for (const name of [...source.table.scheduled, ...source.table.retention, ...Object.values(source.table.queues)]) {
      const work = await source.work(name);
      const domain = domains.find((other) => other.name === name)!;
      expect(Object.keys(work.queues ?? {})).toEqual(Object.keys(domain.queues ?? {}));
      expect(work.retention).toEqual(domain.retention);
      expect(work.scheduled === undefined).toBe(domain.scheduled === undefined);
    }
    // The webhooks domain is built over every catalogue; its work is not.
    expect(source.loadedNames()).toEqual(["billing", "alerts", "telephony"]);
  });
});
