/**
 * What `npm run dev` shows of wrangler's output: the Worker's request log (one JSON line per request,
 * src/core/stages/request-id.ts) as one readable line, and wrangler's own request lines dropped (they
 * repeat it without the request id, and the local cron's `/__scheduled` every 5 s would bury it). So
 * is the table of bindings wrangler prints at each start (some 75 lines, twice, above the demo's key;
 * wrangler.toml declares them). Every other line passes as it is.
 */

/** The fields of the Worker's request log line that the readable line shows. */
interface RequestLogLine {
  request_id: string;
  method: string;
  path: string;
  status: number;
  duration_ms: number;
  operation?: string | null;
  outcome?: string;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour sequences are what it removes.
const ANSI = /\u001b\[[0-9;]*m/g;
/** wrangler's line per request it proxied, e.g. `[wrangler:info] GET /__scheduled 200 OK (3ms)`. */
const WRANGLER_REQUEST = /^\[wrangler:info\] [A-Z]+ \S+ \d{3}\b/;
/** The lines of wrangler's bindings table: its title, its heading and a row per binding (`env.NAME (value)  Type  local`). */
const WRANGLER_BINDINGS =
  /^(?:.* has access to the following bindings:|Binding\s+Resource\s+Mode|env\.\w+\b.*\s(?:local|remote)(?: \[\w+\])?)$/;

function requestLogLine(text: string): RequestLogLine | undefined {
  if (!text.startsWith("{")) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null) return undefined;
  const line = parsed as Partial<RequestLogLine>;
  return typeof line.request_id === "string" &&
    typeof line.method === "string" &&
    typeof line.path === "string" &&
    typeof line.status === "number" &&
    typeof line.duration_ms === "number"
    ? (line as RequestLogLine)
    : undefined;
}

/**
 * The line to print for one line of wrangler's output, or undefined to print nothing. `at` stamps a
 * request line (the Worker's line carries no time of its own).
 */
export function devLogLine(raw: string, at: Date = new Date()): string | undefined {
  const text = raw.replace(ANSI, "").trim();
  if (WRANGLER_REQUEST.test(text) || WRANGLER_BINDINGS.test(text)) return undefined;
  const request = requestLogLine(text);
  if (!request) return raw;
  const time = at.toISOString().slice(11, 19);
  const duration = `${request.duration_ms < 10 ? request.duration_ms.toFixed(1) : Math.round(request.duration_ms)} ms`;
  const notes = [request.operation, request.outcome?.replace(/_/g, " ")].filter(Boolean).join(", ");
  return `${time} ${request.method.padEnd(6)} ${request.path} ${request.status} ${duration.padStart(8)}  ${request.request_id}${notes ? `  (${notes})` : ""}`;
}

/** Feeds a stream's chunks to `print` line by line through devLogLine (a line may span chunks). */
export function devLogFilter(print: (line: string) => void): { write(chunk: Buffer | string): void; end(): void } {
  let pending = "";
  const emit = (line: string) => {
    const shown = devLogLine(line);
    if (shown !== undefined) print(shown);
  };
  return {
    write(chunk) {
      pending += chunk.toString();
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) emit(line);
    },
    end() {
      if (pending) emit(pending);
      pending = "";
    },
  };
}
