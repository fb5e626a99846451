import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeState, startDev, type DevServer } from "./harness";

let server: DevServer;
beforeAll(async () => {
  server = await startDev();
});
afterAll(async () => {
  await server?.stop();
  if (server) removeState(server);
});

describe("npm run dev, over HTTP", () => {
  it("seeds a demo company whose printed key lists its budgets", async () => {
    expect(server.output()).toContain(server.demo.api_key);
    const response = await server.fetch("/api/v1/budgets?limit=3", { key: server.demo.api_key });
    expect(response.status).toBe(200);
    const page = (await response.json()) as { data: unknown[]; limit: number; offset: number };
    expect(page.data).toHaveLength(3);
    expect(response.headers.get("ratelimit-policy")).toBe('"default";q=120;w=60');
  });
});
