import type { Context } from "hono";
import type { Config } from "../../config";
import type { AppEnv } from "../app-env";
import { legacyLineageActive, type PresentedKey } from "../../keys/auth";
import { keyOfRequest } from "../../keys/auth-failures";
import { controlDatabase } from "../../data/tenancy";
import { checkedLately } from "../../keys/warm-keys";
import { tracked } from "./flow";

export const keyFormPolicy = (config: Config) => ({ environment: config.environment, ...config.apiKeys });

/** Step 5 as far as the key's form decides it: before the body is read, with no I/O (a legacy key: one read). */
export function requestKey(c: Context<AppEnv>): Promise<PresentedKey> {
  const policy = keyFormPolicy(c.get("config"));
  const legacyActive = (lineageId: string) => tracked(c, "d1", () => legacyLineageActive(controlDatabase(c.env), lineageId));
  return keyOfRequest(c.env, c.req.raw.headers, policy, legacyActive, (key) => checkedLately(key, policy));
}
