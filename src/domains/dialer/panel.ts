import type { Database } from "../../core/db/client";
import { runWriteBatch } from "../../core/commit";
import { isPreconditionAbort } from "../../core/db/precondition";
import { InputError } from "../../core/input-error";
import { findDialledCall } from "./queries";
import { callEndResults, settlement, type CallEnd } from "./settle";

/**
 * Ends a dialled call as the provider's status callback would (the panel: npm run admin -- calls
 * end; the tests): settles it in one batch. Events go out with the job path only (this one has no
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
  return { call_id: row.id, status: input.end.failureReason ? "failed" : "completed", cost_minor: settled.costMinor, refunded_minor: settled.refundMinor };
}
