import { join } from "node:path";
import { parseConfig, type Config } from "../../src/config";
import { root } from "./state";

/**
 * The configuration wrangler.toml gives a deployment, read with wrangler's own config reader and
 * parsed like the Worker parses it; `overrides` stand for `--var NAME:value`.
 */
export async function deploymentConfig(overrides: Record<string, string> = {}): Promise<Config> {
  const { unstable_readConfig } = await import("wrangler");
  const { vars } = unstable_readConfig({ config: join(root, "wrangler.toml") });
  return parseConfig({ ...vars, ...overrides });
}
