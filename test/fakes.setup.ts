/**
 * vitest globalSetup (Node side): starts the fake providers (scripts/fakes) once per run and
 * provides the runtime's bindings for them: the Worker variables and secrets that point every
 * provider at its fake, and FAKE_PROVIDERS (their origins, as JSON) for tests that inspect or
 * script a fake. vitest.config.ts hands these to Miniflare.
 */
import type { TestProject } from "vitest/node";
import { startFakes } from "../scripts/fakes";

declare module "vitest" {
  export interface ProvidedContext {
    providerBindings: Record<string, string>;
  }
}

export default async function setup(project: TestProject) {
  const fakes = await startFakes();
  // No server listens inside the tests: the fakes' callbacks go to the discard port, refused at once
  // (never to a developer's npm run dev on 8787); tests sign and post callbacks themselves.
  project.provide("providerBindings", { ...fakes.vars, ...fakes.secrets, PROVIDER_CALLBACK_BASE_URL: "http://127.0.0.1:9", FAKE_PROVIDERS: JSON.stringify(fakes.origins) });
  return () => fakes.close();
}
