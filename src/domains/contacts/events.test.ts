import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, tenant } from "../../../test/helpers";
import { webhookEvents } from "../webhooks/schema";
import { contactCreated, contactsImported, contactUpdated } from "./events";

/** Events the company's writes put in the outbox, oldest first, with data parsed. */
async function emitted(companyId: string) {
  const rows = await db
    .select()
    .from(webhookEvents)
    .where(eq(webhookEvents.companyId, companyId))
    .orderBy(asc(webhookEvents.createdAt))
    .all();
  return rows.map((row) => ({ type: row.type, data: JSON.parse(row.data) as unknown }));
}

describe("contact events", () => {
  it("create, update and identify emit contact.created / contact.updated with data matching their schemas", async () => {
    const t = await tenant();
    const created = await call("/api/v1/contacts", { key: t.key, body: { phone: "+34612345678", first_name: "Ana" } });
    const updated = await call(`/api/v1/contacts/${created.json.id}`, {
      key: t.key,
      method: "PATCH",
      body: { notes: "VIP", tags: ["a"] },
    });
    const found = await call("/api/v1/contacts/identify", { key: t.key, body: { phone: "612345678" } });
    expect(found.json.created).toBe(false);
    const identified = await call("/api/v1/contacts/identify", { key: t.key, body: { phone: "+34699111222" } });
    expect(identified.json.created).toBe(true);

    const events = await emitted(t.companyId);
    expect(events.map((e) => e.type)).toEqual(["contact.created", "contact.updated", "contact.created"]);
    expect(contactCreated.schema.parse(events[0]!.data)).toEqual(created.json);
    expect(contactUpdated.schema.parse(events[1]!.data)).toEqual({
      contact: updated.json,
      changed_fields: ["tags", "notes"],
    });
    expect(contactCreated.schema.parse(events[2]!.data)).toEqual(identified.json.contact);
  });

  it("a refused write emits nothing", async () => {
    const t = await tenant();
    await call("/api/v1/contacts", { key: t.key, body: { phone: "+34612345678" } });
    expect((await call("/api/v1/contacts", { key: t.key, body: { phone: "+34612345678" } })).status).toBe(409);
    expect((await emitted(t.companyId)).map((e) => e.type)).toEqual(["contact.created"]);
  });

  it("an import emits one contacts.imported with the counts and created ids", async () => {
    const t = await tenant();
    const response = await call("/api/v1/contacts/import", {
      key: t.key,
      body: {
        contacts: [{ phone: "+34611111111" }, { phone: "+34611111111" }, { phone: "bad" }, { email: "x@example.com" }],
      },
    });
    const events = await emitted(t.companyId);
    expect(events.map((e) => e.type)).toEqual(["contacts.imported"]);
    expect(contactsImported.schema.parse(events[0]!.data)).toEqual({
      created: 2,
      skipped: 1,
      rejected: 1,
      contact_ids: response.json.created_contacts.map((c: { id: string }) => c.id),
    });
  });
});
