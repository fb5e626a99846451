/**
 * The Workers-runtime test files that run in a runtime of their own (a new workerd, empty storage,
 * a fresh import of the Worker), each alone: what they change is shared by every company of a
 * runtime, so it cannot be isolated by data. Every other file shares its vitest worker's runtime
 * with the files before it and isolates itself by making its own companies. Each entry says why.
 */
export const OWN_RUNTIME: string[] = [
  // Leaves companies in the middle of a move (a move that crashed, one paused at each step) on purpose:
  // their store refuses writes for them, and operations over every company of a store (an
  // announcement published to all) would meet them.
  "src/work/moves.test.ts",
];
