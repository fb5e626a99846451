import type { Context } from "hono";
import type { Config } from "../../config";
import type { AppEnv } from "../app-env";
import { legacyLineageActive, type PresentedKey } from "../../keys/auth";
import { authFailureLimiter, keyOfRequest } from "../../keys/auth-failures";
import { controlDatabase } from "../../data/tenancy";
import { checkedLately } from "../../keys/warm-keys";
import { tracked, type Answer, type Flow, type Next } from "./stage";

export const keyFormPolicy = (config: Config) => ({ environment: config.environment, ...config.apiKeys });

/**
 * The key as far as its form decides it, before the body is read, with no I/O (a legacy key: one
 * read): a missing, malformed or forged key, or one of another environment, is 401, and a client
 * over its failed authentications is 429 (src/keys/auth-failures.ts).
 */
export function requestKey(c: Context<AppEnv>): Promise<PresentedKey> {
  const config = c.get("config");
  const policy = keyFormPolicy(config);
  const legacyActive = (lineageId: string) =>
    tracked(c, "d1", () => legacyLineageActive(controlDatabase(c.env), lineageId));
  return keyOfRequest(
    authFailureLimiter(c.env, config.authFailureLimit),
    c.req.raw.headers,
    policy,
    legacyActive,
    (key) => checkedLately(key, policy),
  );
}

export async function keyForm(flow: Flow, next: Next): Promise<Answer> {
  flow.key = await requestKey(flow.c);
  return next();
}
