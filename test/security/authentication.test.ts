import { beforeAll, describe, expect, it } from "vitest";
import { revokeKey } from "../../src/admin/provision";
import type { Operation } from "../../src/core/operation";
import { knownScopes } from "../../src/core/scopes";
import { db, keyFor } from "../helpers";
import { casesOf, label, OPEN, type Credential } from "./declarations";
import { surfaces } from "./surfaces";
import { auditEntries, expectProblem, ownParams, seededCompany, send, type Company, type Send } from "./world";

/**
 * Generated from the operation declarations, for every operation: a request without a valid key
 * answers 401 with WWW-Authenticate, and a key without the operation's scope answers 403
 * insufficient_scope; neither writes anything. Every gate is open, the company's plan includes
 * everything, and the path holds the company's own ids: only the credential is wrong.
 */

let own: Company;
let revokedKey: string;
const params = new Map<Operation, Record<string, string>>();

beforeAll(async () => {
  own = await seededCompany("own", { region: "ES", currency: "EUR", vatRate: 21, seed: 1 });
  const revoked = await keyFor(own.companyId);
  await revokeKey(db, revoked.keyId);
  revokedKey = revoked.key;
  for (const surface of surfaces) for (const op of surface.operations) params.set(op, await ownParams(surface, op, own));
}, 60_000);

const credentials: Record<Credential, () => Pick<Send, "key" | "authorization">> = {
  "no Authorization header": () => ({}),
  "a malformed key": () => ({ authorization: "Bearer svc_test_nothex!" }),
  "a revoked key": () => ({ key: revokedKey }),
};

for (const surface of surfaces) {
  const cases = casesOf(surface.operations);

  describe(`${surface.name}: authentication`, () => {
    for (const { op, credential } of cases.unauthenticated) {
      it(`${label(op)} with ${credential}: 401 unauthorized, WWW-Authenticate: Bearer, nothing written`, async () => {
        const before = await auditEntries(own.companyId);
        const response = await send(surface, op, { params: params.get(op)!, vars: OPEN, ...credentials[credential]() });
        expectProblem(response, 401, "unauthorized", label(op));
        expect(response.headers.get("WWW-Authenticate")).toMatch(/^Bearer\b/);
        // Refused before the rate limit: no key was admitted.
        expect(response.headers.get("RateLimit")).toBeNull();
        expect(await auditEntries(own.companyId)).toBe(before);
      });
    }
  });

  describe(`${surface.name}: scopes`, () => {
    for (const { op } of cases.insufficientScope) {
      it(`${label(op)} with every scope but ${op.scope}: 403 insufficient_scope naming it, nothing written`, async () => {
        const key = await keyFor(own.companyId, knownScopes.filter((scope) => scope !== op.scope));
        const before = await auditEntries(own.companyId);
        const response = await send(surface, op, { params: params.get(op)!, vars: OPEN, key: key.key });
        expectProblem(response, 403, "insufficient_scope", label(op));
        expect(response.json.required_scope).toBe(op.scope);
        expect(await auditEntries(own.companyId)).toBe(before);
      });
    }
  });
}
