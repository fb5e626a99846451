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

/** A scope the catalogue names: an operation's `scope` and a caller's `scopes` are typed with it, so a misspelt one fails tsc. */
export type Scope = (typeof knownScopes)[number];

const scopeSet: ReadonlySet<string> = new Set(knownScopes);

/** Whether a stored or typed-in string is a known scope (the boundary of D1 rows and the admin CLI). */
export const isScope = (value: string): value is Scope => scopeSet.has(value);
