import { describe, expect, it } from "vitest";
import { isWrite } from "../src/core/operation";
import { domains } from "../src/domains";

/*
 * Every public write is either answered again after a crash between its D1 batch and keeping its
 * answer (its `replay` rebuilds the answer from what the batch wrote: src/core/stages/kept-answer.ts),
 * or says here why not. Without either, a retry with the same Idempotency-Key is told 409 "already
 * completed" although the answer could have been read back: so a new write must declare a replay or
 * add itself below with its reason.
 */

/** The writes without a replay, each with why a retry after that crash is not answered from the rows. */
const exempt: Record<string, string> = {
  // Its answer is never kept (storeIdempotentResponse: false): a retry is told the request completed.
  rotateApiKey: "answers the new key's secret once; no answer of it is kept, so none is rebuilt",
  putWebhookSubscription: "answers the signing secret once; no answer of it is kept, so none is rebuilt",
  updateWebhookSubscription: "may answer a new signing secret; no answer of it is kept, so none is rebuilt",

  // Resumed instead (resumesAfterCrash): the retry runs the handler again, which adopts the provider intent.
  sendEmail: "resumes after a crash: the retry adopts the send's provider intent (src/work/intents.ts)",
  sendSms: "resumes after a crash: the retry adopts the send's provider intent (src/work/intents.ts)",
  sendWhatsAppMessage: "resumes after a crash: the retry adopts the send's provider intent (src/work/intents.ts)",

  // No batch: nothing marks the key, so the key's object keeps the answer before the response is sent.
  checkSms: "writes nothing (a lookup at the provider): its answer is kept before it is sent",
  checkWhatsAppPhones: "writes nothing (a lookup): its answer is kept before it is sent",
  searchKnowledgeBase: "writes nothing (a search): its answer is kept before it is sent",

  // The answer says what the batch changed against what was there before; the rows after it cannot tell.
  importContacts: "answers row by row which rows it created or skipped; the rows do not say which request made them",
  addContactListMembers:
    "counts the contacts it added against those already members; the rows after it cannot tell them apart",
  removeContactListMembers:
    "counts the contacts it removed against those that were not members; the removed rows are gone",
  enrollSequenceContacts:
    "counts the contacts it enrolled against those already enrolled; the rows after it cannot tell them apart",
  addCampaignLists:
    "counts the lists it added against those already in the audience; the rows after it cannot tell them apart",
  removeCampaignLists: "counts the lists it removed against those that were not in it; the removed rows are gone",
  recoverWebhookDeliveries:
    "counts the copies this recover queued; its audit entry names the subscription, so they cannot be told from another recover's",

  // What the answer shows is gone with the batch, or moved on before any retry.
  removeCalendarOverride: "answers the exception it removed; the row is gone",
  cancelAddon: "the add-on's row is deleted; its cancelled_at is kept only in the event",
  dialCall:
    "answers the call as queued; its job hands it to the provider at once, so the row has moved on by any retry",

  // Spending writes whose answer states what this call charged, or whose handler does more after the batch.
  createTopUp: "spending: answers the charge at the payment provider and the balance right after it",
  changePlan:
    "spending: answers what this change charged, and tells the company's keys of the new plan after the batch",
  hireAddon: "spending: answers what this call charged (0 when already hired), which the add-on's row does not say",
  createSubaccount:
    "spending: answers the setup charge's amount and ledger entry, which the subaccount's rows do not hold",
  dispatchCampaign:
    "spending: answers the batch as queued (recipients, remaining, cost) and the campaign's counters, which its sends move on",
  updateSubaccountStatus:
    "tells the changed accounts' keys after the batch; a rebuilt answer would skip that notice, so the retry is told to read the state",
};

const writes = domains.flatMap((domain) => domain.operations.filter(isWrite));

describe("writes answered again after a crash between their batch and their answer", () => {
  it("every write declares a replay, or is exempt with its reason", () => {
    const uncovered = writes
      .filter((op) => op.replay === undefined && exempt[op.operationId] === undefined)
      .map((op) => `${op.operationId} (${op.method.toUpperCase()} ${op.path})`);
    expect(
      uncovered,
      "declare a `replay` (src/core/operation.ts), or add the write to `exempt` with its reason",
    ).toEqual([]);
  });

  it("names in the exemptions only writes that exist and declare no replay", () => {
    const byId = new Map(writes.map((op) => [op.operationId, op]));
    const stale = Object.keys(exempt).filter((id) => byId.get(id) === undefined || byId.get(id)?.replay !== undefined);
    expect(stale).toEqual([]);
  });

  it("declares no replay where it would never be used", () => {
    // A write whose answer is never kept, or that resumes instead, is never rebuilt (kept-answer.ts, rebuilderOf).
    const unused = writes
      .filter((op) => op.replay !== undefined && (op.storeIdempotentResponse === false || op.resumesAfterCrash))
      .map((op) => op.operationId);
    expect(unused).toEqual([]);
  });
});
