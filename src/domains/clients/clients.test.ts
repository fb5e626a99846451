import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, tenant } from "../../../test/helpers";
import { seededRandom } from "../../lib/random";
import { documents } from "../budgets";
import { seedClients } from "./seed";

describe("GET /api/v1/clients", () => {
  it("lists the company's saved clients with every field, newest first, in the envelope", async () => {
    const t = await tenant();
    await seedClients(db, t.companyId, seededRandom(1), 3, Date.now());
    const response = await call("/api/v1/clients?limit=2", { key: t.key });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ limit: 2, offset: 0 });
    expect(response.json.data).toHaveLength(2);
    expect(Object.keys(response.json.data[0]).sort()).toEqual(
      [
        "address",
        "cif",
        "country",
        "created_at",
        "email",
        "id",
        "location",
        "name",
        "phone",
        "postal_code",
        "province",
        "representative",
        "updated_at",
      ].sort(),
    );
    const [first, second] = response.json.data;
    expect(first.created_at >= second.created_at).toBe(true);
    const rest = await call("/api/v1/clients?limit=2&offset=2", { key: t.key });
    expect(rest.json.data).toHaveLength(1);
  });

  it("never shows another company's clients", async () => {
    const a = await tenant();
    const b = await tenant();
    await seedClients(db, a.companyId, seededRandom(2), 4, Date.now());
    expect((await call("/api/v1/clients", { key: b.key })).json.data).toEqual([]);
  });

  it("clamps paging", async () => {
    const u = await tenant();
    expect((await call("/api/v1/clients?limit=1000&offset=-1", { key: u.key })).json).toMatchObject({
      limit: 100,
      offset: 0,
    });
  });
});

describe("a budget saves the client it names", () => {
  const budget = (key: string, client: Record<string, unknown>) =>
    call("/api/v1/budgets", {
      key,
      body: { ...client, items: [{ concept: "Visit", units: 1, unit_price: 60 }] },
    });

  it("once per identity (its e-mail, else its name), also under concurrency; the budget is linked to it", async () => {
    const t = await tenant();
    expect((await call("/api/v1/clients", { key: t.key })).json.data).toEqual([]);
    const created = await Promise.all([
      budget(t.key, { client_name: "Acme SL", client_email: "Billing@Acme.example" }),
      budget(t.key, { client_name: "Acme Sociedad Limitada", client_email: "billing@acme.example" }),
      budget(t.key, { client_name: "Acme SL", client_email: "billing@acme.example" }),
    ]);
    expect(created.map((response) => response.status)).toEqual([201, 201, 201]);
    await budget(t.key, { client_name: "Ana  López" });
    await budget(t.key, { client_name: "ana lópez" });
    await budget(t.key, { client_name: "Pedro Ruiz", client_email: null });

    const listed = (await call("/api/v1/clients", { key: t.key })).json.data as {
      id: string;
      name: string;
      email: string | null;
    }[];
    expect(listed).toHaveLength(3);
    const byName = new Map(listed.map((client) => [client.name.toLowerCase().replace(/\s+/g, " "), client]));
    expect(byName.get("ana lópez")).toMatchObject({ email: null });
    expect(byName.get("pedro ruiz")).toMatchObject({ email: null });
    const acme = listed.find((client) => client.email?.toLowerCase() === "billing@acme.example");
    expect(acme).toBeDefined();
    const linked = await db
      .select({ clientId: documents.clientId })
      .from(documents)
      .where(
        inArray(
          documents.id,
          created.map((response) => response.json.id as string),
        ),
      );
    expect(linked.map((row) => row.clientId)).toEqual([acme!.id, acme!.id, acme!.id]);

    // Another company's budget for the same client saves its own.
    const other = await tenant();
    await budget(other.key, { client_name: "Acme SL", client_email: "billing@acme.example" });
    const theirs = (await call("/api/v1/clients", { key: other.key })).json.data;
    expect(theirs).toHaveLength(1);
    expect(theirs[0].id).not.toBe(acme!.id);
  });

  it("a refused budget saves no client", async () => {
    const t = await tenant();
    const refused = await budget(t.key, { client_name: "Nadie SL", document_type: "invoice" });
    expect(refused.status).toBe(400);
    expect((await call("/api/v1/clients", { key: t.key })).json.data).toEqual([]);
  });
});
