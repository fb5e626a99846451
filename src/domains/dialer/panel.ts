import { z } from "@hono/zod-openapi";
import type { Database } from "../../data/client";
import type { EmittedEvent } from "../../data/events";
import type { WriteStatement } from "../../core/operation";
import { InputError } from "../../lib/input-error";
import { defineOperatorOperation, type OperatorOperation } from "../../core/operator";
import { findDialledCall } from "./queries";
import { callEndResults, settlement, type CallEnd } from "./settle";

type Commit = (
  companyId: string,
  statements: readonly WriteStatement[],
  events?: readonly EmittedEvent[],
) => Promise<unknown>;

/**
 * Ends a dialled call as the provider's status callback would (the operator's POST
 * /admin/v1/calls/{call_id}/end, for a call whose provider cannot say): settles it in one batch with
 * call.status_changed and call.settled. A call already ended is 409 (the settlement's precondition).
 */
async function endDialledCall(db: Database, commit: Commit, input: { callId: string; end: CallEnd }) {
  const row = await findDialledCall(db, input.callId);
  if (!row) throw new InputError("not_found", `No dialled call ${input.callId}.`);
  const settled = await settlement(db, row, input.end);
  await commit(row.companyId, settled.statements, settled.events);
  return {
    companyId: row.companyId,
    body: {
      call_id: row.id,
      status: input.end.failureReason ? ("failed" as const) : ("completed" as const),
      cost_minor: settled.costMinor,
      refunded_minor: settled.refundMinor,
    },
  };
}

const endCall = defineOperatorOperation({
  operationId: "endDialledCall",
  method: "post",
  path: "/admin/v1/calls/{call_id}/end",
  summary: "End a dialled call and settle it",
  description:
    "What the provider's status callback reports, for a call whose provider cannot say: the result and the talk time (`duration_seconds`, default 0; only answered and voicemail calls are charged for it). The call's cost is charged from its reservation and the rest refunded, once, with call.status_changed and call.settled: a call already ended is 409.",
  tag: "Calls",
  request: {
    params: z.object({ call_id: z.string().min(1).max(100) }),
    body: z.object({
      result: z.enum(callEndResults),
      duration_seconds: z.number().int().min(0).max(86_400).optional(),
    }),
  },
  responses: {
    200: {
      description: "The call as settled",
      schema: z.object({
        call_id: z.string(),
        status: z.enum(["completed", "failed"]),
        cost_minor: z.number().int(),
        refunded_minor: z.number().int(),
      }),
    },
  },
  codes: [409],
  handler: async ({ db, params, body, commit }) => {
    const settled = await endDialledCall(db, commit, {
      callId: params.call_id,
      end: { result: body.result, durationSeconds: body.duration_seconds ?? 0 },
    });
    return {
      status: 200,
      body: settled.body,
      audit: { companyId: settled.companyId, resourceType: "call", resourceId: settled.body.call_id },
    };
  },
});

export const dialerOperatorOperations: readonly OperatorOperation[] = [endCall];
