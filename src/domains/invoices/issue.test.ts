import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, operator, slug, tenant } from "../../../test/helpers";
import { sha256Hex } from "../../keys/auth";
import { seededRandom } from "../../lib/random";
import { documentLines, documents, fiscalRegistry } from "../budgets/schema";
import { seedDocuments } from "../budgets/seed";
import { seedClients } from "../clients/seed";

// The operator issues a company's invoice (POST /admin/v1/companies/{id}/invoices), as the web
// panel would: from one of its budgets or from lines given; GET /api/v1/invoices then lists it.

const issue = (companyId: string, body: unknown) =>
  operator(`/companies/${companyId}/invoices`, { method: "POST", body });

const series = () => `F-${new Date().toISOString().slice(0, 4)}`;

const lines = {
  client_name: "Acme Reformas SL",
  client_email: "compras@acme.example",
  items: [
    { concept: "Kitchen renovation", units: 1, unit_price: 4200, iva_rate: 21 },
    { concept: "Tiles", units: 10, unit_price: 30, unit_type: "m2", discount_type: "percentage", discount_value: 10 },
  ],
};

const registryOf = (companyId: string) =>
  db
    .select()
    .from(fiscalRegistry)
    .where(eq(fiscalRegistry.companyId, companyId))
    .orderBy(asc(fiscalRegistry.fiscalNumber));

