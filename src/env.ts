/**
 * Bindings, variables and secrets of the Worker, as `npm run types` generates them from
 * wrangler.toml and .dev.vars.example into src/bindings.d.ts. Variables arrive as strings:
 * src/config.ts parses them once into the typed configuration the code reads.
 */
export type Env = WorkerBindings;
