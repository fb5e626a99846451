import { z } from "@hono/zod-openapi";
import type { Database } from "../../core/db/client";
import { runWriteBatch } from "../../core/commit";
import { isPreconditionAbort } from "../../core/db/precondition";
import { InputError } from "../../core/input-error";
import { defineOperatorOperation, type OperatorOperation } from "../../core/operator";
import { findDialledCall } from "./queries";
import { callEndResults, settlement, type CallEnd } from "./settle";

/**
 * Ends a dialled call as the provider's status callback would (the operator's POST
 * /admin/v1/calls/{call_id}/end until callbacks land; the tests): settles it in one batch. Events go out with the job path only (this one has no
 * event sink); the calls row and the ledger are the record here.
 */
export async function endDialledCall(db: Database, input: { callId: string; end: CallEnd }) {
  if (!(callEndResults as readonly string[]).includes(input.end.result)) throw new InputError("invalid_argument", `--result must be one of ${callEndResults.join(", ")}.`);
  if (!Number.isInteger(input.end.durationSeconds) || input.end.durationSeconds < 0) throw new InputError("invalid_argument", "--duration must be whole seconds, at least 0.");
  const row = await findDialledCall(db, input.callId);
  if (!row) throw new InputError("not_found", `No dialled call ${input.callId}.`);
  const settled = await settlement(db, row, input.end);
  try {
    await runWriteBatch(db, settled.statements);
  } catch (error) {
    // The only precondition whose failure is not a bug: another end settled the call first.
    if (isPreconditionAbort(error)) throw new InputError("conflict", `The call ${row.id} has already ended and was settled.`);
    throw error;
  }
  return { call_id: row.id, status: input.end.failureReason ? ("failed" as const) : ("completed" as const), cost_minor: settled.costMinor, refunded_minor: settled.refundMinor };
}

const endCall = defineOperatorOperation({
  operationId: "endDialledCall",
  method: "post",
  path: "/admin/v1/calls/{call_id}/end",
  summary: "End a dialled call and settle it",
  description:
    "What the provider's status callback will report: the result and the talk time (`duration_seconds`, default 0; only answered and voicemail calls are charged for it). The call's cost is charged from its reservation and the rest refunded, once: a call already ended is 409.",
  tag: "Calls",
  request: {
    params: z.object({ call_id: z.string().min(1).max(100) }),
    body: z.object({ result: z.enum(callEndResults), duration_seconds: z.number().int().min(0).max(86_400).optional() }),
  },
  responses: {
    200: {
      description: "The call as settled",
      schema: z.object({ call_id: z.string(), status: z.enum(["completed", "failed"]), cost_minor: z.number().int(), refunded_minor: z.number().int() }),
    },
  },
  codes: [409],
  handler: async ({ db, params, body }) => {
    const settled = await endDialledCall(db, { callId: params.call_id, end: { result: body.result, durationSeconds: body.duration_seconds ?? 0 } });
    const owner = await findDialledCall(db, settled.call_id);
    return { status: 200, body: settled, audit: { companyId: owner?.companyId ?? null, resourceType: "call", resourceId: settled.call_id } };
  },
});

export const dialerOperatorOperations: readonly OperatorOperation[] = [endCall];