describe("issuing an invoice (operator)", () => {
  it("from lines given: numbered from the series, with its lines, its fiscal record and its client; listed by GET /invoices", async () => {
    const t = await tenant();
    const first = await issue(t.companyId, lines);
    expect(first.status, first.text).toBe(201);
    expect(first.json).toMatchObject({
      invoice_number: `${series()}-0001`,
      document_type: "invoice",
      status: "issued",
      payment_status: "unpaid",
      budget_id: null,
      client_name: "Acme Reformas SL",
      document_currency: "EUR",
      // 4200 + 270 (300 less 10 %), VAT at 21 % each (the second line takes the company's default, 21).
      subtotal: 4470,
      iva_amount: 938.7,
      total: 5408.7,
      client_id: expect.any(String),
    });
    expect(first.json.lines).toHaveLength(2);
    expect(first.json.lines[1]).toMatchObject({ concept: "Tiles", net: 270, iva: 56.7, discount_type: "percentage" });
    const [record] = await registryOf(t.companyId);
    expect(record).toMatchObject({
      documentId: first.json.id,
      fiscalNumber: `${series()}-0001`,
      recordHash: await sha256Hex(`${series()}-0001|540870`),
    });
    expect(first.json.fiscal_record.record_hash).toBe(record!.recordHash);

    const second = await issue(t.companyId, {
      client_name: "Otro cliente",
      items: [{ concept: "Visit", units: 1, unit_price: 50 }],
    });
    expect(second.status, second.text).toBe(201);
    expect(second.json.invoice_number).toBe(`${series()}-0002`);

    const listed = await call("/api/v1/invoices", { key: t.key });
    expect(listed.status).toBe(200);
    expect(listed.json.data.map((row: { budget_number: string }) => row.budget_number).sort()).toEqual([
      `${series()}-0001`,
      `${series()}-0002`,
    ]);
    expect(listed.json.data.find((row: { id: string }) => row.id === first.json.id)).toMatchObject({
      status: "issued",
      payment_status: "unpaid",
      total: 5408.7,
    });
    // The client is the company's, as a budget's is (once per identity).
    const saved = await call("/api/v1/clients", { key: t.key });
    expect(saved.json.data.map((client: { name: string }) => client.name).sort()).toEqual([
      "Acme Reformas SL",
      "Otro cliente",
    ]);
    expect(saved.json.data.find((client: { name: string }) => client.name === "Acme Reformas SL").id).toBe(
      first.json.client_id,
    );
  });

  it("from a budget: its client, lines and totals; the budget becomes accepted and is invoiced once", async () => {
    const t = await tenant();
    const budget = await call("/api/v1/budgets", { key: t.key, body: lines });
    expect(budget.status, budget.text).toBe(201);

    const invoiced = await issue(t.companyId, { budget_id: budget.json.id, notes: "Pago a 30 días" });
    expect(invoiced.status, invoiced.text).toBe(201);
    expect(invoiced.json).toMatchObject({
      invoice_number: `${series()}-0001`,
      budget_id: budget.json.id,
      client_name: "Acme Reformas SL",
      client_email: "compras@acme.example",
      subtotal: budget.json.subtotal,
      iva_amount: budget.json.iva_amount,
      total: budget.json.total,
    });
    expect(invoiced.json.lines.map((line: { concept: string }) => line.concept)).toEqual([
      "Kitchen renovation",
      "Tiles",
    ]);
    const stored = await db
      .select()
      .from(documentLines)
      .where(and(eq(documentLines.companyId, t.companyId), eq(documentLines.documentId, invoiced.json.id)));
    expect(stored).toHaveLength(2);
    const [row] = await db.select().from(documents).where(eq(documents.id, invoiced.json.id));
    expect(row).toMatchObject({ notes: "Pago a 30 días", sourceDocumentId: budget.json.id, documentType: "invoice" });

    const budgets = await call("/api/v1/budgets", { key: t.key });
    expect(budgets.json.data[0]).toMatchObject({ id: budget.json.id, status: "accepted" });

    const again = await issue(t.companyId, { budget_id: budget.json.id });
    expect(again.status).toBe(409);
    expect(slug(again.json)).toBe("conflict");
    expect(again.json.detail).toContain(`${series()}-0001`);
    expect(await registryOf(t.companyId)).toHaveLength(1);

    // Another company's budget, or none: 404; the body says one way or the other (400).
    const other = await tenant();
    expect((await issue(other.companyId, { budget_id: budget.json.id })).status).toBe(404);
    expect((await issue(t.companyId, { budget_id: crypto.randomUUID() })).status).toBe(404);
    expect((await issue(t.companyId, {})).status).toBe(400);
    expect((await issue(t.companyId, { ...lines, budget_id: budget.json.id })).status).toBe(400);
    expect((await issue(crypto.randomUUID(), lines)).status).toBe(404);
  });

  it("never gives two concurrent issues one number, and invoices a budget once when issued twice at once", async () => {
    const t = await tenant();
    const issued = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        issue(t.companyId, {
          client_name: `Client ${index}`,
          items: [{ concept: "Visit", units: 1, unit_price: 10 + index }],
        }),
      ),
    );
    for (const answer of issued) expect(answer.status, answer.text).toBe(201);
    const numbers = issued.map((answer) => answer.json.invoice_number as string).sort();
    expect(numbers).toEqual([1, 2, 3, 4, 5].map((n) => `${series()}-000${n}`));
    expect((await registryOf(t.companyId)).map((record) => record.fiscalNumber)).toEqual(numbers);

    const budget = await call("/api/v1/budgets", { key: t.key, body: lines });
    const twice = await Promise.all([
      issue(t.companyId, { budget_id: budget.json.id }),
      issue(t.companyId, { budget_id: budget.json.id }),
    ]);
    expect(twice.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const invoices = await db
      .select()
      .from(documents)
      .where(and(eq(documents.companyId, t.companyId), eq(documents.sourceDocumentId, budget.json.id)));
    expect(invoices).toHaveLength(1);
    expect(await registryOf(t.companyId)).toHaveLength(6);
  });

  it("continues after the invoices a company already has (seeded before the series was kept)", async () => {
    const t = await tenant();
    const random = seededRandom(5);
    const clients = await seedClients(db, t.companyId, random, 2, Date.now());
    await seedDocuments(
      db,
      t.companyId,
      clients,
      random,
      { currency: "EUR", vatRate: 21, budgets: 2, invoices: 3 },
      Date.now(),
    );
    expect((await issue(t.companyId, lines)).json.invoice_number).toBe(`${series()}-0004`);
    // A registry ahead of the series (bulk data): the next number follows the registry.
    await db.insert(fiscalRegistry).values({
      id: crypto.randomUUID(),
      companyId: t.companyId,
      documentId: crypto.randomUUID(),
      fiscalNumber: `${series()}-0009`,
      recordHash: "x",
      registeredAt: new Date().toISOString(),
    });
    expect((await issue(t.companyId, lines)).json.invoice_number).toBe(`${series()}-0010`);
  });
});
