import type { OperationContext } from "./operation";

/** What a request gives a domain's use cases (its actions.ts) besides their input. */
type RequestDependencies = Omit<
  OperationContext<unknown, unknown, unknown>,
  "params" | "query" | "body" | "bodyText" | "contentType"
>;

/**
 * The request dependencies an action declares it uses, such as `Uses<"db" | "caller" | "commit">`.
 * An action takes these and its input as two explicit arguments, never the whole request context,
 * so its signature says what it touches and a job or test can call it with just that.
 */
export type Uses<K extends keyof RequestDependencies> = Pick<RequestDependencies, K>;
