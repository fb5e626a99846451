import { Hono } from "hono";
import { clock } from "../../lib/clock";
import { commitBatch } from "../../core/commit";
import { companyRow } from "../../data/rows";
import { databaseFor } from "../../data/tenancy";
import { updateWithVersion, versionedUpdate } from "../../data/versioned";
import type { EventSink } from "../../data/events";
import { ApiError } from "../../lib/errors";
import type { AppEnv } from "../../core/app-env";
import { contacts } from "../contacts";
import { contactUnsubscribed } from "./events";
import { isUnsubscribed, readUnsubscribeToken } from "./marketing";
import { UNSUBSCRIBED_TAG } from "./model";

/*
 * The unsubscribe link of marketing email: /u/<token>, outside the API (no key). GET shows a small
 * page whose button POSTs (mail scanners follow GETs, so a GET changes nothing); POST unsubscribes,
 * which is also what a mail client's one-click (RFC 8058: POST with List-Unsubscribe=One-Click)
 * does. Unsubscribing tags the contact `unsubscribed` (compare-and-set on its version) with the
 * event contact.unsubscribed; following the link again changes nothing and answers the same page.
 */

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title>` +
  `<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}button{font-size:1rem;padding:.5rem 1rem}</style></head><body><h1>${title}</h1>${body}</body></html>`;

const invalid = page(
  "This link does not work",
  "<p>The unsubscribe link is not valid. Use the link of a recent email.</p>",
);
const expired = page(
  "This link has expired",
  "<p>The unsubscribe link has expired. Use the link of a more recent email.</p>",
);
const done = page("You are unsubscribed", "<p>You will receive no more marketing email from this sender.</p>");
const confirm = page(
  "Unsubscribe",
  '<p>Stop receiving marketing email from this sender?</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>',
);

const html = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
};

/** Tags the contact unsubscribed unless it already is; false when the contact no longer exists. */
async function unsubscribe(
  env: AppEnv["Bindings"],
  eventSink: EventSink | undefined,
  companyId: string,
  contactId: string,
): Promise<boolean> {
  const db = databaseFor(env, companyId);
  try {
    await updateWithVersion(
      "contact",
      () => companyRow(db, contacts, companyId, contactId),
      async (contact) => {
        if (isUnsubscribed(contact.tags)) return;
        const now = clock.iso();
        await commitBatch(
          db,
          env,
          eventSink,
          companyId,
          versionedUpdate(
            db,
            contacts,
            { companyId, id: contact.id, version: contact.version },
            { tags: [...contact.tags, UNSUBSCRIBED_TAG], updatedAt: now },
            "contact",
          ),
          [
            contactUnsubscribed.of({
              contact_id: contact.id,
              email: contact.email,
              source: "unsubscribe_link",
              unsubscribed_at: now,
            }),
          ],
          [],
        );
      },
    );
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.slug === "not_found") return false;
    throw error;
  }
}

export function unsubscribePages(eventSink: EventSink | undefined) {
  const pages = new Hono<AppEnv>();
  const claimOf = async (secretKey: string | undefined, token: string) =>
    secretKey ? readUnsubscribeToken(secretKey, token) : undefined;
  pages.get("/u/:token", async (c) => {
    const claim = await claimOf(c.var.config.webhookSecretKey, c.req.param("token"));
    if (claim === undefined) return c.body(invalid, 404, html);
    if (claim === "expired") return c.body(expired, 410, html);
    return c.body(confirm, 200, html);
  });
  pages.post("/u/:token", async (c) => {
    const claim = await claimOf(c.var.config.webhookSecretKey, c.req.param("token"));
    if (claim === undefined) return c.body(invalid, 404, html);
    if (claim === "expired") return c.body(expired, 410, html);
    if (!(await unsubscribe(c.env, eventSink, claim.companyId, claim.contactId))) return c.body(invalid, 404, html);
    return c.body(done, 200, html);
  });
  return pages;
}
