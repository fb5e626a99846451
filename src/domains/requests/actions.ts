import type { Uses } from "../../core/action";
import { orNotFound } from "../../lib/errors";
import type { CursorPage } from "../../lib/pagination";
import { eventsOfRequest } from "../webhooks";
import type { IntentView, RequestDetailView, RequestsFilter, RequestSummaryView } from "./model";
import { callbacksAbout, intentsOfRequest, listRequests, requestById, type RequestLogSummary } from "./queries";

const summaryOf = (row: RequestLogSummary): RequestSummaryView => ({
  request_id: row.requestId,
  method: row.method as RequestSummaryView["method"],
  path: row.path,
  operation: row.operation,
  status: row.status,
  duration_ms: row.durationMs,
  key_id: row.keyId,
  idempotency_key: row.idempotencyKey,
  replayed: row.replayed,
  created_at: row.createdAt,
});

const parsed = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/** The company's requests, newest first (the request log). */
export async function requestPage(
  { db, caller }: Uses<"db" | "caller">,
  filter: Omit<RequestsFilter, keyof CursorPage>,
  page: CursorPage,
) {
  const { data, page: next } = await listRequests(db, caller.company.id, filter, page);
  return { data: data.map(summaryOf), page: next };
}

/**
 * One of the company's requests with its redacted bodies and what it caused: the events its write
 * emitted (with their deliveries' attempts), the provider intents it opened and the callbacks that
 * came back about their records. Another company's request answers 404, as an unknown id does.
 */
export async function requestDetail(
  { db, caller }: Uses<"db" | "caller">,
  requestId: string,
): Promise<RequestDetailView> {
  const companyId = caller.company.id;
  const row = await orNotFound(requestById(db, companyId, requestId), "request");
  const [events, intents] = await Promise.all([
    eventsOfRequest(db, companyId, row.requestId),
    intentsOfRequest(db, companyId, row.requestId),
  ]);
  const records = [...new Set(intents.flatMap((intent) => (intent.resourceId ? [intent.resourceId] : [])))];
  const callbacks = await callbacksAbout(db, companyId, records);
  const response = parsed(row.responseBody);
  return {
    ...summaryOf(row),
    query: parsed(row.query) as Record<string, string> | null,
    request_body: parsed(row.requestBody),
    request_bytes: row.requestBytes,
    response_body: response,
    response_bytes: row.responseBytes,
    problem: row.status >= 400 && response !== null ? (response as RequestDetailView["problem"]) : null,
    caused: {
      events,
      intents: intents.map(
        (intent): IntentView => ({
          id: intent.id,
          provider: intent.provider,
          kind: intent.kind as IntentView["kind"],
          state: intent.state as IntentView["state"],
          attempts: intent.attempts,
          provider_id: intent.providerId,
          resource_id: intent.resourceId,
          reason: intent.reason,
          created_at: intent.createdAt,
          updated_at: intent.updatedAt,
        }),
      ),
      callbacks: callbacks.map((callback) => ({
        id: callback.id,
        provider: callback.provider,
        topic: callback.topic,
        event_id: callback.eventId,
        resource_id: callback.resourceId,
        received_at: callback.receivedAt,
      })),
    },
  };
}
