/**
 * npm run bench: the API under `wrangler dev` beside a bare Worker that makes exactly the same I/O
 * (its floors); what it measures and its options are scripts/lib/bench-cli.ts's USAGE (`npm run bench -- --help`).
 * The options are read first, so --help and a bad option answer before the run and all of src/ are imported.
 */
import "./lib/node-version";
import "./lib/bench-cli";

await import("./lib/bench-run");
