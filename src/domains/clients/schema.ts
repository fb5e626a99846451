import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const clients = sqliteTable(
  "clients",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    name: text("name").notNull(),
    /** Tax identifier. */
    cif: text("cif"),
    email: text("email"),
    phone: text("phone"),
    address: text("address"),
    location: text("location"),
    province: text("province"),
    country: text("country"),
    postalCode: text("postal_code"),
    representative: text("representative"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    /**
     * Who the client is, as budgets name clients (clientIdentity): its e-mail address, else its
     * name. Unique per company, so a budget saves a new client once; null for rows written before it.
     */
    identity: text("identity"),
  },
  (t) => [
    index("clients_company_created_idx").on(t.companyId, t.createdAt, t.id),
    uniqueIndex("clients_company_identity_idx").on(t.companyId, t.identity),
  ],
);
