import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { revokeKey } from "../src/admin/provision";
import { keysChanged } from "../src/keys/key-changes";
import { planSets, plans, type Operation, type Plan } from "../src/core/operation";
import { knownScopes } from "../src/keys/scopes";
import { storeBinding, storeOf } from "../src/data/tenancy";
import { call, db, keyFor, slug } from "./helpers";
import { settleJobs } from "./jobs";
import {
  casesOf,
  idParams,
  isIdParam,
  label,
  OPEN,
  onlyGate,
  type Credential,
  type Kind,
} from "./security/declarations";
import { spending, surfaces, worker } from "./security/surfaces";
import {
  applySettings,
  auditEntries,
  capabilities,
  changedTables,
  exampleBody,
  expectProblem,
  ownParams,
  paramChoices,
  seededCompany,
  send,
  unknownLike,
  watchCompany,
  type Company,
  type CompanyWatch,
  type Send,
} from "./security/world";

/**
 * Security cases generated from the operation declarations, for every operation of every domain
 * (and a test spending operation, so that the gate S cases run before the catalogue's do):
 * authentication, scopes, gates, plans, spending, and another company's ids. Each case keeps
 * every gate open, the plan and grants generous and the path on the company's own ids, except
 * for the one thing it is about; a refused request writes nothing. test/security/ holds the
 * generator (declarations.ts), the apps (surfaces.ts) and the requests, ids and snapshots (world.ts).
 */

/** An Enterprise company with every capability and every domain's demo data; its key has every scope. */
let own: Company;
/** Another such company, whose ids `own` must not reach. */
let other: Company;
/** Counts every write to `other`'s rows: a request refused for its ids must make none. */
let otherWatch: CompanyWatch;
let revokedKey: string;
let noSuchPath: unknown;
/** The own company's values for each operation's path parameters: its first ids. */
const params = new Map<Operation, Record<string, string>>();

/** For the cases that make many requests: a busy machine must not fail them. */
const SLOW = 120_000;

const withoutRequestId = ({ request_id: _id, ...rest }: Record<string, unknown>) => rest;

beforeAll(async () => {
  own = await seededCompany("own", { region: "ES", currency: "EUR", vatRate: 21, seed: 1 });
  other = await seededCompany("other", { region: "GB", currency: "GBP", vatRate: 20, seed: 2 });
  const revoked = await keyFor(own.companyId);
  await keysChanged(env, [(await revokeKey(db, revoked.keyId)).lineage_id]);
  revokedKey = revoked.key;
  for (const surface of surfaces)
    for (const op of surface.operations) params.set(op, await ownParams(surface, op, own));
  noSuchPath = withoutRequestId((await call("/api/v1/no-such-path", { vars: OPEN })).json);
  otherWatch = await watchCompany(other.companyId);
}, 300_000); // two companies seeded in full: 20-60 s on a busy machine

// The triggers go with the file: the runtime is shared with the files after it.
// Undefined only when the set-up failed: that failure is the one to read.
afterAll(() => (otherWatch as CompanyWatch | undefined)?.stop());

/** A key of the own company with every scope but `scope`, one per scope. */
const keysWithout = new Map<string, Promise<{ key: string; keyId: string }>>();
const keyWithout = (scope: string) => {
  if (!keysWithout.has(scope))
    keysWithout.set(
      scope,
      keyFor(
        own.companyId,
        knownScopes.filter((known) => known !== scope),
      ),
    );
  return keysWithout.get(scope)!;
};

/**
 * Revokes keys a group of cases is done with. A change to the company (applySettings) tells every
 * active key's Durable Object, so a company that kept a key per scope and per case would make
 * each later case pay for a hundred objects.
 */
async function retire(keys: readonly Promise<{ keyId: string }>[]) {
  const lineages = await Promise.all(keys.map(async (key) => (await revokeKey(db, (await key).keyId)).lineage_id));
  await keysChanged(env, lineages);
}

/** Plan cases grouped by the account each needs: its plan and the capability the case is about, in first-seen order. */
function accountGroups(planCases: readonly { op: Operation; plan: Plan }[]) {
  const groups = new Map<string, [{ plan: Plan; capability: string }, Operation[]]>();
  for (const { op, plan } of planCases) {
    const name = `${plan}\0${op.capability}`;
    if (!groups.has(name)) groups.set(name, [{ plan, capability: op.capability }, []]);
    groups.get(name)![1].push(op);
  }
  return [...groups.values()];
}

