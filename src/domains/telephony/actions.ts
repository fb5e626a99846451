import type { Uses } from "../../core/action";
import { commitNamed } from "../../core/commit";
import { nowIso } from "../../core/db/schema";
import { notFound } from "../../core/errors";
import { numberRenamed } from "./events";
import type { PhoneNumberView } from "./model";
import { numberE164, renameStatements, toPhoneNumber } from "./queries";

/**
 * Renames a number with no read before the write: one batch whose precondition makes an unknown
 * id 404 (nothing written, nothing audited) and whose UPDATE ... RETURNING answers the row as
 * written. The event's number is read inside the same batch.
 */
export async function renameNumber({ db, caller, commit }: Uses<"db" | "caller" | "commit">, input: { numberId: string; name: string }): Promise<PhoneNumberView> {
  const { numberId, name } = input;
  const companyId = caller.company.id;
  const at = nowIso();
  const { renamed } = await commitNamed(commit, renameStatements(db, companyId, numberId, name, at), { resourceType: "phone_number", resourceId: numberId }, [
    numberRenamed.of({ id: numberId, number: "", name, renamed_at: at }, { number: numberE164(companyId, numberId) }),
  ]);
  const [row] = renamed;
  if (!row) throw notFound("phone number");
  return toPhoneNumber(row);
}
