/**
 * Markers stand for values too large to print in a counterexample, or that JSON.stringify cannot
 * write (1e400, NaN, deep nesting). They are whole string values, expanded when a request is written.
 */
const MARKER = /^@@(BIG|RAW|DEEP):(.*)@@$/s;
const QUOTED_MARKER = /"@@(BIG|RAW|DEEP):((?:[^"\\]|\\.)*?)@@"/g;

function expansion(kind: string, argument: string, inJson: boolean): string {
  switch (kind) {
    case "BIG": {
      const [count, unit = "x"] = [
        Number(argument.slice(0, argument.indexOf(":"))),
        argument.slice(argument.indexOf(":") + 1),
      ];
      const value = unit.repeat(count);
      return inJson ? JSON.stringify(value) : value;
    }
    case "DEEP": {
      const [shape, depthText] = argument.split(":");
      const depth = Number(depthText);
      return shape === "object"
        ? `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`
        : `${"[".repeat(depth)}${"]".repeat(depth)}`;
    }
    default:
      return argument;
  }
}

/** JSON text with every marker written out. */
export function expandJson(text: string): string {
  return text.replace(QUOTED_MARKER, (_match, kind: string, argument: string) =>
    expansion(kind, JSON.parse(`"${argument}"`) as string, true),
  );
}

/** A query or path value with its marker (if it is one) written out. */
export function expandPlain(value: string): string {
  const match = MARKER.exec(value);
  return match ? expansion(match[1]!, match[2]!, false) : value;
}

/** Text shortened for a failure report. */
export function clip(text: string, max = 1500): string {
  // Long runs of one character (the large values of the fuzzer) as a count.
  const short = text.replace(/(.)\1{19,}/gsu, (run: string, unit: string) => `${unit}{×${[...run].length}}`);
  return short.length <= max ? short : `${short.slice(0, max)}… (${text.length} characters in all)`;
}
