import { z } from "@hono/zod-openapi";
import { advanceMove, moveOf, moveProgress, MoveRefused, startMove } from "../work/moves";
import { clock } from "../lib/clock";
import { ApiError } from "../lib/errors";
import { CompanyParams, defineOperatorOperation, type OperatorOperation } from "../core/operator";

/** The operator's move of a company between tenant stores (src/work/moves.ts does the work). */

const MoveProgress = z.object({
  company_id: z.string(),
  from_store: z.number().int(),
  to_store: z.number().int(),
  state: z.enum(["draining", "copying", "verifying", "cleaning", "done", "reverting", "failed"]),
  table: z.string().nullable().describe("The table being copied (copying) or emptied in the old store (cleaning)."),
  tables: z
    .array(z.object({ table: z.string(), rows_copied: z.number().int(), rows_total: z.number().int() }))
    .max(500)
    .describe("Each tenant table of the schema (a few dozen), in the order they are copied."),
  rows_copied: z.number().int(),
  rows_total: z.number().int(),
  started_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
  estimated_seconds_left: z
    .number()
    .int()
    .nullable()
    .describe("From the waits still due and the copy's rate so far; null until the copy has a rate."),
  error: z
    .string()
    .nullable()
    .describe("The last step's failure (retried by the next step), a verification's recopy, or why the move failed."),
});

const moveDescription =
  "A company (alone: a subaccount moves without its agency, an agency without its subaccounts) moves to another tenant store while the API stays up. " +
  "`draining`: its writes answer 503 `company_moving` with Retry-After, reads go on, its jobs and due work wait; the move waits a directory cache's life (about 65 s). " +
  "`copying`: its rows are copied table by table in chunks. `verifying`: the rows per table are counted in both stores; the directory then flips and writes resume in the new store. " +
  "`cleaning`: after another cache's life its rows are deleted from the old store; then `done`. A copy that still differs after two recopies is given up: " +
  "the company stays (and takes writes again) in its store, the copied rows are deleted from the other (`reverting`), then `failed` with the reason in `error`. " +
  "Each Cron tick advances a move; this POST starts it, or resumes it where it stopped.";

const startCompanyMove = defineOperatorOperation({
  operationId: "moveCompany",
  method: "post",
  path: "/admin/v1/companies/{company_id}/move",
  summary: "Move a company to another tenant store, or resume its move",
  description: `${moveDescription} A company already in that store with no move under way: 200 with its last move (or a finished move of no rows). Another move of it, to another store, under way: 409.`,
  tag: "Companies",
  request: { params: CompanyParams, body: z.object({ store: z.number().int().min(0).max(999) }) },
  responses: {
    200: { description: "The company is already in that store", schema: MoveProgress },
    202: { description: "The move, started or resumed, as far as it went", schema: MoveProgress },
  },
  codes: [409],
  handler: async ({ env, params, body }) => {
    const companyId = params.company_id;
    let started: Awaited<ReturnType<typeof startMove>>;
    try {
      started = await startMove(env, companyId, body.store);
    } catch (error) {
      if (!(error instanceof MoveRefused)) throw error;
      if (error.reason === "unknown_store")
        throw new ApiError("validation_error", error.message, {
          errors: [{ path: "body.store", message: error.message }],
        });
      throw new ApiError(error.reason === "unknown_company" ? "not_found" : "conflict", error.message);
    }
    if ("alreadyThere" in started) {
      return {
        status: 200,
        body: started.alreadyThere ? moveProgress(env, started.alreadyThere) : alreadyThere(companyId, body.store),
      };
    }
    // Started or resumed: it goes as far as it can now (the Cron tick takes it on from there).
    const advanced = (await advanceMove(env, companyId)) ?? started;
    return {
      status: 202,
      body: moveProgress(env, advanced),
      audit: { companyId, resourceType: "company_move", resourceId: companyId },
    };
  },
});

/** The answer for a company that never moved and is already in the store asked for. */
function alreadyThere(companyId: string, store: number): z.input<typeof MoveProgress> {
  const now = clock.iso();
  return {
    company_id: companyId,
    from_store: store,
    to_store: store,
    state: "done",
    table: null,
    tables: [],
    rows_copied: 0,
    rows_total: 0,
    started_at: now,
    updated_at: now,
    finished_at: now,
    estimated_seconds_left: 0,
    error: null,
  };
}

const getCompanyMove = defineOperatorOperation({
  operationId: "getCompanyMove",
  method: "get",
  path: "/admin/v1/companies/{company_id}/move",
  summary: "A company's move between tenant stores: state, rows copied per table, time left",
  description: moveDescription,
  tag: "Companies",
  request: { params: CompanyParams },
  responses: { 200: { description: "The company's last move", schema: MoveProgress } },
  codes: [],
  handler: async ({ env, params }) => {
    const row = await moveOf(env, params.company_id);
    if (!row) throw new ApiError("not_found", `Company ${params.company_id} has never moved.`);
    return { status: 200, body: moveProgress(env, row) };
  },
});

export const moveOperatorOperations: readonly OperatorOperation[] = [startCompanyMove, getCompanyMove];
