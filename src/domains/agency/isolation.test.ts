import { describe, expect, it } from "vitest";
import { slug } from "../../../test/helpers";
import { childOf, get, send, tree } from "../../../test/fixtures/agency";

/**
 * The tree isolation matrix: an agency reaches its direct subaccounts only. Every other id (a
 * grandchild, a sibling agency's subaccount, the sibling itself, its own parent, itself, an id
 * that does not exist) is the same 404, with nothing changed; a client company is 403.
 */

type Request = (id: string, key: string) => ReturnType<typeof get>;

/** Every operation that takes a subaccount id, with a request that changes nothing when it is allowed. */
const operations: Record<string, Request> = {
  "GET /subaccounts/{id}": (id, key) => get(`/api/v1/subaccounts/${id}`, key),
  "GET branding": (id, key) => get(`/api/v1/subaccounts/${id}/branding`, key),
  "PATCH branding": (id, key) => send("PATCH", `/api/v1/subaccounts/${id}/branding`, key, { company_name: "Isolation probe" }),
  "POST verify-domain": (id, key) => send("POST", `/api/v1/subaccounts/${id}/branding/verify-domain`, key),
  "GET packaging": (id, key) => get(`/api/v1/subaccounts/${id}/packaging`, key),
  "PATCH packaging": (id, key) => send("PATCH", `/api/v1/subaccounts/${id}/packaging`, key, { hide_plans: false }),
  // Activating an active subaccount is 409 when it is reachable: nothing changes either way.
  "PATCH /agency/subaccounts/{id}": (id, key) => send("PATCH", `/api/v1/agency/subaccounts/${id}`, key, { status: "active" }),
};

const withoutRequestId = (json: Record<string, unknown>) => ({ ...json, request_id: undefined });

describe("the tree isolation matrix", () => {
  it("an agency reaches its direct subaccounts, and nothing else: every other id is 404 exactly like an unknown one", async () => {
    const t = await tree();
    const reachable = [t.client.companyId, t.subAgency.companyId];
    const unreachable = {
      grandchild: t.grandchild.companyId,
      "sibling agency": t.sibling.companyId,
      "sibling agency's subaccount": t.siblingClient.companyId,
      "its own parent": t.partner.companyId,
      itself: t.agency.companyId,
      "an unknown id": crypto.randomUUID(),
      "not a uuid": "not-an-id",
    };
    for (const [name, request] of Object.entries(operations)) {
      for (const id of reachable) {
        const response = await request(id, t.agency.key);
        expect(response.status, `${name} of a direct subaccount`).not.toBe(404);
        expect(response.status, `${name} of a direct subaccount`).toBeLessThan(500);
      }
      const unknown = await request(crypto.randomUUID(), t.agency.key);
      expect(unknown.status).toBe(404);
      for (const [who, id] of Object.entries(unreachable)) {
        const response = await request(id, t.agency.key);
        expect(response.status, `${name} of ${who}`).toBe(404);
        expect(withoutRequestId(response.json), `${name} of ${who} says no more than an unknown id`).toEqual(withoutRequestId(unknown.json));
      }
    }
  });

  it("the sibling agency, the sub-agency and the parent each see their own children only", async () => {
    const t = await tree();
    const cases: [string, string, string, boolean][] = [
      ["sibling agency -> the agency's subaccount", t.sibling.key, t.client.companyId, false],
      ["sibling agency -> its own subaccount", t.sibling.key, t.siblingClient.companyId, true],
      ["sub-agency -> its subaccount", t.subAgency.key, t.grandchild.companyId, true],
      ["sub-agency -> its parent agency", t.subAgency.key, t.agency.companyId, false],
      ["sub-agency -> its sibling subaccount", t.subAgency.key, t.client.companyId, false],
      ["parent -> the agency, its direct child", t.partner.key, t.agency.companyId, true],
      ["parent -> the agency's subaccount, its grandchild", t.partner.key, t.client.companyId, false],
    ];
    for (const [name, key, id, found] of cases) {
      for (const [operation, request] of Object.entries(operations)) {
        const response = await request(id, key);
        if (found) expect(response.status, `${name}: ${operation}`).not.toBe(404);
        else expect(response.status, `${name}: ${operation}`).toBe(404);
      }
    }
  });

  it("a client company (no agency plan, no capability) is 403 capability_required on every channel operation", async () => {
    const t = await tree();
    const requests = [
      ...Object.values(operations).map((request) => request(t.grandchild.companyId, t.client.key)),
      get("/api/v1/subaccounts", t.client.key),
      get("/api/v1/agency/stats", t.client.key),
      send("POST", "/api/v1/agency/subaccounts", t.client.key, { name: "Nope SL", plan: "PAYG", owner_email: "nope@example.com" }),
    ];
    for (const response of await Promise.all(requests)) {
      expect(response.status).toBe(403);
      expect(slug(response.json)).toBe("capability_required");
    }
  });

  it("lists only the direct subaccounts; refused requests changed nothing of the others' white label", async () => {
    const t = await tree();
    const before = await get(`/api/v1/subaccounts/${t.grandchild.companyId}/branding`, t.subAgency.key);
    for (const request of Object.values(operations)) await request(t.grandchild.companyId, t.agency.key);
    expect((await get(`/api/v1/subaccounts/${t.grandchild.companyId}/branding`, t.subAgency.key)).json).toEqual(before.json);
    expect((await get(`/api/v1/subaccounts/${t.grandchild.companyId}/packaging`, t.subAgency.key)).json.updated_at).toBeNull();

    const listed = await get("/api/v1/subaccounts", t.agency.key);
    expect(listed.status).toBe(200);
    expect(listed.json.data.map((s: { id: string }) => s.id).sort()).toEqual([t.client.companyId, t.subAgency.companyId].sort());
    const parentList = await get("/api/v1/subaccounts", t.partner.key);
    expect(parentList.json.data.map((s: { id: string }) => s.id).sort()).toEqual([t.agency.companyId, t.sibling.companyId].sort());
  });

  it("a company created by the panel under the agency (tenant create --parent) is a subaccount too, with no owner known", async () => {
    const t = await tree();
    const panelMade = await childOf(t.agency.companyId, "Starter", "Panel Made SL");
    const response = await get(`/api/v1/subaccounts/${panelMade.companyId}`, t.agency.key);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ id: panelMade.companyId, name: "Panel Made SL", plan: "Starter", status: "active", owner_email: null, agency_id: t.agency.companyId });
  });
});
