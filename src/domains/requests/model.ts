import { z } from "@hono/zod-openapi";
import { CursorPageQuery } from "../../lib/pagination";
import { int32, timestamp, uuid } from "../../lib/schemas";
import { ProblemSchema } from "../../lib/errors";
import { IN_LIST_MAX } from "../../data/bulk";
import { REQUEST_LOG_BODY_MAX_BYTES, REQUEST_LOG_RETENTION_DAYS } from "../../data/request-log";

/** A request id as the API takes it: the client's X-Request-Id (1 to 128 visible ASCII characters) or a generated UUID. */
const REQUEST_ID_PATTERN = "^[!-~]{1,128}$";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

const requestFields = {
  request_id: z
    .string()
    .openapi({ description: "The request's X-Request-Id", example: "3b1f0c2e-6a53-4c7e-9d0b-2f4a8c1e7d55" }),
  method: z.enum(METHODS),
  path: z.string().openapi({ description: "The path, without its query", example: "/api/v1/sms/send" }),
  operation: z.string().openapi({ description: "The operationId of the operation it reached", example: "sendSms" }),
  status: int32({ min: 100, max: 599 }).openapi({ description: "The HTTP status it was answered with", example: 200 }),
  duration_ms: z.number().min(0).openapi({
    description: "From routing to the answer, in milliseconds (as the Worker measures time)",
    example: 42.5,
  }),
  key_id: z
    .string()
    .openapi({ description: "The API key that made it (its id, never the key)", pattern: "^key_[0-9a-f]{32}$" }),
  idempotency_key: z.string().nullable().openapi({ description: "The Idempotency-Key it carried, or null" }),
  replayed: z.boolean().openapi({
    description: "Whether it was answered with an earlier request's kept answer (Idempotent-Replayed: true)",
  }),
  created_at: timestamp(),
};

export const RequestSummary = z
  .object(requestFields)
  .openapi("RequestSummary", { description: "One request a key of the company made, as the request log lists it." });

export type RequestSummaryView = z.output<typeof RequestSummary>;

const body = (side: string) =>
  z
    .unknown()
    .nullable()
    .openapi({
      description:
        `The ${side} body (JSON), with every field its declaration marks secret or personal replaced by "[redacted]"; ` +
        `null without one, for a body that is not JSON, and over ${REQUEST_LOG_BODY_MAX_BYTES / 1024} KiB (its size is still given)`,
    });

const DeliveryAttempt = z.object({
  attempt: int32({ min: 1 }),
  success: z.boolean(),
  status_code: int32({ min: 100, max: 599 })
    .nullable()
    .openapi({ description: "The receiver's HTTP status; null when none came (timeout, network)" }),
  duration_ms: int32(),
  error: z.string().nullable(),
  created_at: timestamp(),
});

const CausedEvent = z
  .object({
    id: uuid().openapi({ description: "The event's id (its webhook-id)" }),
    type: z.string().openapi({ description: "The event type (see GET /api/v1/events/catalog)", example: "sms.sent" }),
    created_at: timestamp(),
    deliveries: z
      .array(
        z.object({
          id: uuid(),
          status: z.enum(["pending", "succeeded", "failed"]),
          attempts: z
            .array(DeliveryAttempt)
            .max(IN_LIST_MAX)
            .openapi({ description: `Its attempts, first first (the first ${IN_LIST_MAX})` }),
        }),
      )
      .max(IN_LIST_MAX)
      .openapi({
        description: "Its deliveries to the subscription (none when the company subscribes to no such type)",
      }),
  })
  .openapi("RequestCausedEvent", { description: "An event the request's write emitted, with its deliveries." });

const Callback = z.object({
  id: uuid(),
  provider: z.string().openapi({ example: "twilio" }),
  topic: z.string().openapi({ example: "message-status" }),
  event_id: z.string().openapi({ description: "The provider's own id of the callback" }),
  resource_id: z.string().nullable().openapi({ description: "The record it is about (the message or call)" }),
  received_at: timestamp(),
});

