import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";

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
  },
  (t) => [index("clients_company_created_idx").on(t.companyId, t.createdAt, t.id)],
);
