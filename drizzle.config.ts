import { defineConfig } from "drizzle-kit";

// Migrations are generated from the drizzle schema (`npm run db:generate`) and committed.
export default defineConfig({
  dialect: "sqlite",
  schema: ["./src/data/schema.ts", "./src/domains/*/schema.ts"],
  out: "./migrations",
});
