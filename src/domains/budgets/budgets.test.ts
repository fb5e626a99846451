import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, slug, tenant } from "../../../test/helpers";
import { auditLog } from "../../data/schema";
import { documentLines, documents, fiscalRegistry } from "./schema";

const line = { concept: "Installation", units: 2, unit_price: 50 };
const create = (key: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call("/api/v1/budgets", { key, body: { client_name: "Ana López", items: [line], ...body }, headers });

const summaryKeys = [
  "budget_number",
  "client_email",
  "client_name",
  "client_phone",
  "created_at",
  "date",
  "document_currency",
  "document_type",
  "id",
  "iva_amount",
  "payment_status",
  "status",
  "subtotal",
  "total",
  "updated_at",
  "validity",
].sort();

describe("POST /api/v1/budgets", () => {
  it("creates a draft budget with server-computed totals and the created-budget fields", async () => {
    const t = await tenant({ defaultVatRate: 21 });
    const response = await create(t.key, {
      items: [line, { concept: "Tiles", units: 10, unit_price: 19.99, iva_rate: 10 }],
    });
    expect(response.status).toBe(201);
    expect(Object.keys(response.json).sort()).toEqual(
      [
        "budget_number",
        "created_at",
        "document_currency",
        "document_type",
        "id",
        "iva_amount",
        "status",
        "subtotal",
        "total",
      ].sort(),
    );
    expect(response.json).toMatchObject({
      status: "draft",
      document_type: "budget",
      subtotal: 299.9,
      iva_amount: 40.99,
      total: 340.89,
      document_currency: "EUR",
    });
    expect(response.json.budget_number).toMatch(/^B-\d{4}-0001$/);
    const lines = await db.select().from(documentLines).where(eq(documentLines.documentId, response.json.id));
    expect(lines.map((row) => [row.concept, row.ivaRate, row.netMinor, row.ivaMinor])).toEqual(
      expect.arrayContaining([
        ["Installation", 21, 10000, 2100],
        ["Tiles", 10, 19990, 1999],
      ]),
    );
  });

  it("ignores sent totals and status: a budget is always a server-computed draft", async () => {
    const t = await tenant();
    const response = await create(t.key, {
      status: "accepted",
      payment_status: "paid",
      total: 1,
      subtotal: 1,
      iva_amount: 1,
      document_type: "budget",
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ status: "draft", total: 121 });
    const [row] = await db.select().from(documents).where(eq(documents.id, response.json.id));
    expect(row).toMatchObject({ status: "draft", documentType: "budget", paymentStatus: "unpaid" });
  });

  for (const documentType of ["invoice", "credit_note", "INVOICE", "simplified_invoice", "proforma"]) {
    it(`refuses document_type ${documentType} with fiscal_document_type`, async () => {
      const t = await tenant();
      const response = await create(t.key, { document_type: documentType });
      expect(response.status).toBe(400);
      expect(slug(response.json)).toBe("fiscal_document_type");
      const [row] = await db.select({ n: count() }).from(documents).where(eq(documents.companyId, t.companyId));
      expect(row!.n).toBe(0);
    });
  }

  it("never writes an invoice, credit note, fiscal number or fiscal-registry record", async () => {
    const t = await tenant();
    // This company's records: other tests (the operator's invoice issue) write the registry meanwhile.
    const registry = () =>
      db.select({ n: count() }).from(fiscalRegistry).where(eq(fiscalRegistry.companyId, t.companyId));
    const before = await registry();
    for (let i = 0; i < 3; i++) expect((await create(t.key, {})).status).toBe(201);
    const types = await db
      .selectDistinct({ type: documents.documentType })
      .from(documents)
      .where(eq(documents.companyId, t.companyId));
    expect(types).toEqual([{ type: "budget" }]);
    expect(await registry()).toEqual(before);
  });

  it("takes the company's defaults: VAT rate, currency (EUR when unset) and validity (null when unset)", async () => {
    const gbp = await tenant({ defaultCurrency: "GBP", defaultVatRate: 20, defaultValidity: "15 days" });
    const withDefaults = await create(gbp.key, {});
    expect(withDefaults.json).toMatchObject({ document_currency: "GBP", iva_amount: 20, total: 120 });
    const listed = await call("/api/v1/budgets", { key: gbp.key });
    expect(listed.json.data[0].validity).toBe("15 days");

    const bare = await tenant({ defaultCurrency: null });
    const noDefaults = await create(bare.key, { document_currency: undefined });
    expect(noDefaults.json.document_currency).toBe("EUR");
    expect((await call("/api/v1/budgets", { key: bare.key })).json.data[0].validity).toBeNull();

    const explicit = await create(bare.key, {
      document_currency: "jpy",
      validity: "until Friday",
      items: [{ concept: "x", units: 1, unit_price: 100.5 }],
    });
    expect(explicit.json).toMatchObject({ document_currency: "JPY", subtotal: 101, iva_amount: 21, total: 122 });
  });

  it("numbers budgets gap-free per company, also under concurrency", async () => {
    const a = await tenant();
    const b = await tenant();
    const numbers = (await Promise.all(Array.from({ length: 8 }, () => create(a.key, {})))).map(
      (response) => response.json.budget_number,
    );
    const year = new Date().getUTCFullYear();
    expect(numbers.sort()).toEqual(Array.from({ length: 8 }, (_, i) => `B-${year}-${String(i + 1).padStart(4, "0")}`));
    expect((await create(b.key, {})).json.budget_number).toBe(`B-${year}-0001`);
  });

  it("does not consume a number when the write is refused", async () => {
    const t = await tenant();
    await create(t.key, {});
    await create(t.key, {
      items: [{ concept: "x", units: 1, unit_price: 1, discount_type: "amount", discount_value: 2 }],
    });
    expect((await create(t.key, {})).json.budget_number).toMatch(/-0002$/);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["no items", { items: [] }, "body.items"],
    ["negative units", { items: [{ ...line, units: -1 }] }, "body.items.0.units"],
    ["missing client_name", { client_name: undefined }, "body.client_name"],
    ["blank client_name", { client_name: "  " }, "body.client_name"],
    ["bad client_email", { client_email: "not-an-email" }, "body.client_email"],
    ["client_email without a dotted domain", { client_email: "0@com" }, "body.client_email"],
    ["an unknown member", { discount: 5 }, "body.discount"],
    ["an unknown member of a line", { items: [{ ...line, colour: "red" }] }, "body.items.0.colour"],
    ["unknown currency", { document_currency: "EURO" }, "body.document_currency"],
    ["VAT over 100", { items: [{ ...line, iva_rate: 120 }] }, "body.items.0.iva_rate"],
    [
      "unknown discount type",
      { items: [{ ...line, discount_type: "coupon", discount_value: 1 }] },
      "body.items.0.discount_type",
    ],
    [
      "discount type without value",
      { items: [{ ...line, discount_type: "percentage" }] },
      "body.items.0.discount_value",
    ],
    [
      "percentage over 100",
      { items: [{ ...line, discount_type: "percentage", discount_value: 101 }] },
      "body.items.0.discount_value",
    ],
    [
      "amount over the base",
      { items: [{ ...line, discount_type: "amount", discount_value: 100.01 }] },
      "body.items.0.discount_value",
    ],
    ["items not an array", { items: "many" }, "body.items"],
    ["units as a string", { items: [{ ...line, units: "2" }] }, "body.items.0.units"],
  ];
  for (const [name, body, path] of invalid) {
    it(`refuses ${name} with validation_error at ${path}`, async () => {
      const t = await tenant();
      const response = await create(t.key, body);
      expect(response.status).toBe(400);
      expect(slug(response.json)).toBe("validation_error");
      expect(response.json.errors.map((error: { path: string }) => error.path)).toContain(path);
    });
  }

  it("names each unknown member, the line's included, in one 400", async () => {
    const t = await tenant();
    const response = await create(t.key, { discount: 5, colour: "red", items: [{ ...line, sku: "A1" }] });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual(
      expect.arrayContaining(
        ["body.discount", "body.colour", "body.items.0.sku"].map((path) => ({
          path,
          message: expect.stringMatching(/^Unknown member/),
        })),
      ),
    );
  });

  it("records an audit entry naming key, operation and budget", async () => {
    const t = await tenant();
    const response = await create(t.key, {});
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, t.companyId), eq(auditLog.resourceId, response.json.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      keyId: t.keyId,
      operation: "createBudget",
      resourceType: "budget",
      method: "POST",
      path: "/api/v1/budgets",
    });
  });
});

