import type { Config } from "../../config";
import { gateway, sealProviderSettings, type GatewayContext } from "../../integrations";
import type { ConnectionRow } from "./schema";

/** What a connection needs to reach the Cloud API as itself: the token, the number's id, its business account's id. */
export interface ConnectionCredentials {
  accessToken: string;
  phoneNumberId: string;
  businessAccountId: string;
}

/**
 * Seals a connection's credentials for storage: AES-256-GCM under the provider-settings key (HKDF
 * of WEBHOOK_SECRET_KEY), bound to the company, exactly as the gateway opens company settings.
 */
export const sealConnectionCredentials = (
  config: Pick<Config, "webhookSecretKey">,
  companyId: string,
  credentials: ConnectionCredentials,
) => sealProviderSettings(config, "whatsapp", companyId, credentials);

/**
 * The gateway speaking as one of the company's numbers: the connection's sealed credentials
 * apply over the deployment's WhatsApp settings (base URL and timeout stay the deployment's).
 * The token is opened inside the gateway's request only; it never reaches a handler.
 */
export function connectionGateway(
  context: GatewayContext & { caller: { company: { id: string } } },
  connection: Pick<ConnectionRow, "credentials">,
) {
  return gateway(context, {
    companySettings: async (provider) => (provider === "whatsapp" ? connection.credentials : null),
  });
}
