import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, tenant } from "../../../test/helpers";
import { seededRandom } from "../../lib/random";
import { openProviderSettings } from "../../integrations";
import { seedContactDomain } from "../contacts/seed";
import { config, OPEN } from "../../../test/fixtures/conversations";
import { DEMO_WHATSAPP_ACCESS_TOKEN } from "./demo";
import { seedConversationDomain } from "./seed";
import { whatsappConnections } from "./schema";

describe("conversations seed", () => {
  it("gives the company a connected number with its token sealed, and conversations in both modes, some within the 24-hour window", async () => {
    const t = await tenant({ defaultRegion: "ES" });
    const now = Date.now();
    const random = seededRandom(11);
    await seedContactDomain(db, t.companyId, random, now);
    const company = { id: t.companyId, currency: "EUR", vatRate: 21, region: "ES" };
    const counts = await seedConversationDomain({
      db,
      company,
      random,
      now,
      scale: "full",
      secretKey: env.WEBHOOK_SECRET_KEY,
    });
    expect(counts).toMatchObject({ whatsapp_connections: 1, conversations: 10 });
    expect(counts.whatsapp_messages).toBeGreaterThan(30);

    const [connection] = await db
      .select()
      .from(whatsappConnections)
      .where(eq(whatsappConnections.companyId, t.companyId));
    expect(connection!.credentials).not.toContain(DEMO_WHATSAPP_ACCESS_TOKEN);
    expect(await openProviderSettings(config, "whatsapp", t.companyId, connection!.credentials)).toEqual({
      accessToken: DEMO_WHATSAPP_ACCESS_TOKEN,
      phoneNumberId: connection!.phoneNumberId,
      businessAccountId: connection!.businessAccountId,
    });

    const listed = await call("/api/v1/conversations?limit=100", { key: t.key, vars: OPEN });
    const conversations = listed.json.data as {
      mode: string;
      status: string;
      window_open: boolean;
      unread_count: number;
      reserved_for_external_bot: boolean;
      contact: { contact_id: string | null };
    }[];
    expect(conversations).toHaveLength(10);
    expect(new Set(conversations.map((c) => c.mode))).toEqual(new Set(["ai", "human"]));
    expect(conversations.some((c) => c.status === "closed")).toBe(true);
    expect(conversations.some((c) => c.reserved_for_external_bot)).toBe(true);
    expect(conversations.some((c) => c.mode === "ai" && c.status === "open" && c.window_open)).toBe(true);
    expect(conversations.some((c) => c.mode === "human" && c.status === "open" && c.window_open)).toBe(true);
    expect(conversations.every((c) => c.contact.contact_id !== null && c.unread_count === 1)).toBe(true);
    const polled = await call("/api/v1/whatsapp/messages?limit=100", { key: t.key });
    const times = (polled.json.data as { created_at: string }[]).map((m) => m.created_at);
    expect(times).toEqual([...times].sort());
    expect(new Set((polled.json.data as { status: string }[]).map((m) => m.status))).toEqual(
      new Set(["read", "delivered", "failed"]),
    );
  });

  it("seeds no number without the at-rest key (nothing could be sealed)", async () => {
    const t = await tenant({ defaultRegion: "GB" });
    const counts = await seedConversationDomain({
      db,
      company: { id: t.companyId, currency: "GBP", vatRate: 20, region: "GB" },
      random: seededRandom(3),
      now: Date.now(),
      scale: "small",
    });
    expect(counts).toEqual({ whatsapp_connections: 0, conversations: 0, whatsapp_messages: 0 });
  });
});
