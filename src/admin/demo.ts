/** The demo company's name (the bulk loader's demo, src/admin/seed.ts). */
export const DEMO_NAME = "Reformas Demo SL";

/**
 * What the demo company was granted beyond its plan: team reads, campaigns, email, SMS, documents,
 * the workspace, the mailbox inbox and knowledge bases (capabilities no plan includes), and the
 * agency channel (agency, white_label: plans AGY), so that the demo shows its subaccounts.
 */
export const DEMO_CAPABILITIES = [
  "team",
  "campaigns",
  "email",
  "sms",
  "documents",
  "workspace",
  "inbox",
  "agency",
  "white_label",
  "kb",
] as const;
