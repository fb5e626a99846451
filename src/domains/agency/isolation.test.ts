import { describe, expect, it } from "vitest";
import { call, db, slug } from "../../../test/helpers";
import { agency, childOf, get, send, vars } from "../../../test/fixtures/agency";
import type { Env } from "../../env";
import agencyDomain from "./index";
import { whiteLabels } from "./schema";

/**
 * The tree isolation matrix, over every operation of the agency domain (read from its declarations,
 * so a new one is covered as soon as it is declared): an agency reaches its whole subtree (children,
 * grandchildren, great-grandchildren) and nothing else. Every other id (itself, its parent, a sibling
 * tree, an id that does not exist) is the same 404, body for body apart from request_id.
 */

/** The operations that take no account id: each is checked against the tree in its own test (list, stats, creation). */
const treeWide = new Set(["listSubaccounts", "getAgencyStats", "createSubaccount"]);

/** Bodies that succeed on any reachable account any number of times (the declared examples would collide on a custom domain). */
const probeBodies: Record<string, unknown> = {
  updateSubaccountBranding: { company_name: "Isolation probe" },
  updateSubaccountPackaging: { hide_plans: false },
  updateSubaccountStatus: { status: "suspended" },
};

const byId = agencyDomain.operations.filter((op) => op.path.includes("{subaccount_id}"));

function request(op: (typeof byId)[number], id: string, key: string, extraVars: Partial<Env> = {}) {
  const path = op.path.replace("{subaccount_id}", encodeURIComponent(id));
  const body = op.request?.body ? (probeBodies[op.operationId] ?? op.request.example) : undefined;
  return call(path, {
    method: op.method.toUpperCase(),
    key,
    body,
    vars: { ...vars, ...extraVars },
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });
}

const success = (op: (typeof byId)[number]) => Number(Object.keys(op.responses)[0]);
const withoutRequestId = (json: Record<string, unknown>) => ({ ...json, request_id: undefined });

/**
 * partner > agency > { client, subAgency > grandchild (an agency) > greatGrandchild }, and
 * partner > sibling > siblingClient. Every reachable account has a custom domain, so verify-domain
 * has something to check.
 */
async function deepTree() {
  const partner = await agency("Partner");
  const top = await childOf(partner.companyId, "Agency");
  const sibling = await childOf(partner.companyId, "Agency");
  const client = await childOf(top.companyId);
  const subAgency = await childOf(top.companyId, "Agency");
  const grandchild = await childOf(subAgency.companyId, "Agency");
  const greatGrandchild = await childOf(grandchild.companyId);
  const siblingClient = await childOf(sibling.companyId);
  for (const account of [client, subAgency, grandchild, greatGrandchild, siblingClient]) {
    await db
      .insert(whiteLabels)
      .values({ companyId: account.companyId, customDomain: `${account.companyId}.isolation.example` });
  }
  return { partner, agency: top, sibling, client, subAgency, grandchild, greatGrandchild, siblingClient };
}

