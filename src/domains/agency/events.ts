import { z } from "@hono/zod-openapi";
import { defineEvent, type EventDefinition } from "../../data/events";
import { int64 } from "../../lib/schemas";
import { Subaccount, subaccountStatuses } from "./model";

export const subaccountCreated = defineEvent(
  "subaccount.created",
  "The agency created a subaccount (POST /agency/subaccounts); `setup_charge_minor` is what it cost the agency, in minor units of `currency` (0 without a setup price).",
  z.object({
    subaccount: Subaccount,
    setup_charge_minor: int64({ min: 0 }),
    currency: z
      .string()
      .length(3)
      .nullable()
      .openapi({ description: "ISO 4217 code of the charge; null without a setup price" }),
  }),
);

export const subaccountStatusChanged = defineEvent(
  "subaccount.status_changed",
  "The agency activated or suspended a subaccount (PATCH /agency/subaccounts/{subaccount_id}); a suspended subaccount's keys answer 401.",
  z.object({
    subaccount_id: z.uuid(),
    status: z.enum(subaccountStatuses),
    previous_status: z.enum(subaccountStatuses),
  }),
);

const brandingFields = ["company_name", "primary_color", "logo_url", "custom_domain"] as const;

export const subaccountBrandingUpdated = defineEvent(
  "subaccount.branding_updated",
  "A subaccount's branding changed (PATCH .../branding); `changed_fields` are the fields sent (a new custom_domain is unverified until verify-domain finds its record).",
  z.object({
    subaccount_id: z.uuid(),
    changed_fields: z.array(z.enum(brandingFields)).max(brandingFields.length),
  }),
);

export const subaccountDomainVerified = defineEvent(
  "subaccount.domain_verified",
  "verify-domain found the subaccount's TXT record and marked its custom domain verified (sent once per verification).",
  z.object({ subaccount_id: z.uuid(), custom_domain: z.string(), verified_at: z.string() }),
);

export const subaccountPackagingUpdated = defineEvent(
  "subaccount.packaging_updated",
  "A subaccount's packaging gates changed (PATCH .../packaging); `changes` holds the gates sent, with their new values.",
  z.object({
    subaccount_id: z.uuid(),
    changes: z.object({
      allow_signup: z.boolean().optional(),
      hide_plans: z.boolean().optional(),
      hide_addons: z.boolean().optional(),
    }),
  }),
);

export const agencyEvents: EventDefinition[] = [
  subaccountCreated,
  subaccountStatusChanged,
  subaccountBrandingUpdated,
  subaccountDomainVerified,
  subaccountPackagingUpdated,
];
