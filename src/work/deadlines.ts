import { ProviderError } from "../integrations";
import { clock } from "../lib/clock";

/*
 * Deadlines (docs/deadlines.md): every resource with a lifecycle reaches a terminal state by a
 * published time. Its due work asks the provider what happened until the deadline; at the deadline,
 * a provider that still cannot say (its lookup fails, or it still reports the resource as live)
 * no longer holds the resource open: it ends with the reason `no_provider_outcome`, its terminal
 * event, and what it reserved given back. A provider's answer arriving after that finds the
 * resource terminal and changes nothing (every close is a compare-and-set on the state read).
 */

/** The reason a resource closed at its deadline carries (leading its failure reason). */
export const NO_PROVIDER_OUTCOME = "no_provider_outcome";

/** The reason a resource with no provider to ask (a tenant move) gives up at its deadline carries. */
export const DEADLINE_PASSED = "deadline_passed";

/** The failure reason of a resource closed at its deadline: the code, then why in words. */
export const noProviderOutcome = (detail: string) => `${NO_PROVIDER_OUTCOME}: ${detail}`;

/** The longest a send may stay `sending` (SMS, email) or `queued` (WhatsApp) before it is closed. */
const SEND_DEADLINE_MS = 60 * 60_000;

/** A send's deadline (ISO ms): its record's creation plus SEND_DEADLINE_MS. */
export const sendDeadline = (createdAt: string) => Date.parse(createdAt) + SEND_DEADLINE_MS;

/** Whether `deadline` (ms) has passed. */
export const pastDeadline = (deadline: number, now = clock.now()) => now >= deadline;

/** When to ask the provider again: after `askAgainMs`, but never later than the deadline (ISO). */
export const nextAsk = (askAgainMs: number, deadline: number, now = clock.now()) =>
  new Date(Math.max(now + 1, Math.min(now + askAgainMs, deadline))).toISOString();

/**
 * Whether an error of a provider lookup means the provider cannot say now (unreachable, failing,
 * not knowing the id): due work asks again before the deadline and closes the resource after it.
 * Any other error (a lost compare-and-set, a bug) is the job's to retry.
 */
export const providerCannotSay = (error: unknown): error is ProviderError => error instanceof ProviderError;
