import { applyD1Migrations, env } from "cloudflare:test";
import { storeCount, storeBinding } from "../src/core/db/tenancy";

// Every store gets every migration: the same schema everywhere, control-plane tables unused in stores above 0.
for (let store = 0; store < storeCount(env); store++) await applyD1Migrations(storeBinding(env, store)!, env.TEST_MIGRATIONS);
