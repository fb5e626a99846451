export { TimeoutError } from "ky";
export { Client } from "./client.js";
export { ApiError, type ProblemFieldError } from "./errors.js";
export type { Operations } from "./operations.js";
export { PagedList, type Pagination } from "./pagination.js";
export type { components, operations, paths, webhooks } from "./schema.js";
export type { ApiResponse, ClientOptions, LastResponse, RequestOptions, WithLastResponse } from "./transport.js";
export type {
  BodyOf,
  HttpMethod,
  ItemOf,
  OperationId,
  PathOf,
  QueryOf,
  RequestParts,
  ResponseOf,
  ResultOf,
} from "./types.js";
export { VERSION } from "./version.js";
export {
  type DeliveryHeaders,
  type EventOf,
  eventOrder,
  isStaleEvent,
  type OrderedEvent,
  type SequenceStore,
  StaleEventFilter,
  verifyWebhook,
  type WebhookEvent,
  type WebhookEventType,
} from "./webhooks.js";