const Intent = z
  .object({
    id: uuid(),
    provider: z.string().openapi({ example: "twilio" }),
    kind: z.enum(["email", "sms", "call", "whatsapp"]),
    state: z.enum(["pending", "in_flight", "accepted", "failed", "unknown"]),
    attempts: int32().openapi({ description: "Times the provider was asked" }),
    provider_id: z.string().nullable().openapi({ description: "The provider's id of what it sent (a message sid)" }),
    resource_id: z.string().nullable().openapi({ description: "The record it is for (the message or call)" }),
    reason: z.string().nullable(),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .openapi("RequestCausedIntent", { description: "A call to a provider the request made (its provider intent)." });

export const RequestDetail = z
  .object({
    ...requestFields,
    query: z
      .record(z.string(), z.string())
      .nullable()
      .openapi({ description: "The query parameters, redacted like the bodies; null without any" }),
    request_body: body("request"),
    request_bytes: int32().openapi({ description: "The request body's size in bytes" }),
    response_body: body("response"),
    response_bytes: int32().openapi({ description: "The response body's size in bytes" }),
    problem: ProblemSchema.nullable().openapi({ description: "The problem it was answered with, for an error" }),
    caused: z
      .object({
        events: z
          .array(CausedEvent)
          .max(IN_LIST_MAX)
          .openapi({ description: `The events its write emitted (the first ${IN_LIST_MAX})` }),
        intents: z
          .array(Intent)
          .max(IN_LIST_MAX)
          .openapi({ description: `The provider intents it opened (the first ${IN_LIST_MAX})` }),
        callbacks: z
          .array(Callback)
          .max(IN_LIST_MAX)
          .openapi({
            description: `The provider callbacks that came back about the records of its intents, oldest first (the first ${IN_LIST_MAX})`,
          }),
      })
      .openapi({ description: "What the request caused" }),
  })
  .openapi("RequestDetail", {
    description: `One request with its bodies and what it caused; kept ${REQUEST_LOG_RETENTION_DAYS} days.`,
  });

export type RequestDetailView = z.output<typeof RequestDetail>;
export type IntentView = z.output<typeof Intent>;

export const RequestParams = z.object({
  request_id: z
    .string()
    .regex(new RegExp(REQUEST_ID_PATTERN))
    .openapi({
      param: { name: "request_id", in: "path" },
      description: "The request's X-Request-Id",
      pattern: REQUEST_ID_PATTERN,
      maxLength: 128,
      example: "3b1f0c2e-6a53-4c7e-9d0b-2f4a8c1e7d55",
    }),
});

const instant = (description: string) =>
  z.iso.datetime({ offset: true }).optional().openapi({ maxLength: 64, description });

export const RequestsQuery = CursorPageQuery.extend({
  status: z
    .string()
    .regex(/^[1-5]([0-9]{2}|xx)$/)
    .optional()
    .openapi({
      maxLength: 3,
      description: "Only requests answered with this status (`404`) or class (`4xx`)",
      example: "4xx",
    }),
  method: z.enum(METHODS).optional().openapi({ description: "Only requests with this method" }),
  path: z
    .string()
    .min(1)
    .max(512)
    .optional()
    .openapi({ description: "Only requests to this path (exactly, without a query)", example: "/api/v1/sms/send" }),
  idempotency: z.string().min(1).max(255).optional().openapi({
    description:
      "Only requests with this Idempotency-Key (named apart from the MCP tools' own idempotency_key argument)",
  }),
  since: instant("Requests at or after this instant (ISO 8601)"),
  until: instant("Requests before this instant (ISO 8601)"),
});

export type RequestsFilter = z.output<typeof RequestsQuery>;

const exampleSummary = {
  request_id: "3b1f0c2e-6a53-4c7e-9d0b-2f4a8c1e7d55",
  method: "POST" as const,
  path: "/api/v1/sms/send",
  operation: "sendSms",
  status: 200,
  duration_ms: 184.2,
  key_id: "key_3f0c9a7e5b2d4c18a6e0f1b2c3d4e5f6",
  idempotency_key: "order-1042-sms",
  replayed: false,
  created_at: "2026-04-26T10:15:30.000Z",
};

export const requestPageExample = {
  data: [exampleSummary],
  page: { has_more: false, next_cursor: null },
};

export const requestDetailExample: z.input<typeof RequestDetail> = {
  ...exampleSummary,
  query: null,
  request_body: { to: "[redacted]", text: "[redacted]" },
  request_bytes: 52,
  response_body: { id: "5b0f3a1e-2c4d-4e8f-9a6b-7c8d9e0f1a2b", status: "sent", to: "[redacted]" },
  response_bytes: 402,
  problem: null,
  caused: {
    events: [
      {
        id: "0f9e8d7c-6b5a-4f3e-8d2c-1b0a9f8e7d6c",
        type: "sms.sent",
        created_at: "2026-04-26T10:15:30.180Z",
        deliveries: [
          {
            id: "6c5b4a3f-2e1d-4c0b-9a8f-7e6d5c4b3a2f",
            status: "succeeded",
            attempts: [
              {
                attempt: 1,
                success: true,
                status_code: 200,
                duration_ms: 85,
                error: null,
                created_at: "2026-04-26T10:15:31.000Z",
              },
            ],
          },
        ],
      },
    ],
    intents: [
      {
        id: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
        provider: "twilio",
        kind: "sms",
        state: "accepted",
        attempts: 1,
        provider_id: "SM0123456789abcdef0123456789abcdef",
        resource_id: "5b0f3a1e-2c4d-4e8f-9a6b-7c8d9e0f1a2b",
        reason: null,
        created_at: "2026-04-26T10:15:30.020Z",
        updated_at: "2026-04-26T10:15:30.170Z",
      },
    ],
    callbacks: [
      {
        id: "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a",
        provider: "twilio",
        topic: "message-status",
        event_id: "SM0123456789abcdef0123456789abcdef:delivered",
        resource_id: "5b0f3a1e-2c4d-4e8f-9a6b-7c8d9e0f1a2b",
        received_at: "2026-04-26T10:15:32.000Z",
      },
    ],
  },
};
