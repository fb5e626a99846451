import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, db, operator, slug } from "../../../test/helpers";
import {
  fakeOrigins,
  fakeRequests,
  onboarded,
  tellFake,
  unknownId,
  loopbackFakes,
} from "../../../test/fixtures/onboarding";
import { dnsRecords } from "../../../test/fixtures/agency";
import { documentArchives } from "./schema";
import { eq } from "drizzle-orm";

// The document archive through the operator API, against the Paperless-ngx fake.

const archiveToken = () => `paperless-${crypto.randomUUID()}`;

describe("the document archive (operator)", () => {
  it("connects a company's archive (token sealed, never answered); its documents list reads it; disconnecting ends that", async () => {
    const t = await onboarded({ capabilities: ["documents"] });
    expect((await call("/api/v1/documents", { key: t.key })).status).toBe(503);
    const token = archiveToken();
    await tellFake("paperless", "credentials", { token });

    const connected = await operator(`/companies/${t.companyId}/archive`, {
      method: "PUT",
      vars: loopbackFakes,
      body: { url: `${fakeOrigins.paperless}/`, token },
    });
    expect(connected.status, connected.text).toBe(200);
    expect(connected.json).toMatchObject({ company_id: t.companyId, url: fakeOrigins.paperless, connected: true });
    expect(connected.text).not.toContain(token);
    const [row] = await db.select().from(documentArchives).where(eq(documentArchives.companyId, t.companyId));
    expect(row!.sealedProviderSettings).not.toContain(token);

    const listed = await call("/api/v1/documents?text=Invoice", { key: t.key });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json.data.length).toBeGreaterThan(0);
    expect(listed.text).not.toContain(token);
    const [read] = await fakeRequests("paperless", "title_content=Invoice");
    expect(read!.headers.authorization).toBe(`Token ${token}`);

    const disconnected = await operator(`/companies/${t.companyId}/archive`, { method: "DELETE" });
    expect(disconnected.status).toBe(200);
    expect(disconnected.json).toMatchObject({ company_id: t.companyId, connected: false });
    expect((await call("/api/v1/documents", { key: t.key })).status).toBe(503);
    expect((await operator(`/companies/${t.companyId}/archive`, { method: "DELETE" })).status).toBe(404);
  });

  it("stores nothing when the archive refuses the token (502), and refuses unknown companies (404) and a plain-http remote URL (400)", async () => {
    const t = await onboarded({ capabilities: ["documents"] });
    const refused = await operator(`/companies/${t.companyId}/archive`, {
      method: "PUT",
      vars: loopbackFakes,
      body: { url: fakeOrigins.paperless, token: "not-a-token-it-knows" },
    });
    expect(refused.status).toBe(502);
    expect(slug((await call("/api/v1/documents", { key: t.key })).json)).toBe("integration_not_configured");
    expect(
      (
        await operator(`/companies/${unknownId()}/archive`, {
          method: "PUT",
          body: { url: fakeOrigins.paperless, token: env.PAPERLESS_TOKEN },
        })
      ).status,
    ).toBe(404);
    expect((await operator(`/companies/${unknownId()}/archive`, { method: "DELETE" })).status).toBe(404);
    expect(
      (
        await operator(`/companies/${t.companyId}/archive`, {
          method: "PUT",
          vars: loopbackFakes,
          body: { url: "http://archive.example.com", token: "x" },
        })
      ).status,
    ).toBe(400);
  });

  it("sends the token only to a public host: loopback without local development's switch, a special-purpose address, an internal name or a name resolving to one is 400 naming the field", async () => {
    const t = await onboarded({ capabilities: ["documents"] });
    const rebound = `archive-${crypto.randomUUID().slice(0, 8)}.example.com`;
    await dnsRecords(rebound, { type: "A", data: ["169.254.169.254"] });
    for (const url of [
      fakeOrigins.paperless!,
      "https://127.0.0.1/",
      "https://10.1.2.3/",
      "https://metadata.google.internal/",
      `https://${rebound}/`,
    ]) {
      const refused = await operator(`/companies/${t.companyId}/archive`, {
        method: "PUT",
        body: { url, token: archiveToken() },
      });
      expect([refused.status, refused.json.errors?.[0]?.path], url).toEqual([400, "body.url"]);
    }
    expect(slug((await call("/api/v1/documents", { key: t.key })).json)).toBe("integration_not_configured");
  });
});
