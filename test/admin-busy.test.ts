import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { retryWhenBusy, whenFree } from "../scripts/lib/busy";
import { companies } from "../src/data/schema";

const noPause = () => Promise.resolve();

describe("admin CLI beside a running server: SQLITE_BUSY", () => {
  it("retries a call refused as busy until it runs", async () => {
    let calls = 0;
    const result = await whenFree(async () => {
      calls++;
      if (calls < 3) throw new Error("D1_ERROR: database is locked: SQLITE_BUSY");
      return "done";
    }, noPause);
    expect(result).toBe("done");
    expect(calls).toBe(3);
  });

  it("finds busy in a wrapped cause (drizzle wraps D1 errors), also as Miniflare words it", async () => {
    let calls = 0;
    await whenFree(async () => {
      if (++calls === 1) throw new Error("Failed query: select 1", { cause: new Error("SQLITE_BUSY") });
      if (calls === 2) {
        throw new Error("Failed query: select 1", {
          cause: new Error("D1_ERROR: Failed to parse body as JSON, got: Error: internal error; reference = 79k0i8ke"),
        });
      }
    }, noPause);
    expect(calls).toBe(3);
  });

  it("does not retry other errors, and gives up after 40 busy attempts", async () => {
    let calls = 0;
    await expect(
      whenFree(async () => {
        calls++;
        throw new Error("UNIQUE constraint failed");
      }, noPause),
    ).rejects.toThrow(/UNIQUE/);
    expect(calls).toBe(1);
    calls = 0;
    await expect(
      whenFree(async () => {
        calls++;
        throw new Error("SQLITE_BUSY");
      }, noPause),
    ).rejects.toThrow(/BUSY/);
    expect(calls).toBe(40);
  });

  it("leaves D1 working through drizzle: statements, bound values and batches", async () => {
    const d1 = retryWhenBusy(env.DB);
    const db = drizzle(d1);
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    await db.batch([
      db.insert(companies).values({ id, name: "Busy test", plan: "Business", createdAt: now, updatedAt: now }),
      db.update(companies).set({ name: "Busy test, renamed" }).where(eq(companies.id, id)),
    ]);
    expect(await db.select({ name: companies.name }).from(companies).where(eq(companies.id, id)).get()).toEqual({
      name: "Busy test, renamed",
    });
    expect(await d1.prepare("SELECT count(*) AS n FROM companies WHERE id = ?").bind(id).first("n")).toBe(1);
  });
});
