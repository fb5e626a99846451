import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loggableError } from "../src/core/errors";
import { db } from "./helpers";

describe("server error logs", () => {
  it("name a failed query's SQL and cause, never its parameters", async () => {
    const email = "maria.lopez@example.com";
    const failure = await db.run(sql`SELECT * FROM no_such_table WHERE email = ${email}`).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(String(failure)).toContain(email); // drizzle's own message carries the parameters
    const logged = loggableError(failure);
    expect(logged.error).toContain("no_such_table");
    expect(JSON.stringify(logged)).not.toContain(email);
  });
});
