import { z } from "@hono/zod-openapi";
import type { Config } from "../../config";
import { clock } from "../../lib/clock";
import { scheduleDue } from "../../work/due";
import { ProviderError } from "../../integrations";
import { defineJob, type JobContext, type JobDefinition, type JobOutcome } from "../../work/jobs";
import { connectionGateway, sealConnectionCredentials } from "./connections";
import { whatsappConnectionDisabled } from "./events";
import { connectionOf, disableConnection, refreshedConnection } from "./queries";
import type { ConnectionRow } from "./schema";

/**
 * Rotation of the WhatsApp numbers' provider tokens. Each connection knows when its token expires;
 * a connection whose token expires has a refresh scheduled as due work (in the batch that stored the
 * token), which exchanges it with Meta for a fresh one (GET /oauth/access_token,
 * grant_type=fb_exchange_token, with the Meta app's id and secret), seals the new one over the old
 * (the old one is no longer stored anywhere) and schedules the next refresh. Every step is a
 * compare-and-set on the connection's version, so a reconnect, a disconnect or another refresh in
 * between wins and the stale refresh does nothing. A token Meta refuses to exchange, or one that
 * could not be exchanged before it expired, disables the connection with an event; sends on it are
 * then refused with the reason. Without WHATSAPP_APP_ID and WHATSAPP_APP_SECRET nothing is rotated.
 */

const HOUR_MS = 3_600_000;
/** How long before its expiry a token is exchanged: a week (Meta's long-lived tokens last about 60 days)... */
const REFRESH_AHEAD_MS = 7 * 24 * HOUR_MS;
/** ...or half of what is left of a shorter-lived one. */
const REFRESH_AHEAD_SHARE = 0.5;
/** After a failure that may pass (Meta down, a timeout), the exchange is tried again this much later, while the token lasts. */
const REFRESH_RETRY_MS = HOUR_MS;

const iso = (ms: number) => new Date(ms).toISOString();

/** Whether this deployment rotates tokens: the Meta app's id and secret are both set. */
const rotationConfigured = (config: Config) =>
  Boolean(config.providers.whatsapp.appId && config.providers.whatsapp.appSecret);

/** When a token expiring at `expiresAt` is exchanged: a week before, or halfway through a shorter remaining life; never in the past. */
function refreshDueAt(expiresAt: string, now = clock.now()): string {
  const expires = Date.parse(expiresAt);
  const ahead = Math.min(REFRESH_AHEAD_MS, Math.max(0, expires - now) * REFRESH_AHEAD_SHARE);
  return iso(Math.max(now, expires - ahead));
}

interface RefreshPayload {
  connectionId: string;
  /** The connection's version when the refresh was scheduled: any change since makes it stale. */
  version: number;
}

/**
 * The refresh of a token, scheduled with the token (or by the refresh before it): the statement of
 * the batch that stored the token. Null when nothing is to be rotated: the token does not expire,
 * or the deployment does not rotate tokens.
 */
export function scheduleRefresh(
  config: Config,
  companyId: string,
  connection: { id: string; version: number; tokenExpiresAt: string | null },
) {
  if (!connection.tokenExpiresAt || !rotationConfigured(config)) return null;
  const dueAt = refreshDueAt(connection.tokenExpiresAt);
  return {
    dueAt,
    statement: scheduleDue(refreshWhatsAppToken, companyId, dueAt, {
      connectionId: connection.id,
      version: connection.version,
    }),
  };
}

/** Disables the connection (compare-and-set on the version it was read at) and says why in an event. */
function disable(job: JobContext, connection: ConnectionRow, reason: string): JobOutcome {
  const at = clock.iso();
  return {
    status: "done",
    statements: disableConnection(job.db, connection, reason, at),
    events: [
      whatsappConnectionDisabled.of({
        connection_id: connection.id,
        phone_number: connection.phoneNumber,
        reason,
        disabled_at: at,
      }),
    ],
  };
}

export const refreshWhatsAppToken: JobDefinition<RefreshPayload> = defineJob({
  kind: "conversations.refresh_whatsapp_token",
  payload: z.object({ connectionId: z.string(), version: z.number().int() }),
  async run(job, { connectionId, version }): Promise<JobOutcome> {
    const connection = await connectionOf(job.db, job.companyId, connectionId);
    // Reconnected, refreshed, disconnected or disabled since: whatever changed it scheduled what follows.
    if (
      !connection ||
      connection.version !== version ||
      connection.status !== "connected" ||
      !connection.tokenExpiresAt
    )
      return { status: "done" };
    const now = clock.now();
    let exchanged: { accessToken: string; expiresInSeconds: number | null };
    try {
      exchanged = await connectionGateway(job, connection).whatsapp.exchangeToken();
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      if (error.outcome === "refused")
        return disable(
          job,
          connection,
          `Its token could not be refreshed: ${error.refusal.reason ?? "Meta refused the exchange"}.`,
        );
      if (now + REFRESH_RETRY_MS < Date.parse(connection.tokenExpiresAt)) {
        // It may pass (Meta down, the app's settings missing for now): again later, while the token still works.
        return {
          status: "done",
          statements: [
            scheduleDue(refreshWhatsAppToken, job.companyId, iso(now + REFRESH_RETRY_MS), { connectionId, version }),
          ],
        };
      }
      return disable(job, connection, `Its token could not be refreshed before it expired: ${error.detail}`);
    }
    const credentials = await sealConnectionCredentials(job.config, job.companyId, {
      accessToken: exchanged.accessToken,
      phoneNumberId: connection.phoneNumberId,
      businessAccountId: connection.businessAccountId,
    });
    const tokenExpiresAt = exchanged.expiresInSeconds === null ? null : iso(now + exchanged.expiresInSeconds * 1000);
    const next = scheduleRefresh(job.config, job.companyId, {
      id: connection.id,
      version: connection.version + 1,
      tokenExpiresAt,
    });
    return {
      status: "done",
      statements: [
        ...refreshedConnection(job.db, connection, { credentials, tokenExpiresAt, tokenRefreshedAt: iso(now) }),
        ...(next ? [next.statement] : []),
      ],
    };
  },
});
