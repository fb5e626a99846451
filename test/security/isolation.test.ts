import { beforeAll, describe, expect, it } from "vitest";
import { keyFor, slug, tenant } from "../helpers";
import { casesOf, idParams, isIdParam, label, OPEN } from "./declarations";
import { surfaces } from "./surfaces";
import { auditEntries, capabilities, changedTables, companyRows, exampleBody, expectProblem, paramChoices, seededCompany, send, unknownLike, type Company } from "./world";

/**
 * Generated from the operation declarations, for every path with an id: the caller sends another
 * company's real ids and gets 404 not_found, the same answer as for an id that does not exist,
 * and nothing of the other company changes. The ids come from the other company's own lists (the
 * list operation of the collection the parameter indexes), filled by every domain's seed; the
 * same request from the other company's own key then finds the resource, so the 404 was the
 * tenancy check and not a bad id or body.
 */

let caller: Company;
let other: Company;

beforeAll(async () => {
  const t = await tenant({ name: "caller company", plan: "Enterprise", capabilities, spendEnabled: true });
  caller = { label: "caller", ...t };
  other = await seededCompany("other", { region: "GB", currency: "GBP", vatRate: 20, seed: 3 });
}, 60_000);

const withoutRequestId = ({ request_id: _id, ...rest }: Record<string, unknown>) => rest;

for (const surface of surfaces) {
  const cases = casesOf(surface.operations);

  describe.runIf(cases.otherCompany.length > 0)(`${surface.name}: another company's ids`, () => {
    for (const { op } of cases.otherCompany) {
      const ids = idParams(op.path).map((name) => `{${name}}`).join(", ");
      it(`${label(op)} with the other company's ${ids}: 404 not_found as for an unknown id, nothing of theirs changed`, async () => {
        // A key of the other company for this test alone: the rotate path takes the calling
        // key's id, and the owner's request at the end may rotate it.
        const fresh = await keyFor(other.companyId);
        const owner: Company = { ...other, key: fresh.key, keyId: fresh.keyId };
        const ownView = surface.operations.find((candidate) => candidate.method === "get" && candidate.path === op.path);
        const example = exampleBody(surface, op);
        const hint = example && !example.valid ? ` (no valid request body example: the body sent was ${example.source})` : "";
        const choices = await paramChoices(surface, op, owner);
        for (const [index, params] of choices.entries()) {
          const rows = await companyRows(other.companyId);
          const audited = await auditEntries(other.companyId);
          const viewed = ownView && (await send(surface, ownView, { params, vars: OPEN, key: owner.key }));

          const foreign = await send(surface, op, { params, vars: OPEN, key: caller.key });
          expectProblem(foreign, 404, "not_found", `${label(op)} with ${JSON.stringify(params)}${hint}`);
          if (index === 0) {
            const unknown = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, isIdParam(name) ? unknownLike(value) : value]));
            const missing = await send(surface, op, { params: unknown, vars: OPEN, key: caller.key });
            expect(withoutRequestId(foreign.json), "the answer for another company's id differs from that for an unknown id").toEqual(withoutRequestId(missing.json));
          }

          expect(await auditEntries(other.companyId), "the other company's audit log has a new entry").toBe(audited);
          expect(changedTables(rows, await companyRows(other.companyId)), "tables where rows of the other company changed").toEqual([]);
          if (viewed) {
            const again = await send(surface, ownView, { params, vars: OPEN, key: owner.key });
            expect([again.status, again.json]).toEqual([viewed.status, viewed.json]);
          }

          // The owner's own request finds the resource (the seed's first entries may be ones the
          // operation refuses for their state, like a revoked invite: then the next one is tried).
          const mine = await send(surface, op, { params, vars: OPEN, key: owner.key });
          expect(mine.status, `${label(op)} by its owner answered ${mine.status} ${mine.text.slice(0, 300)}`).toBeLessThan(500);
          if (!(mine.status === 404 && slug(mine.json) === "not_found")) return;
        }
        throw new Error(
          `${label(op)}: the other company itself gets 404 for every id of its first page (${choices.length}), so the 404 above proves nothing. ` +
            `Its seed (scale "full") must create a resource this request finds.`,
        );
      });
    }
  });
}