describe("GET /api/v1/budgets", () => {
  it("answers the page envelope with budget summaries only, newest first", async () => {
    const t = await tenant();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create(t.key, { client_name: `Client ${i}` })).json.id);
    const response = await call("/api/v1/budgets", { key: t.key });
    expect(response.status).toBe(200);
    expect(Object.keys(response.json).sort()).toEqual(["data", "limit", "offset"]);
    expect(response.json).toMatchObject({ limit: 50, offset: 0 });
    expect(response.json.data.map((item: { id: string }) => item.id)).toEqual(ids.reverse());
    expect(Object.keys(response.json.data[0]).sort()).toEqual(summaryKeys);
    expect(response.json.data[0]).toMatchObject({
      document_type: "budget",
      status: "draft",
      payment_status: "unpaid",
      total: 121,
      client_phone: null,
    });
  });

  const clamps: [string, number, number][] = [
    ["limit=0&offset=0", 1, 0],
    ["limit=500", 100, 0],
    ["limit=-3", 1, 0],
    ["limit=abc&offset=xyz", 50, 0],
    ["limit=2.9&offset=1.7", 2, 1],
    ["offset=-5", 50, 0],
    ["limit=&offset=", 50, 0],
    ["limit=7&offset=2", 7, 2],
  ];
  for (const [query, limit, offset] of clamps) {
    it(`clamps ${query} to limit ${limit}, offset ${offset}`, async () => {
      const t = await tenant();
      const response = await call(`/api/v1/budgets?${query}`, { key: t.key });
      expect(response.status).toBe(200);
      expect(response.json).toMatchObject({ limit, offset });
    });
  }

  it("pages stably with limit and offset", async () => {
    const t = await tenant();
    for (let i = 0; i < 5; i++) await create(t.key, {});
    const all = (await call("/api/v1/budgets", { key: t.key })).json.data.map((item: { id: string }) => item.id);
    const pages = [];
    for (let offset = 0; offset < 5; offset += 2) {
      pages.push(
        ...(await call(`/api/v1/budgets?limit=2&offset=${offset}`, { key: t.key })).json.data.map(
          (item: { id: string }) => item.id,
        ),
      );
    }
    expect(pages).toEqual(all);
    expect((await call("/api/v1/budgets?offset=5", { key: t.key })).json.data).toEqual([]);
  });

  it("never shows another company's budgets", async () => {
    const a = await tenant();
    const b = await tenant();
    await create(a.key, { client_name: "Secret client of A" });
    const response = await call("/api/v1/budgets", { key: b.key });
    expect(response.json.data).toEqual([]);
    expect(response.text).not.toContain("Secret client of A");
  });
});
