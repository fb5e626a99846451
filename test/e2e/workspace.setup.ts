/**
 * vitest globalSetup of the end-to-end run (Node side): what every `npm run dev` of the run shares in
 * the checkout, made once before files start two at a time. Made by two dev servers at once on a
 * fresh clone, .dev.vars could get two different API_KEY_CHECK_SECRETs (one minting the demo key,
 * the other read by wrangler), and public/ could be read half written.
 */
import { buildAssets } from "../../scripts/assets";
import { ensureDevVars } from "../../scripts/lib/state";

export default function setup() {
  buildAssets();
  ensureDevVars();
}
