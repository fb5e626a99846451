/**
 * What the admin tools (the panel's actions, `npm run admin`) refuse to do as asked: the input is
 * wrong, not the system. The CLI prints the message with the command's usage and exits 2; any other
 * error is a failure (exit 1). The public API never sees it: its refusals are ApiError (errors.ts);
 * the operator API answers it as a problem (src/core/operator-api.ts).
 */
const inputErrorCodes = [
  /** The command line names no known command. */
  "unknown_command",
  /** The command line has a flag no command takes, or a boolean flag given a value. */
  "unknown_flag",
  /** A flag the command needs is missing, or lacks its value. */
  "missing_argument",
  /** A flag's value is not one the command accepts (a range, a format, a list of choices). */
  "invalid_argument",
  /** No company has the given id. */
  "unknown_company",
  /** Another id (a key, an agent, a template, a call, a connection...) names nothing there. */
  "not_found",
  /** The change contradicts the current state (already settled, already connected). */
  "conflict",
  /** A secret the command reads from the environment is not set. */
  "missing_secret",
] as const;

export type InputErrorCode = (typeof inputErrorCodes)[number];

export class InputError extends Error {
  override readonly name = "InputError";

  /**
   * @param field Where the operator API's request carries the value at fault (`body.period`,
   * `query.plan`): the operator API lists it in the problem's `errors`, and the CLI names its flag
   * instead. The message names the field, never a flag, since the API answers it over HTTP.
   */
  constructor(
    readonly code: InputErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}
