/**
 * The fake providers of the Workers-runtime tests (scripts/fakes): a set of its own for each test
 * runtime, as its storage is. Two runtimes run at a time, and tests script their fakes ("the next
 * rental is lost", "the clock a minute on"), so a set shared by the run would let one runtime's
 * script meet the other's request. A shared runtime runs its files one after another, and
 * test/setup.ts resets its set before each file.
 *
 * vitest.config.ts starts a set for each runtime (`leaseFakes`) and points its bindings at it; a
 * runtime of its own (test/own-runtime.ts) gives its set back when its file ends (POST
 * FAKES_RELEASE_URL), and it is closed a little later, once that runtime's last background requests
 * are done. This globalSetup (Node side) closes whatever is left when the run ends.
 */
import { createServer, type Server } from "node:http";
import { startFakes, type Fakes } from "../scripts/fakes/index.js";

/** How long a set given back stays up: its runtime may still finish a waitUntil or a queue batch. */
const CLOSE_AFTER_RELEASE_MS = 30_000;

interface FakeSets {
  open: Map<number, Fakes>;
  next: number;
  releases?: Promise<{ server: Server; origin: string }>;
}

// vitest.config.ts and this globalSetup are loaded apart (Vite's config loader, Vitest's module
// runner), so the sets are kept on the process's global object rather than in a module variable.
const SETS = Symbol.for("edge-public-api/test-fake-sets");
const globals = globalThis as typeof globalThis & { [SETS]?: FakeSets };
const fakeSets = (): FakeSets => (globals[SETS] ??= { open: new Map(), next: 1 });

/** The local server a runtime of its own posts to when its file ends: POST /release/<set>. */
function releaseServer(sets: FakeSets): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const id = Number(/^\/release\/(\d+)$/.exec(request.url ?? "")?.[1]);
    const fakes = sets.open.get(id);
    if (request.method !== "POST" || !fakes) return void response.writeHead(404).end();
    setTimeout(() => sets.open.delete(id) && void fakes.close(), CLOSE_AFTER_RELEASE_MS).unref();
    response.writeHead(204).end();
  });
  return new Promise((listening) =>
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      listening({ server, origin: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}` });
    }),
  );
}

/**
 * Starts a set of fakes for one runtime and answers its bindings: the Worker variables and
 * secrets that point every provider at its fake, FAKE_PROVIDERS (their origins, as JSON) for tests
 * that inspect or script a fake, and FAKES_RELEASE_URL.
 */
export async function leaseFakes(): Promise<Record<string, string>> {
  const sets = fakeSets();
  sets.releases ??= releaseServer(sets);
  const id = sets.next++;
  const fakes = await startFakes();
  sets.open.set(id, fakes);
  const { origin } = await sets.releases;
  return {
    ...fakes.vars,
    ...fakes.secrets,
    // No server listens inside the tests: the fakes' callbacks go to the discard port, refused at once
    // (never to a developer's npm run dev on 8787); tests sign and post callbacks themselves.
    PROVIDER_CALLBACK_BASE_URL: "http://127.0.0.1:9",
    FAKE_PROVIDERS: JSON.stringify(fakes.origins),
    FAKES_RELEASE_URL: `${origin}/release/${id}`,
  };
}

export default function setup() {
  return async () => {
    const sets = fakeSets();
    const open = [...sets.open.values()];
    sets.open.clear();
    await Promise.all(open.map((fakes) => fakes.close()));
    const releases = await sets.releases;
    sets.releases = undefined;
    await new Promise((closed) => (releases ? releases.server.close(closed) : closed(undefined)));
  };
}
