import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { resetClock } from "../../../test/clock";
import { eventsOf, fake, messageRow, uniqueMobile, whatsappCompany } from "../../../test/fixtures/conversations";
import { passDeadline } from "../../../test/fixtures/deadlines";
import { db } from "../../../test/helpers";
import { runWriteBatch } from "../../core/commit";
import { providerIntents } from "../../data/schema";
import { clock } from "../../lib/clock";
import { NO_PROVIDER_OUTCOME } from "../../work/deadlines";
import { scheduleDue } from "../../work/due";
import { SEND_RECONCILE_AFTER_MS } from "../../work/sends";
import { recordMessage } from "../conversations";
import { reconcileSend } from "./jobs";

afterEach(resetClock);

describe("a WhatsApp message's deadline", () => {
  it("left queued by a request that died mid-send, it fails with no_provider_outcome at its deadline, once; later due work changes nothing", async () => {
    const company = await whatsappCompany();
    const to = uniqueMobile();
    // What a request killed between asking Meta and recording its answer leaves: the message queued,
    // its intent in flight, its reconciliation due (as POST /whatsapp/send writes them).
    const id = crypto.randomUUID();
    const at = clock.iso();
    await runWriteBatch(db, [
      db.insert(providerIntents).values({
        id: crypto.randomUUID(),
        companyId: company.companyId,
        subject: `whatsapp.send:${id}`,
        provider: "whatsapp",
        kind: "whatsapp",
        resourceId: id,
        state: "in_flight",
        attempts: 1,
        attemptedAt: at,
        providerId: null,
        reason: null,
        createdAt: at,
        updatedAt: at,
      }),
      ...recordMessage(db, {
        id,
        companyId: company.companyId,
        connectionId: company.connection.id,
        contactPhone: to,
        direction: "outbound",
        type: "template",
        author: "api",
        text: null,
        template: { name: "hello_world", language: "en_US", parameters: [] },
        status: "queued",
        at,
      }),
      scheduleDue(reconcileSend, company.companyId, new Date(clock.now() + SEND_RECONCILE_AFTER_MS).toISOString(), {
        messageId: id,
      }),
    ]);
    expect((await messageRow(id))!.status).toBe("queued");

    // Meta cannot be asked whether it sent it: at the deadline the message fails, with the reason.
    await passDeadline(company.companyId, Date.parse(at) + SEND_RECONCILE_AFTER_MS);
    const closed = (await messageRow(id))!;
    expect(closed.status).toBe("failed");
    expect(closed.error).toMatch(new RegExp(`^${NO_PROVIDER_OUTCOME}: `));
    const failed = async () =>
      (await eventsOf(company.companyId)).filter((event) => event.type.startsWith("whatsapp.message."));
    expect((await failed()).map((event) => [event.type, event.data.previous_status, event.data.sequence])).toEqual([
      ["whatsapp.message.failed", "queued", 1],
    ]);
    const intent = await db
      .select()
      .from(providerIntents)
      .where(and(eq(providerIntents.companyId, company.companyId), eq(providerIntents.resourceId, id)))
      .get();
    expect(intent?.state).toBe("unknown");

    // Its reconciliation coming again (a duplicate, a late one) changes nothing; Meta was never asked to send it.
    await runWriteBatch(db, [scheduleDue(reconcileSend, company.companyId, clock.iso(), { messageId: id })]);
    await passDeadline(company.companyId, clock.now());
    expect((await messageRow(id))!.status).toBe("failed");
    expect(await failed()).toHaveLength(1);
    expect(await fake.requests(to)).toEqual([]);
  });
});
