import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { auditLog, idempotentAnswers } from "../src/data/schema";
import { databaseFor } from "../src/data/tenancy";
import { documents } from "../src/domains/budgets/schema";
import { helpCentre } from "../src/domains/knowledge-bases/articles";
import { kbCollections } from "../src/domains/knowledge-bases/schema";
import { teamInvites } from "../src/domains/team/schema";
import { phoneNumbers } from "../src/domains/telephony/schema";
import { CLAIM_LEASE_MS } from "../src/keys/claim-lease";
import { moveClock, resetClock } from "./clock";
import { dyingAt } from "./faults";
import { agency, childOf, dnsRecords } from "./fixtures/agency";
import { agentYaml, newAgent } from "./fixtures/agents";
import { alertWith } from "./fixtures/alerts";
import { billedCompany, send } from "./fixtures/billing";
import { setSchedule } from "./fixtures/calendar";
import { callRow, insertCalls, insertLabels } from "./fixtures/calls";
import { OPEN as CONVERSATIONS_OPEN, uniqueMobile, whatsappCompany } from "./fixtures/conversations";
import { createBase, kbTenant } from "./fixtures/knowledge-bases";
import { call, db, slug, tenant } from "./helpers";
import { OPEN } from "./security/declarations";
import { spendingCompany } from "./security/spend-fixtures";

/*
 * POST /budgets with an Idempotency-Key, its Worker dying at a point of its two round trips (the
 * key's object, then the D1 batch that writes the budget and marks the key; the answer kept after
 * the response). The death is made by the request's bindings (test/faults.ts): from that point on
 * its D1 calls and its call telling the key's object of the completion fail, as a Worker that died
 * there never makes them. The retries have the runtime's bindings. Each case ends with one budget.
 */

afterEach(resetClock);

const body = { client_name: "Ana López", items: [{ concept: "Installation", units: 2, unit_price: 50 }] };

async function written(companyId: string) {
  const store = databaseFor(env, companyId);
  const [budgets, audited, marks] = await Promise.all([
    store.select({ id: documents.id }).from(documents).where(eq(documents.companyId, companyId)),
    store
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.resourceType, "budget"))),
    store
      .select({ state: idempotentAnswers.state })
      .from(idempotentAnswers)
      .where(eq(idempotentAnswers.companyId, companyId)),
  ]);
  return { budgets: budgets.length, audited: audited.length, marks: marks.map((mark) => mark.state) };
}

async function firstRequestDiesAt(at: "after-batch" | "after-answer") {
  const t = await tenant();
  const idempotencyKey = crypto.randomUUID();
  const request = { key: t.key, body, headers: { "Idempotency-Key": idempotencyKey } };
  // The client got its answer (sent before the work that follows it), then the Worker died.
  const first = await call("/api/v1/budgets", { ...request, vars: { ...dyingAt(env, at, "reject") } });
  expect(first.status, first.text).toBe(201);
  return { t, request, first };
}

describe("POST /budgets whose Worker died after its batch, before the key's object heard of the completion", () => {
  it("its answer filled in: a retry while the object still shows the claim in flight replays it; one budget", async () => {
    const { t, request, first } = await firstRequestDiesAt("after-answer");
    expect(await written(t.companyId)).toEqual({ budgets: 1, audited: 1, marks: ["answered"] });

    const inFlight = await call("/api/v1/budgets", request);
    expect(inFlight.status).toBe(201);
    expect(inFlight.headers.get("Idempotent-Replayed")).toBe("true");
    expect(inFlight.json).toEqual(first.json);

    // Once the claim lapsed, the retry hands the answer to the object, which replays it from then on.
    await moveClock(CLAIM_LEASE_MS + 1_000);
    const lapsed = await call("/api/v1/budgets", request);
    expect(lapsed.status).toBe(201);
    expect(lapsed.json).toEqual(first.json);
    const again = await call("/api/v1/budgets", request);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.json).toEqual(first.json);

    expect(await written(t.companyId)).toEqual({ budgets: 1, audited: 1, marks: ["answered"] });
  });

  it("its answer never filled in (the death right after the batch): never run again, its answer read back from the budget", async () => {
    const { t, request, first } = await firstRequestDiesAt("after-batch");
    expect(await written(t.companyId)).toEqual({ budgets: 1, audited: 1, marks: ["committed"] });

    // The answer is computed from the batch's own results (the budget number it drew), so it is
    // kept after the batch, and a death in between loses it: in flight the key is in use ...
    const inFlight = await call("/api/v1/budgets", request);
    expect(inFlight.status).toBe(409);
    expect(slug(inFlight.json)).toBe("idempotency_key_in_use");
    // ... and once the claim lapsed the retry reads it back from the budget the batch wrote (its
    // mark names it), and the key keeps it: the same status and body, replayed.
    await moveClock(CLAIM_LEASE_MS + 1_000);
    const lapsed = await call("/api/v1/budgets", request);
    expect(lapsed.status, lapsed.text).toBe(201);
    expect(lapsed.headers.get("Idempotent-Replayed")).toBe("true");
    expect(lapsed.json).toEqual(first.json);
    const again = await call("/api/v1/budgets", request);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.json).toEqual(first.json);

    expect(await written(t.companyId)).toEqual({ budgets: 1, audited: 1, marks: ["answered"] });
  });
});

