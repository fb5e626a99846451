import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env";
import type { EventSink } from "../../data/events";
import type { PresentedKey } from "../../keys/auth";
import type { Requirements } from "../../keys/authorize";
import type { Caller } from "../../keys/caller";
import type { IdempotencyOutcome, KeyGuard, StoredResponse } from "../../keys/guard";
import type { ApiError } from "../../lib/errors";
import { isWrite, type Operation, type OperationContext, type Reply } from "../operation";

/**
 * What a stage is, and what an operation's request carries from one stage to the next. The list
 * of stages, in order, is src/core/pipeline.ts.
 */

/** A stage of every request, before Hono routes it: middleware on the paths it covers. */
export interface RequestStage {
  paths: readonly string[];
  middleware: MiddlewareHandler<AppEnv>;
}

/** What an operation's request answers: a status, headers and a body text, the form an Idempotency-Key keeps. */
export type Answer = StoredResponse;

/** The stages after this one; what they answer. */
export type Next = () => Promise<Answer>;

/**
 * A stage of an operation's request: it does its part and calls `next`, or answers without it (a
 * replay) or throws a problem (an ApiError, rendered by the app's error handler); the answer of
 * `next` passes back through it, so a stage may keep it (an Idempotency-Key's response).
 */
export type OperationStage = (flow: Flow, next: Next) => Promise<Answer>;

export type KeyGuardStub = DurableObjectStub<KeyGuard>;

export const VISIBLE_ASCII = /^[\x21-\x7e]+$/;
/** The D1 session bookmark a response carries and a request may send back (read your writes). */
export const BOOKMARK_HEADER = "X-D1-Bookmark";

export interface ParsedInput {
  params: unknown;
  query: unknown;
  body: unknown;
  bodyText: string;
  contentType: string | undefined;
  /** The path as sent (percent-encoding kept), for the audit log. */
  path: string;
  /** Path and query, part of the idempotency fingerprint. */
  target: string;
}

/** The request as read before the key's object is asked: its input, or why it is invalid, and its claim. */
export interface ReadRequest {
  input: ParsedInput | undefined;
  /** The input's problem, answered after authentication and authorization (pipeline order). */
  invalid: ApiError | undefined;
  idempotencyKey: string | undefined;
  bookmark: string | undefined;
  /** The Idempotency-Key claim of a valid request that carries one. */
  claim: { key: string; fingerprint: string; requirements: Requirements } | undefined;
}

/**
 * A read started beside the key's Durable Object call, before the object admitted the request: a
 * warm key (admitted by this isolate lately, src/keys/warm-keys.ts) reading an operation of gate A whose
 * input is valid and which the remembered caller may call. It runs as the remembered caller, over
 * the request's D1 session, and may only read: a write, a binding (queue, bucket, object) or a
 * provider call is refused (SpeculationRefused) and the handler then runs again once admitted.
 * Its result is used only after the object admitted the request as that same caller.
 */
export interface WarmRead {
  caller: Caller;
  result: Promise<{ reply: Reply<unknown>; bookmark: string | null } | { thrown: unknown }>;
}

/** A request the key's object admitted and authorized: its caller, its input, the object, and its Idempotency-Key's outcome. */
export interface Admitted {
  caller: Caller;
  input: ParsedInput;
  guard: KeyGuardStub;
  idempotency: IdempotencyOutcome | undefined;
}

/** The request's D1 session: the client's bookmark it started after (none when it was refused for a move), and the one it reached. */
export interface RequestSession {
  bookmark: string | undefined;
  latestBookmark: () => string | null;
}

type Commit = OperationContext<unknown, unknown, unknown>["commit"];

/** What an earlier stage found; read before that stage ran, the list's order is wrong, and this says so. */
function found<T>(value: T | undefined, what: string, stage: string): T {
  if (value === undefined)
    throw new Error(`${what} is found by the ${stage} stage, which must come earlier in src/core/pipeline.ts.`);
  return value;
}

/**
 * One operation's request on its way through the stages: the request, its operation, and what each
 * stage found for the stages after it.
 */
export class Flow {
  readonly write: boolean;
  /** The read a warm key began beside the key's object call (warmRead), when it began one. */
  early: WarmRead | undefined;
  /** Whether this request's D1 batch marked its Idempotency-Key (commit): its answer then goes to D1 too, after the response. */
  marked = false;
  #key: PresentedKey | undefined;
  #request: ReadRequest | undefined;
  #admitted: Admitted | undefined;
  #session: RequestSession | undefined;
  #commit: Commit | undefined;

  constructor(
    readonly c: Context<AppEnv>,
    readonly op: Operation,
    /** Where a write's events go (the webhooks domain). */
    readonly eventSink: EventSink | undefined,
  ) {
    this.write = isWrite(op);
  }

  /** The key as presented, its form checked (keyForm). */
  get key(): PresentedKey {
    return found(this.#key, "The key", "keyForm");
  }
  set key(key: PresentedKey) {
    this.#key = key;
  }

  /** The input read and checked, and the Idempotency-Key claim (input). */
  get request(): ReadRequest {
    return found(this.#request, "The request", "input");
  }
  set request(request: ReadRequest) {
    this.#request = request;
  }

  /** What the key's object decided (keyObject). */
  get admitted(): Admitted {
    return found(this.#admitted, "The admission", "keyObject");
  }
  set admitted(admitted: Admitted) {
    this.#admitted = admitted;
  }

  /** The request's D1 session (session). */
  get session(): RequestSession {
    return found(this.#session, "The D1 session", "session");
  }
  set session(session: RequestSession) {
    this.#session = session;
  }

  /** The handler's commit, with this request's audit entry (commit). */
  get commit(): Commit {
    return found(this.#commit, "The commit", "commit");
  }
  set commit(commit: Commit) {
    this.#commit = commit;
  }
}

/** Runs a Durable Object or D1 call, counted in the request's round trips when they are counted. */
export function tracked<T>(c: Context<AppEnv>, kind: "keyguard" | "d1", call: () => Promise<T>): Promise<T> {
  const trips = c.get("trips");
  return trips ? trips.track(kind, call) : call();
}
