import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../test/helpers";
import { fund } from "../../../test/wallet-operations";
import { webhookEvents } from "../webhooks/schema";
import { agencyEvents } from "./events";
import { agency, childOf, dnsRecords, send } from "../../../test/fixtures/agency";
import { setAgencyPrice } from "./panel";

/** The events the agency's writes emitted, in order, each checked against its declared schema. */
async function eventsOf(companyId: string) {
  const rows = await db.select().from(webhookEvents).where(eq(webhookEvents.companyId, companyId));
  // By type: two writes of the same millisecond would otherwise have no one order.
  rows.sort((a, b) => a.type.localeCompare(b.type));
  return rows.map((row) => {
    const definition = agencyEvents.find((event) => event.type === row.type);
    if (!definition) throw new Error(`Undeclared event ${row.type}`);
    return { type: row.type, data: definition.schema.parse(JSON.parse(row.data)) };
  });
}

describe("the agency's events", () => {
  it("each successful write emits its event to the agency, with what changed; refused writes emit none", async () => {
    const a = await agency();
    await fund(a.companyId, 5_000);
    await setAgencyPrice(db, a.companyId, { setupPrice: "12.50" });
    const created = (
      await send("POST", "/api/v1/agency/subaccounts", a.key, {
        name: "Evented SL",
        plan: "Starter",
        owner_email: "events@client.example",
      })
    ).json;
    const id = created.id as string;
    const domain = `app-${id.slice(0, 8)}.example.net`;
    await send("PATCH", `/api/v1/subaccounts/${id}/branding`, a.key, {
      custom_domain: domain,
      primary_color: "#112233",
    });
    await dnsRecords(`_svc-verify.${domain}`, { data: [`svc-verify=${id}`] });
    await send("POST", `/api/v1/subaccounts/${id}/branding/verify-domain`, a.key);
    await send("POST", `/api/v1/subaccounts/${id}/branding/verify-domain`, a.key);
    await send("PATCH", `/api/v1/subaccounts/${id}/packaging`, a.key, { allow_signup: true });
    await send("PATCH", `/api/v1/agency/subaccounts/${id}`, a.key, { status: "suspended" });
    // Refused: already suspended, a taken owner, an invalid colour.
    await send("PATCH", `/api/v1/agency/subaccounts/${id}`, a.key, { status: "suspended" });
    await send("POST", "/api/v1/agency/subaccounts", a.key, {
      name: "Twin SL",
      plan: "Starter",
      owner_email: "events@client.example",
    });
    await send("PATCH", `/api/v1/subaccounts/${id}/branding`, a.key, { primary_color: "red" });

    const { setup_charge: _charge, ...subaccount } = created;
    expect(await eventsOf(a.companyId)).toEqual([
      {
        type: "subaccount.branding_updated",
        data: { subaccount_id: id, changed_fields: ["primary_color", "custom_domain"] },
      },
      { type: "subaccount.created", data: { subaccount, setup_charge_minor: 1_250, currency: "EUR" } },
      {
        type: "subaccount.domain_verified",
        data: { subaccount_id: id, custom_domain: domain, verified_at: expect.any(String) },
      },
      { type: "subaccount.packaging_updated", data: { subaccount_id: id, changes: { allow_signup: true } } },
      {
        type: "subaccount.status_changed",
        data: { subaccount_id: id, status: "suspended", previous_status: "active" },
      },
    ]);
    // The subaccount's own webhook hears nothing of it.
    expect(await eventsOf(id)).toEqual([]);
    const child = await childOf(a.companyId);
    expect(await eventsOf(child.companyId)).toEqual([]);
  });
});
