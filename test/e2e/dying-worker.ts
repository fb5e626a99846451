import worker from "../../src/index";
import type { Env } from "../../src/env";
import { DEATHS, dyingAt, type DeathAt } from "../faults";

export { KeyGuard } from "../../src/index";

/**
 * The Worker as the end-to-end kill test runs it (npm run dev -- --main test/e2e/dying-worker.ts):
 * the real Worker, its requests handed an env whose calls from one point of an idempotent write on
 * wait forever (test/faults.ts), so that the process killed meanwhile dies exactly there. The point
 * is the variable E2E_DIE_AT (before-batch, after-batch, after-answer), which the Worker never reads;
 * unset, a request reaches the Worker with the runtime's env as it is.
 */
interface DyingVars {
  E2E_DIE_AT?: string;
}

const dyingEnvs = new WeakMap<Env, Env>();

function envOf(env: Env & DyingVars): Env {
  const at = env.E2E_DIE_AT;
  if (!at) return env;
  if (!DEATHS.includes(at as DeathAt)) throw new Error(`E2E_DIE_AT must be one of ${DEATHS.join(", ")}, not ${at}.`);
  let dying = dyingEnvs.get(env);
  if (!dying) {
    dying = dyingAt(env, at as DeathAt, "hang");
    dyingEnvs.set(env, dying);
  }
  return dying;
}

const fetch = (request: Request, env: Env & DyingVars, ctx: ExecutionContext) => worker.fetch(request, envOf(env), ctx);

export default { ...worker, fetch } satisfies ExportedHandler<Env & DyingVars, string>;
