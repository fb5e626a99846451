import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** The company's workspace (message slips and the like): set up in the panel; until then 503. */
export const workspaces = sqliteTable("workspaces", {
  companyId: text("company_id").primaryKey(),
  setUpAt: text("set_up_at").notNull(),
});

/** Message slips ("recados"): what a caller asked an agent to pass on. */
export const recados = sqliteTable(
  "recados",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    callerName: text("caller_name").notNull(),
    /** E.164, or null when the caller's number was withheld. */
    phone: text("phone"),
    message: text("message").notNull(),
    /** The call during which it was taken (calls domain), when known. */
    callId: text("call_id"),
    takenAt: text("taken_at").notNull(),
    read: integer("read", { mode: "boolean" }).notNull(),
  },
  (t) => [
    index("recados_company_taken_idx").on(t.companyId, t.takenAt, t.id),
    index("recados_company_read_idx").on(t.companyId, t.read, t.takenAt, t.id),
    // The slip of a reported call (the voice report's answer reads it by its call).
    index("recados_company_call_idx").on(t.companyId, t.callId),
  ],
);

export type RecadoRow = typeof recados.$inferSelect;