describe("other writes that declare a replay, their Worker dead right after the batch", () => {
  /** What a case sets up: the company and key that send the write, the write, and the switches it needs. */
  interface Write {
    t: { key: string; companyId: string };
    path: string;
    method: string;
    body?: unknown;
    headers?: Record<string, string>;
    vars?: Record<string, string>;
  }
  const withKey = async (setUp: (t: { key: string; companyId: string }) => Promise<Omit<Write, "t">>) => {
    const t = await tenant({ capabilities: ["campaigns", "team"] });
    return { t, ...(await setUp(t)) };
  };
  const subaccount = async () => {
    const parent = await agency();
    const child = await childOf(parent.companyId);
    return { parent, child };
  };
  const ZONE = "Europe/Madrid";
  const trunkBody = {
    name: "Main carrier",
    host: "sip.carrier.example",
    username: "acme",
    password: "Very-s3cret-trunk-pass",
    channels: 10,
  };
  /** A SIP trunk made through the API (the telephony provider's fake), its id. */
  const madeTrunk = async (key: string) => {
    const made = await send("POST", "/api/v1/sip-trunks", key, trunkBody);
    expect(made.status, made.text).toBe(201);
    return made.json.id as string;
  };

  // Each: what to set up first, then the write, whose answer is rebuilt from the rows it wrote.
  const cases: [string, () => Promise<Write>][] = [
    [
      "POST /contacts",
      () => withKey(async () => ({ path: "/api/v1/contacts", method: "POST", body: { phone: "+34612345678" } })),
    ],
    [
      "PATCH /contacts/{contact_id}",
      () =>
        withKey(async ({ key }) => {
          const created = await call("/api/v1/contacts", { key, body: { phone: "+34612345679" } });
          expect(created.status, created.text).toBe(201);
          return { path: `/api/v1/contacts/${created.json.id}`, method: "PATCH", body: { first_name: "Lucía" } };
        }),
    ],
    [
      "POST /contacts/identify (a new phone)",
      () =>
        withKey(async () => ({ path: "/api/v1/contacts/identify", method: "POST", body: { phone: "+34612345670" } })),
    ],
    [
      "POST /contact-lists",
      () => withKey(async () => ({ path: "/api/v1/contact-lists", method: "POST", body: { name: "Leads" } })),
    ],
    [
      "PATCH /sequences/{sequence_id}",
      () =>
        withKey(async ({ key }) => {
          const template = await call("/api/v1/email-templates", {
            key,
            body: { name: "Welcome", subject: "Hi {{first_name}}", body: "<p>Hello</p>" },
          });
          expect(template.status, template.text).toBe(201);
          const steps = [{ template_id: template.json.id, delay_days: 0 }];
          const created = await call("/api/v1/sequences", { key, body: { name: "Onboarding", steps } });
          expect(created.status, created.text).toBe(201);
          return { path: `/api/v1/sequences/${created.json.id}`, method: "PATCH", body: { name: "Welcome" } };
        }),
    ],
    [
      "PATCH /contact-lists/{list_id}",
      () =>
        withKey(async ({ key }) => {
          const created = await call("/api/v1/contact-lists", { key, body: { name: "Leads" } });
          expect(created.status, created.text).toBe(201);
          return { path: `/api/v1/contact-lists/${created.json.id}`, method: "PATCH", body: { name: "Hot leads" } };
        }),
    ],
    [
      "PATCH /alerts",
      () =>
        withKey(async ({ companyId }) => {
          const id = crypto.randomUUID();
          await alertWith(companyId, { id });
          return { path: "/api/v1/alerts", method: "PATCH", body: { alert_id: id, threshold: 60.5 } };
        }),
    ],
    [
      "POST /agents/{agent_id}/versions",
      () =>
        withKey(async ({ companyId }) => {
          const { agent } = await newAgent(companyId);
          return {
            path: `/api/v1/agents/${agent.id}/versions`,
            method: "POST",
            body: agentYaml(1),
            headers: { "Content-Type": "application/yaml" },
          };
        }),
    ],
    [
      "POST /calls/{call_id}/labels",
      () =>
        withKey(async ({ companyId }) => {
          await insertLabels(db, companyId, ["vip"]);
          const row = callRow(companyId, ZONE, { startedAt: new Date(Date.now() - 86_400_000).toISOString() });
          await insertCalls(db, [row]);
          return { path: `/api/v1/calls/${row.id}/labels`, method: "POST", body: { label_key: "vip" } };
        }),
    ],
    [
      "PATCH /numbers/{number_id}",
      () =>
        withKey(async ({ companyId }) => {
          const id = crypto.randomUUID();
          const at = "2026-01-01T00:00:00.000Z";
          await db.insert(phoneNumbers).values({
            id,
            companyId,
            e164: "+34910000001",
            name: "Line 1",
            country: "ES",
            capabilities: ["voice"],
            agentId: null,
            createdAt: at,
            updatedAt: at,
          });
          return { path: `/api/v1/numbers/${id}`, method: "PATCH", body: { name: "Sales" } };
        }),
    ],
    [
      "PUT /calendar/schedule",
      () =>
        withKey(async () => ({
          path: "/api/v1/calendar/schedule",
          method: "PUT",
          body: { time_zone: ZONE, week: { monday: [{ start: "09:00", end: "17:00" }] } },
        })),
    ],
    [
      "PUT /calendar/overrides",
      () =>
        withKey(async ({ key }) => {
          const schedule = await setSchedule(key, ZONE, { monday: [{ start: "09:00", end: "17:00" }] });
          expect(schedule.status, schedule.text).toBe(200);
          return { path: "/api/v1/calendar/overrides", method: "PUT", body: { date: "2030-12-24", closed: true } };
        }),
    ],
    [
      "PATCH /kb/collections/{collection_id}",
      async () => {
        const t = await kbTenant();
        await createBase(t.companyId, helpCentre);
        const [collection] = await db
          .select({ id: kbCollections.id })
          .from(kbCollections)
          .where(eq(kbCollections.companyId, t.companyId))
          .limit(1);
        return { t, path: `/api/v1/kb/collections/${collection!.id}`, method: "PATCH", body: { name: "Renamed" } };
      },
    ],
    [
      "DELETE /team/invites/{invite_id}",
      () =>
        withKey(async ({ companyId }) => {
          const id = crypto.randomUUID();
          await db.insert(teamInvites).values({
            id,
            companyId,
            email: "new@example.com",
            status: "pending",
            expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
            createdAt: "2026-03-01T00:00:00.000Z",
          });
          return { path: `/api/v1/team/invites/${id}`, method: "DELETE" };
        }),
    ],
    [
      "DELETE /webhooks",
      () =>
        withKey(async ({ key }) => {
          const vars = { WEBHOOKS_ALLOW_LOOPBACK: "true" };
          const created = await call("/api/v1/webhooks", {
            key,
            body: { url: "http://127.0.0.1:9/hook", events: ["budget.created"] },
            vars,
          });
          expect(created.status, created.text).toBe(200);
          return { path: "/api/v1/webhooks", method: "DELETE", vars };
        }),
    ],
    [
      "POST /conversations/{conversation_uuid}/messages (a note)",
      async () => {
        const company = await whatsappCompany();
        const { conversationId } = await company.inbound(uniqueMobile());
        return {
          t: company,
          path: `/api/v1/conversations/${conversationId}/messages`,
          method: "POST",
          body: { type: "note", text: "Call back on Monday" },
          vars: CONVERSATIONS_OPEN,
        };
      },
    ],
    [
      "POST /whatsapp/whitelist",
      async () => {
        const company = await whatsappCompany();
        return {
          t: company,
          path: "/api/v1/whatsapp/whitelist",
          method: "POST",
          body: { phone: uniqueMobile() },
          vars: CONVERSATIONS_OPEN,
        };
      },
    ],
    [
      "PATCH /subaccounts/{subaccount_id}/packaging",
      async () => {
        const { parent, child } = await subaccount();
        return {
          t: parent,
          path: `/api/v1/subaccounts/${child.companyId}/packaging`,
          method: "PATCH",
          body: { hide_plans: true },
          vars: OPEN,
        };
      },
    ],
    [
      "POST /sip-trunks",
      async () => ({
        t: await spendingCompany({ balanceMinor: 10_000 }),
        path: "/api/v1/sip-trunks",
        method: "POST",
        body: trunkBody,
        vars: OPEN,
      }),
    ],
    [
      "PATCH /sip-trunks/{trunk_id}",
      async () => {
        const t = await spendingCompany({ balanceMinor: 10_000 });
        const trunk = await madeTrunk(t.key);
        return { t, path: `/api/v1/sip-trunks/${trunk}`, method: "PATCH", body: { channels: 20 }, vars: OPEN };
      },
    ],
    [
      "DELETE /sip-trunks/{trunk_id}",
      async () => {
        const t = await spendingCompany({ balanceMinor: 10_000 });
        const trunk = await madeTrunk(t.key);
        return { t, path: `/api/v1/sip-trunks/${trunk}`, method: "DELETE", vars: OPEN };
      },
    ],
    [
      "DELETE /whatsapp/whitelist",
      async () => {
        const company = await whatsappCompany();
        const phone = uniqueMobile();
        const reserved = await company.api("/api/v1/whatsapp/whitelist", { method: "POST", body: { phone } });
        expect(reserved.status, reserved.text).toBe(200);
        return {
          t: company,
          path: `/api/v1/whatsapp/whitelist?phone=${encodeURIComponent(phone)}`,
          method: "DELETE",
          vars: CONVERSATIONS_OPEN,
        };
      },
    ],
    [
      "PATCH /subaccounts/{subaccount_id}/branding",
      async () => {
        const { parent, child } = await subaccount();
        return {
          t: parent,
          path: `/api/v1/subaccounts/${child.companyId}/branding`,
          method: "PATCH",
          body: { company_name: "Acme Reformas", primary_color: "#112233" },
          vars: OPEN,
        };
      },
    ],
    [
      "POST /whatsapp/typing",
      async () => {
        const company = await whatsappCompany();
        const { messageId } = await company.inbound(uniqueMobile(), { text: "Hola" });
        return {
          t: company,
          path: "/api/v1/whatsapp/typing",
          method: "POST",
          body: { message_id: messageId },
          vars: CONVERSATIONS_OPEN,
        };
      },
    ],
    [
      "POST /subaccounts/{subaccount_id}/branding/verify-domain",
      async () => {
        const { parent, child } = await subaccount();
        const domain = `app-${crypto.randomUUID().slice(0, 8)}.example.org`;
        const branded = await send("PATCH", `/api/v1/subaccounts/${child.companyId}/branding`, parent.key, {
          custom_domain: domain,
        });
        expect(branded.status, branded.text).toBe(200);
        await dnsRecords(`_svc-verify.${domain}`, { data: [`svc-verify=${child.companyId}`] });
        return {
          t: parent,
          path: `/api/v1/subaccounts/${child.companyId}/branding/verify-domain`,
          method: "POST",
          vars: OPEN,
        };
      },
    ],
    [
      "DELETE /billing/subscription",
      async () => {
        const t = await billedCompany({ balanceMinor: 100_000, plan: "PAYG" });
        const hired = await send("POST", "/api/v1/billing/subscription", t.key, { plan: "Starter" });
        expect(hired.status, hired.text).toBe(201);
        return { t, path: "/api/v1/billing/subscription", method: "DELETE", vars: OPEN };
      },
    ],
  ];

  it.each(cases)(
    "%s: after the lease the retry gets the same status and body, replayed; no second write",
    async (_name, setUp) => {
      const { t, path, method, body: sent, headers, vars } = await setUp();
      const request = {
        key: t.key,
        method,
        body: sent,
        headers: { ...headers, "Idempotency-Key": crypto.randomUUID() },
        vars,
      };
      const first = await call(path, { ...request, vars: dyingAt({ ...env, ...vars }, "after-batch", "reject") });
      expect(first.status, first.text).toBeLessThan(300);
      const entries = async () =>
        (
          await databaseFor(env, t.companyId)
            .select({ id: auditLog.id })
            .from(auditLog)
            .where(eq(auditLog.companyId, t.companyId))
        ).length;
      const writes = await entries();
      const [mark] = await databaseFor(env, t.companyId)
        .select({ state: idempotentAnswers.state })
        .from(idempotentAnswers)
        .where(
          and(
            eq(idempotentAnswers.companyId, t.companyId),
            eq(idempotentAnswers.idempotencyKey, request.headers["Idempotency-Key"]),
          ),
        );
      // The death left the write without its answer: what the replay is for.
      expect(mark?.state).toBe("committed");

      await moveClock(CLAIM_LEASE_MS + 1_000);
      const retry = await call(path, request);
      expect(retry.status, retry.text).toBe(first.status);
      expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
      expect(retry.json).toEqual(first.json);
      expect(await entries()).toBe(writes);
    },
  );
});
