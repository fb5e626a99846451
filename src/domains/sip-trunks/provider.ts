import { ApiError } from "../../lib/errors";
import { gateway, type GatewayContext, ProviderError, type ProviderTrunk } from "../../integrations";
import type { TrunkTransport } from "./schema";

/**
 * A company's SIP trunk at the telephony provider (Twilio Elastic SIP Trunking): the trunk, a
 * credential list holding its username and password, and an origination URL pointing at its host.
 * Every resource's FriendlyName is the trunk's own id, so an attempt whose answer was lost (a
 * timeout after the provider acted) is found by reading rather than made a second time.
 */
type Trunking = ReturnType<typeof gateway>["trunking"];

export const trunking = (context: GatewayContext): Trunking => gateway(context).trunking;

/** The trunk's host as the provider's origination URL: sip:host:port, with the transport unless UDP (SIP's default). */
export function originationUri(trunk: { host: string; port: number; transport: TrunkTransport }): string {
  const host = trunk.host.includes(":") ? `[${trunk.host}]` : trunk.host;
  return `sip:${host}:${trunk.port}${trunk.transport === "udp" ? "" : `;transport=${trunk.transport}`}`;
}

/** A creation whose answer was an error may still have happened: an upstream error is followed by a read for the resource named `id`. */
async function createOnce(create: () => Promise<string>, find: () => Promise<string | undefined>): Promise<string> {
  try {
    return await create();
  } catch (error) {
    if (!(error instanceof ProviderError) || error.outcome !== "upstream_error") throw error;
    const found = await find().catch(() => undefined);
    if (found) return found;
    throw error;
  }
}

/**
 * Makes the trunk at the provider: trunk, credential list with its one credential, their
 * association, and the origination URL. A step that fails removes what the earlier ones made
 * (best effort, by sid or by FriendlyName), then the failure stands: no half-made trunk is kept.
 */
export async function provisionTrunk(
  provider: Trunking,
  input: { trunkId: string; sipUrl: string; username: string; password: string },
): Promise<ProviderTrunk> {
  const { trunkId } = input;
  const made: Partial<ProviderTrunk> = {};
  try {
    const trunkSid = await createOnce(
      () => provider.createTrunk(trunkId),
      () => provider.findTrunk(trunkId),
    );
    made.trunkSid = trunkSid;
    const credentialListSid = await createOnce(
      () => provider.createCredentialList(trunkId),
      () => provider.findCredentialList(trunkId),
    );
    made.credentialListSid = credentialListSid;
    await provider.setCredential(credentialListSid, input.username, input.password);
    await provider.attachCredentialList(trunkSid, credentialListSid);
    const originationUrlSid = await createOnce(
      () => provider.createOriginationUrl(trunkSid, { friendlyName: trunkId, sipUrl: input.sipUrl }),
      () => provider.findOriginationUrl(trunkSid, trunkId),
    );
    return { trunkSid, credentialListSid, originationUrlSid };
  } catch (error) {
    await unprovisionTrunk(provider, trunkId, made).catch(() => undefined);
    throw error;
  }
}

/**
 * Removes the trunk and its credential list at the provider (deleting the trunk removes its
 * origination URLs and associations); what is already gone counts as removed. A sid not known
 * (an answer lost) is looked for by the trunk's id.
 */
export async function unprovisionTrunk(
  provider: Trunking,
  trunkId: string,
  made: Partial<Pick<ProviderTrunk, "trunkSid" | "credentialListSid">>,
): Promise<void> {
  const trunkSid = made.trunkSid ?? (await provider.findTrunk(trunkId));
  if (trunkSid) await provider.deleteTrunk(trunkSid);
  const credentialListSid = made.credentialListSid ?? (await provider.findCredentialList(trunkId));
  if (credentialListSid) await provider.deleteCredentialList(credentialListSid);
}

/**
 * The problem a provider failure is on the SIP trunk operations, which declare 503 and no 502 nor
 * 422: not configured stays 503 integration_not_configured; a failure or refusal is 503
 * provider_unavailable, saying that nothing was charged or changed.
 */
export function asDeclared(error: unknown, nothing: string): unknown {
  if (!(error instanceof ProviderError) || error.outcome === "not_configured") return error;
  return new ApiError("provider_unavailable", `${error.detail} ${nothing}`, { provider: error.provider });
}
