import { describe, expect, it } from "vitest";
import { call, db, tenant } from "../../../test/helpers";
import { seededRandom } from "../../lib/random";
import { seedDocuments } from "../budgets/seed";
import { seedClients } from "../clients/seed";

async function companyWithDocuments(currency = "EUR") {
  const t = await tenant();
  const random = seededRandom(3);
  const clients = await seedClients(db, t.companyId, random, 3, Date.now());
  await seedDocuments(db, t.companyId, clients, random, { currency, vatRate: 21, budgets: 6, invoices: 4 }, Date.now());
  return t;
}

describe("GET /api/v1/invoices", () => {
  it("lists only invoices, read-only summaries with paid_at, newest first", async () => {
    const t = await companyWithDocuments();
    const response = await call("/api/v1/invoices", { key: t.key });
    expect(response.status).toBe(200);
    expect(response.json.data).toHaveLength(4);
    expect(Object.keys(response.json.data[0]).sort()).toEqual(
      [
        "budget_number",
        "client_email",
        "client_name",
        "created_at",
        "date",
        "document_currency",
        "document_type",
        "id",
        "iva_amount",
        "paid_at",
        "payment_status",
        "status",
        "subtotal",
        "total",
        "updated_at",
      ].sort(),
    );
    for (const invoice of response.json.data) {
      expect(invoice.document_type).toBe("invoice");
      expect(invoice.status).toBe("issued");
      expect(invoice.budget_number).toMatch(/^F-\d{4}-\d{4}$/);
      expect(invoice.paid_at === null).toBe(invoice.payment_status !== "paid");
      expect(invoice.total).toBeCloseTo(invoice.subtotal + invoice.iva_amount, 6);
    }
    const created = response.json.data.map((invoice: { created_at: string }) => invoice.created_at);
    expect(created).toEqual([...created].sort().reverse());
  });

  it("is isolated per company", async () => {
    await companyWithDocuments();
    const empty = await tenant();
    expect((await call("/api/v1/invoices", { key: empty.key })).json.data).toEqual([]);
  });

  it("has no write method", async () => {
    const t = await tenant();
    const response = await call("/api/v1/invoices", { key: t.key, body: { document_type: "invoice" } });
    expect(response.status).toBe(405);
  });
});
