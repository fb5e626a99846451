/** Every scope of the specification (both documents). `all` in the admin CLI means this list. */
export const knownScopes = [
  "budgets:read", "budgets:write", "clients:read", "invoices:read",
  "agents:read", "agents:write", "analytics:read", "announcements:read", "audit:read", "alerts:read", "alerts:write",
  "kb:read", "kb:write", "calendar:read", "calendar:write", "campaigns:read", "campaigns:write", "campaigns:dispatch",
  "agency:read", "agency:write", "subaccounts:read", "branding:read", "branding:write", "api-keys:write",
  "contacts:read", "contacts:write", "members:read", "team:read", "invites:revoke", "whatsapp:read", "whatsapp:send",
  "webhooks:read", "webhooks:write", "documents:read", "email-configs:read", "email:read", "email:send", "sms:read",
  "sms:send", "recados:read", "billing:read", "billing:write", "calls:read", "calls:write", "calls:dial", "inbox:read",
  "numbers:read", "numbers:write", "rates:read", "sip-trunks:read", "sip-trunks:write",
] as const;
