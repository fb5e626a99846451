import { drizzle } from "drizzle-orm/d1";

export type Database = ReturnType<typeof drizzle>;

/** drizzle over D1. Queries use the query builder only, so no schema object is needed here. */
export const createDb = (d1: D1Database): Database => drizzle(d1);
