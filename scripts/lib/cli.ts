import { InputError } from "../../src/lib/input-error";

/**
 * The plumbing of a command-line tool whose commands are words ("key create") with flags: usage
 * and help text made from one table of commands, and the exit codes. Bad input (InputError) exits 2
 * with the usage on stderr; any other error exits 1; neither prints a stack.
 */
export interface Command {
  /** The words that name it, as typed: "key create". */
  name: string;
  /** Its flags as the usage line shows them; [optional] in brackets. */
  flags: string;
  /** What it does, for --help. */
  summary: string;
}

export interface Tool<C extends Command = Command> {
  /** How a user starts it: "npm run admin --". */
  invocation: string;
  /** What it is, first line of its help. */
  description: string;
  commands: readonly C[];
  /** The flags every command takes, each with what it means. */
  commonFlags: readonly [flag: string, meaning: string][];
}

export const exitCodes = { done: 0, failed: 1, badInput: 2 } as const;

const indent = (text: string, by: string) => text.replace(/^/gm, by);

const usageLine = <C extends Command>(tool: Tool<C>, command: C) =>
  `${tool.invocation} ${command.name} ${command.flags}`.trimEnd();

/** The commands whose name is or starts with these words ("key" names key create and key revoke). */
export const commandsNamed = <C extends Command>(tool: Tool<C>, words: readonly string[]) =>
  tool.commands.filter(
    (command) => words.length > 0 && command.name.split(" ").slice(0, words.length).join(" ") === words.join(" "),
  );

/** The command the words begin with (a refused command line may leave a flag's value among them). */
const commandTyped = <C extends Command>(tool: Tool<C>, words: readonly string[]) => {
  const command = tool.commands.find((candidate) =>
    candidate.name.split(" ").every((word, index) => words[index] === word),
  );
  return command && [command];
};

export function toolHelp<C extends Command>(tool: Tool<C>): string {
  const commands = tool.commands.map((command) =>
    [`  ${command.name} ${command.flags}`.trimEnd(), indent(command.summary, "      ")].join("\n"),
  );
  return [
    tool.description,
    "",
    `usage: ${tool.invocation} <command> [flags]`,
    "",
    "commands:",
    ...commands,
    "",
    commonFlagsHelp(tool),
    "",
    `${tool.invocation} <command> --help describes one command.`,
    exitCodesHelp,
  ].join("\n");
}

export function commandHelp<C extends Command>(tool: Tool<C>, commands: readonly C[]): string {
  const described = commands.map((command) => `usage: ${usageLine(tool, command)}\n\n${indent(command.summary, "  ")}`);
  return [...described.flatMap((text) => [text, ""]), commonFlagsHelp(tool), "", exitCodesHelp].join("\n");
}

const commonFlagsHelp = <C extends Command>(tool: Tool<C>) => {
  const width = Math.max(...tool.commonFlags.map(([flag]) => flag.length));
  return [
    "every command takes:",
    ...tool.commonFlags.map(([flag, meaning]) => `  ${flag.padEnd(width)}  ${meaning}`),
  ].join("\n");
};

const exitCodesHelp =
  "exit codes: 0 done (one JSON object on stdout), 1 failed, 2 bad input (the reason and the usage on stderr).";

/** What bad input prints on stderr: the reason, then how the command (or the tool) is used. */
export function badInputReport<C extends Command>(tool: Tool<C>, error: InputError, words: readonly string[]): string {
  const named = commandTyped(tool, words) ?? commandsNamed(tool, words);
  const lines =
    named.length > 0
      ? named.map((command) => usageLine(tool, command))
      : tool.commands.map((command) => usageLine(tool, command));
  const topic = named.length === 1 ? named[0]!.name : named.length > 1 ? words.join(" ") : "";
  const more = [tool.invocation, topic, "--help"].filter(Boolean).join(" ");
  return [
    `error (${error.code}): ${error.message}`,
    "",
    ...lines.map((line, index) => `${index === 0 ? "usage:" : "      "} ${line}`),
    "",
    `more: ${more}`,
  ].join("\n");
}

/** Node's parseArgs refusals, which carry a code such as ERR_PARSE_ARGS_UNKNOWN_OPTION. */
const parseArgsCode = (error: unknown) =>
  error instanceof Error &&
  "code" in error &&
  typeof error.code === "string" &&
  error.code.startsWith("ERR_PARSE_ARGS_")
    ? error.code
    : undefined;

/**
 * Runs node:util's parseArgs; what it refuses (an unknown flag, a flag without its value) becomes
 * an InputError in the tool's words instead of Node's, which speak of positionals and `--`.
 */
export function parsedCommandLine<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    const code = parseArgsCode(error);
    if (!code || !(error instanceof Error)) throw error;
    const flag = /'(-[^' ]*)/.exec(error.message)?.[1] ?? "a flag";
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") throw new InputError("unknown_flag", `unknown flag ${flag}`);
    if (/does not take an argument/.test(error.message)) throw new InputError("unknown_flag", `${flag} takes no value`);
    // "argument missing", or "ambiguous" when the next word is another flag: either way it has no value.
    if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE")
      throw new InputError("missing_argument", `${flag} needs a value`);
    throw new InputError("invalid_argument", error.message);
  }
}
