import { describe, expect, it } from "vitest";
import { Client } from "../../sdk/src/index.js";
import { sharedDev } from "./harness";

// The SDK's default client against the API's own rate limit (`npm run dev`, the shared server): a
// burst's 429 is waited out, not thrown. The SDK's other behaviours against the API are in
// sdk/test/package.test.ts (the installed package) and foundation.e2e.test.ts.

describe("the SDK's default client over the rate limit", () => {
  it("waits out the Retry-After of the 429 that follows a burst, then answers the call", async () => {
    const server = await sharedDev();
    // A key of its own: the limit is per key, so the other files' keys keep theirs.
    const tenant = await server.admin(["tenant", "create", "--name", "SDK burst Co", "--plan", "Starter"]);
    const key = await server.admin(["key", "create", "--company", tenant.company_id, "--scopes", "budgets:read"]);

    // The burst: thirty at a time until the API refuses one (the limit is a rolling window per key), quick enough
    // that its first request is still in the window when the client calls.
    let refused: Response | undefined;
    for (let sent = 0; !refused && sent < 1_000; sent += 30) {
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => server.fetch("/api/v1/budgets?limit=1", { key: key.api_key })),
      );
      await Promise.all(answers.map((answer) => answer.body?.cancel()));
      refused = answers.find((answer) => answer.status === 429);
    }
    expect(refused?.headers.get("Retry-After")).toMatch(/^[1-9]\d*$/);

    // The default client; its fetch (the global one) only observed.
    const answered: { status: number; retryAfter: string | null }[] = [];
    const client = new Client({
      apiKey: key.api_key,
      baseUrl: server.baseUrl,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        answered.push({ status: response.status, retryAfter: response.headers.get("Retry-After") });
        return response;
      },
    });
    const page = await client.budgets.list({ limit: 1 });
    expect(page.data).toEqual([]);
    expect(page.lastResponse.status).toBe(200);
    // Its first attempt was refused with a wait of seconds, which the client waited out.
    expect(answered[0]).toEqual({ status: 429, retryAfter: expect.stringMatching(/^[1-9]\d*$/) });
    expect(answered.at(-1)?.status).toBe(200);
  }, 240_000);
});
