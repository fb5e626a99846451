/**
 * The provider gateway: every outbound integration behind one small interface. Each adapter speaks
 * its provider's real wire format; the one `Link.send` path gives every call its base URL and
 * credentials (configuration, or the company's sealed settings), no redirects, a timeout, and one
 * mapping of outcomes:
 *   not configured -> 503 integration_not_configured;
 *   an error answer, a redirect, a timeout, an unreachable or unreadable provider -> 502 upstream_error;
 *   the provider refusing this recipient -> 422 unprocessable where the operation declares 422
 *   (else 502; the pipeline applies `declaredOutcome`).
 * Problems name the provider and never carry its token or answer; log lines likewise.
 */
import { documents } from "./adapters/documents";
import { dns } from "./adapters/dns";
import { jmap } from "./adapters/jmap";
import { email } from "./adapters/email";
import { payments } from "./adapters/stripe";
import { numbers, sms, telephony, trunking } from "./adapters/twilio";
import { whatsapp } from "./adapters/whatsapp";
import { type CompanySettingsSource, type GatewayContext, Link } from "./link";

export type { GatewayContext } from "./link";
export type { ProviderName } from "./provider";
export { declaredOutcome, ProviderError } from "./outcome";
export { openProviderSettings, sealProviderSettings } from "./settings";
export type { ArchivedDocument } from "./adapters/documents";
export type { NumberKind, NumberWebhooks, PhoneLookup, ProviderTrunk, RentedNumber } from "./adapters/twilio";

export interface GatewayOptions {
  /** The company's sealed settings of a provider (sealProviderSettings), applied over the configuration. */
  companySettings?: CompanySettingsSource;
}

/** The gateway of one request: `gateway(ctx)` inside a handler (ctx has config, requestId and caller). */
export function gateway(context: GatewayContext, options: GatewayOptions = {}) {
  const link = new Link(context, options.companySettings);
  return {
    whatsapp: whatsapp(link),
    email: email(link),
    sms: sms(link),
    telephony: telephony(link),
    numbers: numbers(link),
    trunking: trunking(link),
    payments: payments(link),
    documents: documents(link),
    dns: dns(link),
    jmap: jmap(link),
  };
}
