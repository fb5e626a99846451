/**
 * The outbound providers, by the company that runs them (credentials are per provider). Its own
 * module because the link, its outcomes and the sealed settings all name a provider, and the link
 * uses the other two.
 */
export type ProviderName = "whatsapp" | "postmark" | "twilio" | "stripe" | "paperless" | "doh" | "jmap";
