import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, tenant } from "../../../test/helpers";
import { webhookEvents } from "../webhooks/schema";
import { contactListCreated, contactListMembersAdded, contactListMembersRemoved, contactListUpdated } from "./events";

describe("contact list events", () => {
  it("create, rename, add and remove emit their events; unchanged membership emits none", async () => {
    const t = await tenant();
    const contact = (await call("/api/v1/contacts", { key: t.key, body: { phone: "+34612345678" } })).json.id as string;
    const list = await call("/api/v1/contact-lists", { key: t.key, body: { name: "Leads" } });
    const renamed = await call(`/api/v1/contact-lists/${list.json.id}`, {
      key: t.key,
      method: "PATCH",
      body: { name: "Hot leads" },
    });
    const members = `/api/v1/contact-lists/${list.json.id}/members`;
    await call(members, { key: t.key, method: "POST", body: { contact_ids: [contact, "unknown"] } });
    await call(members, { key: t.key, method: "POST", body: { contact_ids: [contact] } });
    await call(members, { key: t.key, method: "DELETE", body: { contact_ids: [contact] } });
    await call(members, { key: t.key, method: "DELETE", body: { contact_ids: [contact] } });

    const rows = await db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.companyId, t.companyId))
      .orderBy(asc(webhookEvents.createdAt))
      .all();
    const events = rows
      .filter((row) => row.type.startsWith("contact_list."))
      .map((row) => ({ type: row.type, data: JSON.parse(row.data) as unknown }));
    expect(events.map((e) => e.type)).toEqual([
      "contact_list.created",
      "contact_list.updated",
      "contact_list.members_added",
      "contact_list.members_removed",
    ]);
    expect(contactListCreated.schema.parse(events[0]!.data)).toEqual(list.json);
    expect(contactListUpdated.schema.parse(events[1]!.data)).toEqual({ list: renamed.json, changed_fields: ["name"] });
    expect(contactListMembersAdded.schema.parse(events[2]!.data)).toEqual({
      list_id: list.json.id,
      count: 1,
      contact_ids: [contact],
    });
    expect(contactListMembersRemoved.schema.parse(events[3]!.data)).toEqual({
      list_id: list.json.id,
      count: 1,
      contact_ids: [contact],
    });
  });
});
