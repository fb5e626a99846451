import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, operator, slug, tenant } from "../../../test/helpers";
import { numberOrders } from "./schema";

/** The operator records a company's phone number order; the company lists it among its pending orders. */

const order = (companyId: string, body: Record<string, unknown>) =>
  operator(`/companies/${companyId}/number-orders`, {
    method: "POST",
    body: { country: "ES", number_type: "local", setup_price: 5, monthly_price: 3, ...body },
  });
const pending = async (key: string, query = "") =>
  (await call(`/api/v1/billing/pending-orders${query}`, { key })).json.data as Record<string, unknown>[];

describe("POST /admin/v1/companies/{company_id}/number-orders", () => {
  it("records an order the company lists (in its billing currency), filterable by status, and no other company sees", async () => {
    const t = await tenant({ defaultCurrency: "GBP" });
    const other = await tenant();
    const waiting = await order(t.companyId, { status_reason: "Proof of address in the number's province" });
    expect(waiting.status, waiting.text).toBe(201);
    expect(waiting.json).toMatchObject({
      country: "ES",
      number_type: "local",
      phone_number: null,
      status: "pending_documents",
      status_reason: "Proof of address in the number's province",
      setup_price: 5,
      monthly_price: 3,
      currency: "GBP",
    });
    const carrier = await order(t.companyId, {
      country: "PT",
      number_type: "mobile",
      phone_number: "912 345 678",
      status: "processing",
      setup_price: 7.5,
      monthly_price: 2.25,
    });
    expect(carrier.status, carrier.text).toBe(201);
    expect(carrier.json).toMatchObject({ phone_number: "+351912345678", status: "processing", setup_price: 7.5 });

    const listed = await pending(t.key);
    expect(listed.map((o) => o.id).sort()).toEqual([waiting.json.id, carrier.json.id].sort());
    expect(listed.find((o) => o.id === waiting.json.id)).toEqual(waiting.json);
    expect((await pending(t.key, "?status=processing")).map((o) => o.id)).toEqual([carrier.json.id]);
    expect(await pending(other.key)).toEqual([]);
  });

  it("refuses a bad body (400) and an unknown company (404), writing nothing", async () => {
    const t = await tenant();
    for (const body of [
      { country: "es" },
      { country: "ZZ" },
      { number_type: "satellite" },
      { status: "completed" },
      { setup_price: -1 },
      { monthly_price: 0.001 },
      { phone_number: "+34910123456", country: "PT" },
      { phone_number: "not a number" },
    ]) {
      const refused = await order(t.companyId, body);
      expect(refused.status, `${JSON.stringify(body)}: ${refused.text}`).toBe(400);
      expect(slug(refused.json)).toBe("validation_error");
    }
    expect((await order("no-such-company", {})).status).toBe(404);
    expect(await db.select().from(numberOrders).where(eq(numberOrders.companyId, t.companyId))).toEqual([]);
  });
});