describe("the tree isolation matrix", () => {
  it("every operation of the domain is either an account operation (in the matrix) or a tree-wide one", () => {
    expect(byId.length).toBeGreaterThan(0);
    for (const op of agencyDomain.operations)
      expect(op.path.includes("{subaccount_id}") || treeWide.has(op.operationId), op.operationId).toBe(true);
  });

  for (const op of byId) {
    it(`${op.method.toUpperCase()} ${op.path}: the whole subtree answers ${success(op)}; itself, its parent, a sibling tree and unknown ids the same 404`, async () => {
      const t = await deepTree();
      // From below, the tree above is out of reach: the sub-agency does not reach the agency, its sibling, nor the partner.
      const unknownFromBelow = await request(op, crypto.randomUUID(), t.subAgency.key);
      for (const id of [t.agency.companyId, t.client.companyId, t.partner.companyId]) {
        const response = await request(op, id, t.subAgency.key);
        expect(response.status).toBe(404);
        expect(withoutRequestId(response.json)).toEqual(withoutRequestId(unknownFromBelow.json));
      }
      const reachable = {
        child: t.client,
        "sub-agency": t.subAgency,
        grandchild: t.grandchild,
        "great-grandchild": t.greatGrandchild,
      };
      // Deepest first: a suspension of a sub-agency would otherwise have suspended the accounts below it already.
      for (const [who, account] of Object.entries(reachable).reverse()) {
        const response = await request(op, account.companyId, t.agency.key);
        expect(response.status, `${who}: ${response.text}`).toBe(success(op));
      }
      const unknown = await request(op, crypto.randomUUID(), t.agency.key);
      expect(unknown.status).toBe(404);
      expect(slug(unknown.json)).toBe("not_found");
      const unreachable = {
        itself: t.agency.companyId,
        "its parent": t.partner.companyId,
        "the sibling agency": t.sibling.companyId,
        "the sibling's subaccount": t.siblingClient.companyId,
        "an unknown id": crypto.randomUUID(),
        "not a uuid": "not-an-id",
      };
      for (const [who, id] of Object.entries(unreachable)) {
        const response = await request(op, id, t.agency.key);
        expect(response.status, who).toBe(404);
        expect(withoutRequestId(response.json), `${who} says no more than an unknown id`).toEqual(
          withoutRequestId(unknown.json),
        );
      }
    });
  }

  it("AGENCY_MAX_DEPTH bounds the reach: deeper accounts are 404 like unknown ids, and are not listed", async () => {
    const t = await deepTree();
    const shallow = { AGENCY_MAX_DEPTH: "2" } as Partial<Env>;
    for (const op of byId.filter((candidate) => candidate.method === "get")) {
      expect((await request(op, t.grandchild.companyId, t.agency.key, shallow)).status, op.operationId).toBe(200);
      const tooDeep = await request(op, t.greatGrandchild.companyId, t.agency.key, shallow);
      const unknown = await request(op, crypto.randomUUID(), t.agency.key, shallow);
      expect(tooDeep.status, op.operationId).toBe(404);
      expect(withoutRequestId(tooDeep.json)).toEqual(withoutRequestId(unknown.json));
      // The default depth (5) reaches it.
      expect((await request(op, t.greatGrandchild.companyId, t.agency.key)).status, op.operationId).toBe(200);
    }
    const listed = await call("/api/v1/subaccounts", { key: t.agency.key, vars: { ...vars, ...shallow } });
    expect(listed.json.data.map((s: { id: string }) => s.id).sort()).toEqual(
      [t.client.companyId, t.subAgency.companyId, t.grandchild.companyId].sort(),
    );
  });

  it("lists the whole subtree newest first, paginated, with each account's parent; the sibling tree and the ancestors never", async () => {
    const t = await deepTree();
    const ids = async (key: string, query = "") =>
      ((await get(`/api/v1/subaccounts${query}`, key)).json.data as { id: string }[]).map((s) => s.id);
    const newestFirst = [t.greatGrandchild, t.grandchild, t.subAgency, t.client].map((a) => a.companyId);
    expect(await ids(t.agency.key)).toEqual(newestFirst);
    expect([...(await ids(t.agency.key, "?limit=2")), ...(await ids(t.agency.key, "?limit=2&offset=2"))]).toEqual(
      newestFirst,
    );
    expect(await ids(t.subAgency.key)).toEqual([t.greatGrandchild.companyId, t.grandchild.companyId]);
    expect((await ids(t.partner.key)).sort()).toEqual(
      [...newestFirst, t.agency.companyId, t.sibling.companyId, t.siblingClient.companyId].sort(),
    );
    expect(await ids(t.sibling.key)).toEqual([t.siblingClient.companyId]);
    const deep = (await get(`/api/v1/subaccounts/${t.greatGrandchild.companyId}`, t.agency.key)).json;
    expect(deep).toMatchObject({ id: t.greatGrandchild.companyId, agency_id: t.grandchild.companyId });
  });

  it("a client company (no agency plan, no capability) is 403 capability_required on every channel operation", async () => {
    const t = await deepTree();
    const requests = [
      ...byId.map((op) => request(op, t.greatGrandchild.companyId, t.client.key)),
      get("/api/v1/subaccounts", t.client.key),
      get("/api/v1/agency/stats", t.client.key),
      send("POST", "/api/v1/agency/subaccounts", t.client.key, {
        name: "Nope SL",
        plan: "PAYG",
        owner_email: "nope@example.com",
      }),
    ];
    for (const response of await Promise.all(requests)) {
      expect(response.status).toBe(403);
      expect(slug(response.json)).toBe("capability_required");
    }
  });

  it("a company created by the panel under the agency (tenant create --parent) is a subaccount too, with no owner known", async () => {
    const a = await agency();
    const panelMade = await childOf(a.companyId, "Starter", "Panel Made SL");
    const response = await get(`/api/v1/subaccounts/${panelMade.companyId}`, a.key);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      id: panelMade.companyId,
      name: "Panel Made SL",
      plan: "Starter",
      status: "active",
      owner_email: null,
      agency_id: a.companyId,
    });
  });
});