const credentials: Record<Credential, () => Pick<Send, "key" | "authorization">> = {
  "no Authorization header": () => ({}),
  "a malformed key": () => ({ authorization: "Bearer svc_test_nothex!" }),
  "a revoked key": () => ({ key: revokedKey }),
};

for (const surface of surfaces) {
  const ops = surface.operations;
  const cases = casesOf(ops);

  describe(`${surface.name}: the generated cases`, () => {
    it("are as many of each kind as the declarations call for", () => {
      // Counted here from the declarations, not by the generator: a generator that silently stopped generating fails.
      const withGate = (...gates: string[]) => ops.filter((op) => gates.includes(op.gate)).length;
      const notInEveryPlan = ops.filter((op) => planSets[op.plans].length < plans.length).length;
      const expected: Record<Kind, number> = {
        unauthenticated: 3 * ops.length,
        insufficientScope: ops.length,
        gateClosed: withGate("W", "C") + 2 * withGate("S"), // S closes with either of its two switches
        gateOpen: ops.length,
        planRefused: notInEveryPlan,
        planGranted: notInEveryPlan,
        spendNotEnabled: withGate("S"),
        idempotencyKeyRequired: withGate("S"),
        otherCompany: ops.filter((op) => /\{([a-z_]*_)?(id|uuid)\}/.test(op.path)).length,
      };
      const generated = Object.fromEntries(Object.entries(cases).map(([kind, list]) => [kind, list.length]));
      console.info(`security cases over ${surface.name} (${ops.length} operations): ${JSON.stringify(generated)}`);
      expect(generated).toEqual(expected);
    });

    it("have a request body example for every operation that takes one, which its schema accepts", () => {
      const missing = ops
        .filter((op) => exampleBody(surface, op)?.valid === false)
        .map((op) => `${label(op)} (${op.operationId})`);
      expect(
        missing,
        "give these a request body example (in the OpenAPI document, or EXAMPLES in test/security/world.ts)",
      ).toEqual([]);
    });
  });

  describe(`${surface.name}: authentication`, () => {
    for (const { op, credential } of cases.unauthenticated) {
      it(`${label(op)} with ${credential}: 401 unauthorized, WWW-Authenticate: Bearer, nothing written`, async () => {
        const before = await auditEntries(own.companyId);
        const response = await send(surface, op, { params: params.get(op)!, vars: OPEN, ...credentials[credential]() });
        expectProblem(response, 401, "unauthorized", label(op));
        expect(response.headers.get("WWW-Authenticate")).toMatch(/^Bearer\b/);
        expect(response.headers.get("RateLimit"), "refused before the rate limit").toBeNull();
        expect(await auditEntries(own.companyId)).toBe(before);
      });
    }
  });

  describe(`${surface.name}: scopes`, () => {
    for (const { op } of cases.insufficientScope) {
      it(`${label(op)} with every scope but ${op.scope}: 403 insufficient_scope naming it, nothing written`, async () => {
        const key = await keyWithout(op.scope);
        const before = await auditEntries(own.companyId);
        const response = await send(surface, op, { params: params.get(op)!, vars: OPEN, key: key.key });
        expectProblem(response, 403, "insufficient_scope", label(op));
        expect(response.json.required_scope).toBe(op.scope);
        expect(await auditEntries(own.companyId)).toBe(before);
      });
    }
  });

  describe(`${surface.name}: gates`, () => {
    afterAll(async () => {
      await retire([...keysWithout.values()]);
      keysWithout.clear();
    });

    for (const { op, closing } of cases.gateClosed) {
      it(`${label(op)} (gate ${op.gate}) with ${closing.name}: 404 as for no such path, with or without a key, nothing read or written`, async () => {
        const before = await auditEntries(own.companyId);
        for (const key of [undefined, own.key]) {
          const response = await send(surface, op, { params: params.get(op)!, vars: closing.vars, key });
          expectProblem(response, 404, "not_found", `${label(op)} ${key ? "with" : "without"} a key`);
          expect(withoutRequestId(response.json)).toEqual(noSuchPath);
          // Neither authenticated nor counted: the key's guard was never asked.
          expect(response.headers.get("RateLimit")).toBeNull();
          expect(response.headers.get("WWW-Authenticate")).toBeNull();
        }
        expect(await auditEntries(own.companyId)).toBe(before);
      });
    }

    for (const { op } of cases.gateOpen) {
      it(`${label(op)} (gate ${op.gate}) is reached with only its own switches on`, async () => {
        // Without the scope: reaching the scope check shows the gate let the request through, and nothing runs.
        const key = await keyWithout(op.scope);
        const response = await send(surface, op, { params: params.get(op)!, vars: onlyGate(op.gate), key: key.key });
        expectProblem(response, 403, "insufficient_scope", label(op));
        expect(response.headers.get("RateLimit")).not.toBeNull();
      });
    }
  });

  // No describe without cases (the Worker declares no gate S operation yet): the counts above cover them.
  // The cases are grouped by the account they need (a plan, and a capability withheld or granted),
  // which is set once per group: the requests, not the account changes, are what they are about.
  describe.runIf(cases.planRefused.length > 0)(`${surface.name}: plans`, () => {
    for (const [account, group] of accountGroups(
      cases.planRefused.flatMap(({ op, plans }) => plans.map((plan) => ({ op, plan }))),
    )) {
      describe(`on ${account.plan} without ${account.capability}`, () => {
        let restore: () => Promise<void>;
        beforeAll(async () => {
          restore = await applySettings(own, {
            plan: account.plan,
            capabilities: capabilities.filter((capability) => capability !== account.capability),
          });
        });
        afterAll(() => restore());

        for (const op of group) {
          it(`${label(op)} (plans ${op.plans}) on ${account.plan} without ${op.capability}: 403 capability_required, nothing written`, async () => {
            const before = await auditEntries(own.companyId);
            const response = await send(surface, op, { params: params.get(op)!, vars: OPEN, key: own.key });
            expectProblem(response, 403, "capability_required", `${label(op)} on ${account.plan}`);
            expect(response.json.required_capability).toBe(op.capability);
            expect(await auditEntries(own.companyId)).toBe(before);
          });
        }
      });
    }

    for (const [account, group] of accountGroups(cases.planGranted)) {
      describe(`on ${account.plan} granted ${account.capability}`, () => {
        let restore: () => Promise<void>;
        beforeAll(async () => {
          restore = await applySettings(own, { plan: account.plan, capabilities: [account.capability] });
        });
        afterAll(() => restore());

        for (const op of group) {
          it(`${label(op)} (plans ${op.plans}) on ${account.plan} granted ${op.capability}: past the plan check`, async () => {
            // A key for this test alone, and the ids it reaches: the request may run (and rotate the key it names).
            const fresh = await keyFor(own.companyId);
            const caller: Company = { ...own, key: fresh.key, keyId: fresh.keyId };
            const path = await ownParams(surface, op, caller);
            try {
              const response = await send(surface, op, { params: path, vars: OPEN, key: caller.key });
              const answer = `${label(op)} answered ${response.status} ${response.text.slice(0, 300)}`;
              expect(response.status, answer).not.toBe(401);
              expect(slug(response.json), answer).not.toBe("capability_required");
            } finally {
              // The request may have rotated it (then its successor is revoked with it).
              await retire([Promise.resolve(fresh)]);
            }
          });
        }
      });
    }
  });

  describe.runIf(cases.spendNotEnabled.length > 0)(`${surface.name}: spending (gate S)`, () => {
    describe("for an account not enabled for spending", () => {
      let restore: () => Promise<void>;
      beforeAll(async () => {
        restore = await applySettings(own, { spendEnabled: false });
      });
      afterAll(() => restore());

      for (const { op } of cases.spendNotEnabled) {
        it(`${label(op)}: 403 spend_not_enabled, nothing written`, async () => {
          const before = await auditEntries(own.companyId);
          const response = await send(surface, op, { params: params.get(op)!, vars: OPEN, key: own.key });
          expectProblem(response, 403, "spend_not_enabled", label(op));
          expect(await auditEntries(own.companyId)).toBe(before);
        });
      }
    });

    for (const { op } of cases.idempotencyKeyRequired) {
      it(`${label(op)} without Idempotency-Key: 400 idempotency_key_required, nothing written`, async () => {
        const before = await auditEntries(own.companyId);
        const response = await send(surface, op, {
          params: params.get(op)!,
          vars: OPEN,
          key: own.key,
          idempotencyKey: false,
        });
        expectProblem(response, 400, "idempotency_key_required", label(op));
        expect(await auditEntries(own.companyId)).toBe(before);
      });
    }
  });

  describe.runIf(cases.otherCompany.length > 0)(`${surface.name}: another company's ids`, () => {
    for (const { op } of cases.otherCompany) {
      const ids = idParams(op.path)
        .map((name) => `{${name}}`)
        .join(", ");
      it(
        `${label(op)} with the other company's ${ids}: 404 not_found as for an unknown id, nothing of theirs changed`,
        async () => {
          // A key of the other company for this test alone: the rotate path takes the calling key's
          // id, and the owner's request at the end may rotate it.
          const fresh = await keyFor(other.companyId);
          const owner: Company = { ...other, key: fresh.key, keyId: fresh.keyId };
          const view = ops.find((candidate) => candidate.method === "get" && candidate.path === op.path);
          const example = exampleBody(surface, op);
          const hint = example?.valid === false ? ` (no valid request body example: ${example.source} was sent)` : "";
          const choices = await paramChoices(surface, op, owner);
          // Taken once: the owner's request below changes something only when it is served, and then the test ends
          // (an owner's 404 that changed something would show at the next id, and is a bug too).
          const writes = await otherWatch.writes();
          const audited = await auditEntries(other.companyId);
          for (const [index, params] of choices.entries()) {
            const viewed = view && (await send(surface, view, { params, vars: OPEN, key: owner.key }));

            const foreign = await send(surface, op, { params, vars: OPEN, key: own.key });
            expectProblem(foreign, 404, "not_found", `${label(op)} with ${JSON.stringify(params)}${hint}`);
            if (index === 0) {
              const unknown = Object.fromEntries(
                Object.entries(params).map(([name, value]) => [name, isIdParam(name) ? unknownLike(value) : value]),
              );
              const missing = await send(surface, op, { params: unknown, vars: OPEN, key: own.key });
              expect(withoutRequestId(foreign.json), "another company's id is answered unlike an unknown id").toEqual(
                withoutRequestId(missing.json),
              );
            }

            expect(await auditEntries(other.companyId), "the other company's audit log has a new entry").toBe(audited);
            expect(
              changedTables(writes, await otherWatch.writes()),
              "tables where rows of the other company were written",
            ).toEqual([]);
            if (view && viewed) {
              const again = await send(surface, view, { params, vars: OPEN, key: owner.key });
              expect([again.status, again.json], `GET ${view.path} by its owner`).toEqual([viewed.status, viewed.json]);
            }

            // The owner's same request finds the resource, so the 404 above was the tenancy check. The
            // first ids may be of resources the operation refuses for their state (a revoked invite): then the next.
            const mine = await send(surface, op, { params, vars: OPEN, key: owner.key });
            expect(
              mine.status,
              `${label(op)} by its owner answered ${mine.status} ${mine.text.slice(0, 300)}`,
            ).toBeLessThan(500);
            if (!(mine.status === 404 && slug(mine.json) === "not_found")) {
              // What it queued (a campaign's sends) runs now, not in the background of the next case's snapshot.
              await settleJobs(other.companyId);
              return;
            }
          }
          throw new Error(
            `${label(op)}: the other company itself gets 404 for each of its ${choices.length} ids, so the 404 above proves nothing. ` +
              `The seed (scale "full") must create a resource this request finds.`,
          );
        },
        SLOW,
      );
    }
  });
}

describe("coverage", () => {
  it("the watch of the other company counts a write to its rows, even of the same values, and nobody else's", async () => {
    const before = await otherWatch.writes();
    const touch = async (companyId: string) => {
      await env.DB.prepare("UPDATE companies SET name = name WHERE id = ?1").bind(companyId).run();
      const store = storeBinding(env, await storeOf(env, companyId))!;
      await store.prepare("UPDATE audit_log SET operation = operation WHERE company_id = ?1").bind(companyId).run();
    };
    await touch(own.companyId);
    expect(changedTables(before, await otherWatch.writes())).toEqual([]);
    await touch(other.companyId);
    expect(changedTables(before, await otherWatch.writes())).toEqual(["audit_log", "companies"]);
  });

  it("runs every kind of case on some surface today, gate S included", () => {
    const total = (kind: Kind) => surfaces.reduce((sum, surface) => sum + casesOf(surface.operations)[kind].length, 0);
    for (const kind of Object.keys(casesOf([])) as Kind[]) expect(total(kind), kind).toBeGreaterThan(0);
    expect(casesOf(spending.operations).spendNotEnabled).toHaveLength(1);
    expect(worker.operations.length).toBeGreaterThanOrEqual(32);
  });
});
