import type { Env } from "../../env";
import { createDb, type Database } from "./client";

/**
 * The seam between a company and the database that holds its data. Code that runs between
 * requests (jobs, due work, queue consumers, callbacks, the cron) gets a company's database here and
 * nowhere else, so that putting tenants on several D1 databases changes this file only. Today every
 * company lives in the one D1 database, `DB`.
 */
export function databaseFor(env: Pick<Env, "DB">, _companyId: string): Database {
  return createDb(env.DB);
}

/** Every tenant database, for work that crosses companies (the due-work tick, retention). */
export function everyDatabase(env: Pick<Env, "DB">): readonly Database[] {
  return [createDb(env.DB)];
}
