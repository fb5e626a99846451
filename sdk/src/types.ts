/**
 * Types read off the generated schema (schema.d.ts, from the OpenAPI document): each operation's
 * path parameters, query, body and success body, and the raw request's typing by method and path.
 */
import type { operations, paths } from "./schema.js";

export type OperationId = keyof operations;

type Json<T> = T extends { content: { "application/json": infer Body } } ? Body : never;
type Parameters<Id extends OperationId> = operations[Id]["parameters"];

/** The path parameters of an operation (`{ contact_id: string }`). */
export type PathOf<Id extends OperationId> = NonNullable<Parameters<Id>["path"]>;
/** The query parameters of an operation. */
export type QueryOf<Id extends OperationId> = NonNullable<Parameters<Id>["query"]>;
/** The JSON request body of an operation. */
export type BodyOf<Id extends OperationId> = operations[Id] extends { requestBody?: infer Body }
  ? Json<NonNullable<Body>>
  : never;

type SuccessStatus = 200 | 201 | 202;
/** The JSON body of an operation's success (2xx) answers. */
export type ResultOf<Id extends OperationId> = {
  [Status in keyof operations[Id]["responses"]]: Status extends SuccessStatus
    ? Json<operations[Id]["responses"][Status]>
    : never;
}[keyof operations[Id]["responses"]];

/** One item of a list operation's page (`data[number]`). */
export type ItemOf<Id extends OperationId> = ResultOf<Id> extends { data: readonly (infer Item)[] } ? Item : never;

/** The HTTP methods of the API. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

type OperationAt<Path extends keyof paths, Method extends HttpMethod> = NonNullable<paths[Path][Lowercase<Method>]>;

/** The paths that have an operation for `Method`. */
export type PathsOf<Method extends HttpMethod> = {
  [Path in keyof paths]: [OperationAt<Path, Method>] extends [never] ? never : Path;
}[keyof paths];

type Optional<T> = [T] extends [never] ? { [key: string]: never } : T;

/** What a raw request of an operation takes: `params` (path), `query` and `body`, each typed by the schema. */
export type RequestParts<Path extends keyof paths, Method extends HttpMethod> =
  OperationAt<Path, Method> extends infer Operation
    ? Operation extends { parameters: { path?: infer P; query?: infer Q } }
      ? {
          params?: Optional<NonNullable<P>>;
          query?: Optional<NonNullable<Q>>;
          body?: Operation extends { requestBody?: infer Body } ? Json<NonNullable<Body>> : never;
        }
      : never
    : never;

/** The JSON body of a raw request's success answers. */
export type ResponseOf<Path extends keyof paths, Method extends HttpMethod> =
  OperationAt<Path, Method> extends { responses: infer Responses }
    ? { [Status in keyof Responses]: Status extends SuccessStatus ? Json<Responses[Status]> : never }[keyof Responses]
    : never;

/** The response a success came in: its status and headers (X-Request-Id, RateLimit, Idempotent-Replayed, …). */
export interface LastResponse {
  status: number;
  headers: Headers;
  /** The X-Request-Id header: quote it when reporting a problem. */
  requestId: string | undefined;
  /** The Idempotency-Key the write was sent with (the same on each of its attempts); undefined on a read. */
  idempotencyKey: string | undefined;
}

/**
 * A success's typed body with the response it came in, as its property `lastResponse` (Stripe's
 * name). The property is not enumerable: JSON.stringify, spreads and Object.keys leave it out.
 */
export type WithLastResponse<T> = T & { readonly lastResponse: LastResponse };
