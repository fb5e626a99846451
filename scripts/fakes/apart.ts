/**
 * The fakes in a process of their own, for the bench's floors (scripts/lib/floors.ts): there the
 * load generator (autocannon) runs in the bench's process, and a fake answering from the same event
 * loop would answer as fast as the load lets it, the API's provider calls and their floor's alike
 * but unevenly. Run as a script, it starts the fakes and prints their origins, variables and
 * credentials as one JSON line; `startFakesApart` runs it and stops it.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { startFakes, type Fakes } from "./index.js";

type Described = Omit<Fakes, "close">;

export async function startFakesApart(): Promise<Fakes> {
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url)], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const line = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the fakes' process exited (${code}) before it started them`)));
    createInterface({ input: child.stdout }).once("line", resolve);
  });
  const described = JSON.parse(line) as Described;
  return {
    ...described,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const fakes = await startFakes();
  const { close, ...described } = fakes;
  process.stdout.write(`${JSON.stringify(described)}\n`);
  // The fakes' servers do not hold a process open (unref): this one lives until it is told to stop,
  // or until the bench that started it is gone (its end of stdin closes).
  const alive = setInterval(() => undefined, 60_000);
  const stop = () => {
    clearInterval(alive);
    void close().then(() => process.exit(0));
  };
  process.once("SIGTERM", stop);
  process.stdin.once("close", stop).resume();
}
