/**
 * The access token of the demo company's seeded WhatsApp number. It is sealed into the connection
 * like any token, but it is no secret: only the local fake WhatsApp provider (scripts/fakes)
 * accepts it, so `npm run dev` and the tests can send as the seeded number. This module imports
 * nothing, so the fakes (Node) can read it too.
 */
export const DEMO_WHATSAPP_ACCESS_TOKEN = "EAAdemoLocalFakeWhatsAppToken0000";
