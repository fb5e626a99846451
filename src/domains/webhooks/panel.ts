import { requireCompany } from "../../data/rows";
import type { EventDefinition } from "../../data/events";
import { CompanyParams, defineOperatorOperation, type OperatorOperation } from "../../core/operator";
import { sendTestEvent } from "./actions";
import { testEventSchemas } from "./model";

/** What the operator does with a company's webhooks; `catalog` is every event type the app's domains emit. */
export function webhookOperatorOperations(catalog: readonly EventDefinition[]): OperatorOperation[] {
  const types = [...new Set(catalog.map((definition) => definition.type))].sort();
  const definitions = new Map(catalog.map((definition) => [definition.type, definition]));
  const { TestEventBody, TestEventResult } = testEventSchemas(types);
  return [
    defineOperatorOperation({
      operationId: "triggerTestEvent",
      method: "post",
      path: "/admin/v1/companies/{company_id}/events/test",
      summary: "Send a test event to a company's webhook subscription",
      description:
        "As POST /api/v1/webhooks/test does for the company itself: one event of the type, its data an example, marked " +
        '`"test": true`, queued to the subscription and delivered, logged and replayable like any other. 409 without an enabled subscription.',
      tag: "Webhooks",
      request: { params: CompanyParams, body: TestEventBody },
      responses: { 202: { description: "The test event, queued for delivery", schema: TestEventResult } },
      codes: [409],
      handler: async ({ db, env, params, body, commit }) => {
        await requireCompany(db, params.company_id);
        const queued = await sendTestEvent(
          { db, env },
          (statements) => commit(params.company_id, statements),
          params.company_id,
          definitions.get(body.type)!,
        );
        return {
          status: 202,
          body: queued,
          audit: { companyId: params.company_id, resourceType: "webhook_event", resourceId: queued.event_id },
        };
      },
    }),
  ];
}
