import { applyD1Migrations, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { storeBinding } from "../../data/tenancy";
import { emptyScratch } from "../../../test/fixtures/scratch";

/**
 * The WhatsApp tables number their rows per company (src/data/sequences.ts, the triggers of
 * migration 0052), in the statement that inserts them: what the list cursors and the message
 * poll's `since` carry, and what a company moving between stores keeps.
 */
const store = () => storeBinding(env, 0)!;
const at = new Date().toISOString();

const insertMessage = (companyId: string, id = crypto.randomUUID(), seq?: number) =>
  store()
    .prepare(
      `INSERT INTO whatsapp_messages (id, company_id, conversation_id, connection_id, direction, type, author, text, status, created_at, updated_at${seq === undefined ? "" : ", seq"})
       VALUES (?1, ?2, 'conversation', 'connection', 'inbound', 'text', 'contact', 'hello', 'delivered', ?3, ?3${seq === undefined ? "" : ", ?4"})`,
    )
    .bind(id, companyId, at, ...(seq === undefined ? [] : [seq]));

const positions = async (companyId: string) =>
  (
    await store()
      .prepare("SELECT seq FROM whatsapp_messages WHERE company_id = ?1 ORDER BY seq")
      .bind(companyId)
      .all<{ seq: number }>()
  ).results.map((row) => row.seq);

describe("a company's own sequence", () => {
  it("numbers each company's rows 1, 2, 3… in one database, whoever else writes there, in the inserting statement", async () => {
    const [first, second] = [crypto.randomUUID(), crypto.randomUUID()];
    // Interleaved, some in one batch (one transaction): each company counts only its own.
    await store().batch([insertMessage(first), insertMessage(second), insertMessage(first)]);
    await insertMessage(second).run();
    await insertMessage(first).run();
    expect(await positions(first)).toEqual([1, 2, 3]);
    expect(await positions(second)).toEqual([1, 2]);
    for (const table of ["whatsapp_connections", "conversations", "whatsapp_messages"]) {
      const trigger = await store()
        .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?1 AND name = ?2")
        .bind(table, `${table}_seq`)
        .first();
      expect(trigger, table).not.toBeNull();
    }
  });

  it("never gives a number twice, even once the newest rows are deleted", async () => {
    const companyId = crypto.randomUUID();
    for (let n = 0; n < 3; n++) await insertMessage(companyId).run();
    await store().prepare("DELETE FROM whatsapp_messages WHERE company_id = ?1").bind(companyId).run();
    await insertMessage(companyId).run();
    // A poller that had read up to 3 finds the new message after it.
    expect(await positions(companyId)).toEqual([4]);
  });

  it("keeps the number of a row written with one (a move's copy), which draws none, and refuses a number drawn twice", async () => {
    const companyId = crypto.randomUUID();
    await insertMessage(companyId, crypto.randomUUID(), 41).run();
    await insertMessage(companyId).run();
    expect(await positions(companyId)).toEqual([1, 41]);
    await expect(insertMessage(companyId, crypto.randomUUID(), 41).run()).rejects.toThrow(/UNIQUE/);
  });
});

describe("the migration to company sequences (0050 to 0052)", () => {
  it("keeps every row's number, and starts each company past the database's mark, so no number is given twice", async () => {
    const scratch = await emptyScratch();
    const index = env.TEST_MIGRATIONS.findIndex((migration) => migration.name.startsWith("0050_"));
    await applyD1Migrations(scratch, env.TEST_MIGRATIONS.slice(0, index));
    const company = { id: crypto.randomUUID() };
    const quiet = { id: crypto.randomUUID() };
    for (const { id } of [company, quiet]) {
      await scratch
        .prepare(
          "INSERT INTO companies (id, name, plan, created_at, updated_at) SELECT ?1, 'Company', 'Business', ?2, ?2",
        )
        .bind(id, at)
        .run();
    }
    // Numbered per database, as before: the company's rows 1 and 3, a row of another (2), and 4 and 5 deleted.
    const insert = (companyId: string, id: string) =>
      scratch
        .prepare(
          `INSERT INTO whatsapp_messages (id, company_id, conversation_id, connection_id, direction, type, author, text, status, created_at, updated_at)
           VALUES (?1, ?2, 'conversation', 'connection', 'inbound', 'text', 'contact', 'hello', 'delivered', ?3, ?3)`,
        )
        .bind(id, companyId, at);
    await scratch.batch([
      insert(company.id, "m1"),
      insert("another", "m2"),
      insert(company.id, "m3"),
      insert(company.id, "m4"),
      insert(quiet.id, "m5"),
    ]);
    await scratch.prepare("DELETE FROM whatsapp_messages WHERE id IN ('m4', 'm5')").run();

    await applyD1Migrations(scratch, env.TEST_MIGRATIONS);
    const numbers = async (companyId: string) =>
      (
        await scratch
          .prepare("SELECT id, seq FROM whatsapp_messages WHERE company_id = ?1 ORDER BY seq")
          .bind(companyId)
          .all<{ id: string; seq: number }>()
      ).results.map((row) => `${row.id}:${row.seq}`);
    expect(await numbers(company.id)).toEqual(["m1:1", "m3:3"]);
    // The previous code's insert (no seq) on the new schema: a rollout runs it for a while.
    await scratch.batch([insert(company.id, "new"), insert(quiet.id, "quiet-new"), insert("another", "other-new")]);
    expect(await numbers(company.id)).toEqual(["m1:1", "m3:3", "new:6"]);
    // A company whose rows were all deleted does not start again at 1.
    expect(await numbers(quiet.id)).toEqual(["quiet-new:6"]);
    expect(await numbers("another")).toEqual(["m2:2", "other-new:6"]);
  });
});
