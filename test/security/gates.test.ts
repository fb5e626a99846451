import { beforeAll, describe, expect, it } from "vitest";
import type { Operation } from "../../src/core/operation";
import { knownScopes } from "../../src/core/scopes";
import { call, keyFor, slug, tenant } from "../helpers";
import { casesOf, label, OPEN, onlyGate } from "./declarations";
import { surfaces } from "./surfaces";
import { auditEntries, capabilities, expectProblem, ownParams, seededCompany, send, type Company } from "./world";

/**
 * Generated from the operation declarations: gates (a closed switch hides the operation before
 * authentication; its own switches alone open it), plans (a plan without the capability is
 * refused unless the account was granted it) and gate S (spending needs an enabled account and an
 * Idempotency-Key). Gate S cases also run over a test spending operation, so that they run before
 * the catalogue's spend operations exist.
 */

let own: Company;
let noSuchPath: unknown;
const params = new Map<Operation, Record<string, string>>();

beforeAll(async () => {
  own = await seededCompany("own", { region: "ES", currency: "EUR", vatRate: 21, seed: 2 });
  for (const surface of surfaces) for (const op of surface.operations) params.set(op, await ownParams(surface, op, own));
  const { request_id: _id, ...answer } = (await call("/api/v1/no-such-path", { vars: OPEN })).json;
  noSuchPath = answer;
}, 60_000);

/** A company with every scope, refused or granted the operation's capability by its plan and grants. */
const companyWith = (input: Parameters<typeof tenant>[0]) => tenant({ spendEnabled: true, ...input }, knownScopes);

for (const surface of surfaces) {
  const cases = casesOf(surface.operations);

  describe(`${surface.name}: gates`, () => {
    for (const { op, closing } of cases.gateClosed) {
      it(`${label(op)} (gate ${op.gate}) with ${closing.name}: 404 as for no such path, with or without a key, nothing read or written`, async () => {
        const before = await auditEntries(own.companyId);
        for (const key of [undefined, own.key]) {
          const response = await send(surface, op, { params: params.get(op)!, vars: closing.vars, key });
          expectProblem(response, 404, "not_found", `${label(op)} ${key ? "with" : "without"} a key`);
          const { request_id: _id, ...answer } = response.json;
          expect(answer).toEqual(noSuchPath);
          // Neither authenticated nor counted: the key's guard was never asked.
          expect(response.headers.get("RateLimit")).toBeNull();
          expect(response.headers.get("WWW-Authenticate")).toBeNull();
        }
        expect(await auditEntries(own.companyId)).toBe(before);
      });
    }

    for (const { op } of cases.gateOpen) {
      it(`${label(op)} (gate ${op.gate}) is reached with only its own switches on`, async () => {
        // A key without the scope: reaching the scope check shows the gate let the request through, and nothing runs.
        const key = await keyFor(own.companyId, knownScopes.filter((scope) => scope !== op.scope));
        const response = await send(surface, op, { params: params.get(op)!, vars: onlyGate(op.gate), key: key.key });
        expectProblem(response, 403, "insufficient_scope", label(op));
        expect(response.headers.get("RateLimit")).not.toBeNull();
      });
    }
  });

  describe.runIf(cases.planRefused.length + cases.planGranted.length > 0)(`${surface.name}: plans`, () => {
    for (const { op, plan } of cases.planRefused) {
      it(`${label(op)} (plans ${op.plans}) for a ${plan} company without ${op.capability}: 403 capability_required, nothing written`, async () => {
        const company = await companyWith({ plan, capabilities: capabilities.filter((capability) => capability !== op.capability) });
        const response = await send(surface, op, { params: params.get(op)!, vars: OPEN, key: company.key });
        expectProblem(response, 403, "capability_required", label(op));
        expect(response.json.required_capability).toBe(op.capability);
        expect(await auditEntries(company.companyId)).toBe(0);
      });
    }

    for (const { op, plan } of cases.planGranted) {
      it(`${label(op)} (plans ${op.plans}) for a ${plan} company granted ${op.capability}: past the plan check`, async () => {
        const company = await companyWith({ plan, capabilities: [op.capability] });
        const response = await send(surface, op, { params: params.get(op)!, vars: OPEN, key: company.key });
        expect([401, 403], `${label(op)} answered ${response.status} ${response.text.slice(0, 300)}`).not.toContain(response.status);
        expect(slug(response.json)).not.toBe("capability_required");
      });
    }
  });

  // No describe without cases (the Worker declares no gate S operation yet): test/security/cases.test.ts counts them.
  describe.runIf(cases.spendNotEnabled.length + cases.idempotencyKeyRequired.length > 0)(`${surface.name}: spending (gate S)`, () => {
    for (const { op } of cases.spendNotEnabled) {
      it(`${label(op)} for an account not enabled for spending: 403 spend_not_enabled, nothing written`, async () => {
        const company = await companyWith({ plan: "Enterprise", capabilities, spendEnabled: false });
        const response = await send(surface, op, { params: params.get(op)!, vars: OPEN, key: company.key });
        expectProblem(response, 403, "spend_not_enabled", label(op));
        expect(await auditEntries(company.companyId)).toBe(0);
      });
    }

    for (const { op } of cases.idempotencyKeyRequired) {
      it(`${label(op)} without Idempotency-Key: 400 idempotency_key_required, nothing written`, async () => {
        const before = await auditEntries(own.companyId);
        const response = await send(surface, op, { params: params.get(op)!, vars: OPEN, key: own.key, idempotencyKey: false });
        expectProblem(response, 400, "idempotency_key_required", label(op));
        expect(await auditEntries(own.companyId)).toBe(before);
      });
    }
  });
}
