import { z } from "@hono/zod-openapi";
import { plans } from "../../core/operation";
import { OffsetPageQuery, offsetEnvelope } from "../../lib/pagination";
import { email, int32, requireSome } from "../../lib/schemas";
import { MAX_PERIOD_DAYS } from "../../lib/period";

export const subaccountStatuses = ["active", "suspended"] as const;
export type SubaccountStatus = (typeof subaccountStatuses)[number];

const instant = z.string().openapi({ format: "date-time" });
const exampleId = "5f0c7a9e-2b1d-4c3e-8f6a-7b8c9d0e1f2a";

// ---------------------------------------------------------------------------------------------
// Paths and queries

/**
 * A subaccount id is documented as a UUID but not checked as one: the reads declare no 400, and
 * anything that is not an account of the caller's tree is the same 404.
 */
export const SubaccountPath = z.object({
  subaccount_id: z.string().openapi({
    format: "uuid",
    maxLength: 36,
    description:
      "Id of an account of the key's company's tree (a child, a grandchild, ... down to the configured depth); any other id, existing or not, is 404",
    example: exampleId,
  }),
});

export const ListSubaccountsQuery = OffsetPageQuery.extend({
  status: z
    .enum(subaccountStatuses)
    .optional()
    .openapi({ description: "Only subaccounts in this status; another value is 400" }),
  search: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .openapi({ description: "Only subaccounts whose name contains this text (case-insensitive)", example: "clinic" }),
});

const date = (description: string) =>
  z.iso.date().optional().openapi({ maxLength: 10, description, example: "2026-03-01" });

/** Which subaccounts the channel's figures cover. */
const statsScopes = ["tree", "direct"] as const;

export const StatsQuery = z.object({
  scope: z.enum(statsScopes).default("tree").openapi({
    description:
      "tree (the default): every subaccount of the tree, at any level the agency reaches; direct: its direct subaccounts only",
  }),
  from: date("First day of the period (YYYY-MM-DD); default: 29 days before `to`, so the period is 30 days"),
  to: date(
    "Last day of the period, included (YYYY-MM-DD); default: today in the agency's time zone. Before `from` is 400",
  ),
});

// ---------------------------------------------------------------------------------------------
// Subaccounts

export const Subaccount = z
  .object({
    id: z
      .uuid()
      .openapi({ maxLength: 36, description: "The subaccount's account id (its company id)", example: exampleId }),
    name: z.string().openapi({ example: "Clínica Dental Sonrisa SL" }),
    plan: z.enum(plans).openapi({ description: "The subaccount's plan, which decides its capabilities" }),
    status: z
      .enum(subaccountStatuses)
      .openapi({ description: "active; suspended: its API keys answer 401 until it is activated again" }),
    owner_email: z.string().nullable().openapi({
      format: "email",
      description: "The owner named at creation (lower case); null for a subaccount the panel created",
      example: "owner@sonrisa.example",
    }),
    agency_id: z.uuid().openapi({
      maxLength: 36,
      description:
        "The account directly above it (its parent): the key's company for a direct subaccount, a sub-agency of its tree otherwise",
    }),
    created_at: instant,
    updated_at: instant,
  })
  .openapi("Subaccount", {
    description: "A client company of the agency: an account of the key's company's tree (a child, a grandchild, ...).",
  });

export type SubaccountView = z.output<typeof Subaccount>;

export const SubaccountPage = offsetEnvelope(
  Subaccount,
  "SubaccountPage",
  "A page of the agency's subaccounts, newest first",
);

/** The plans a subaccount can have; an agency creates subaccounts on its own plan or one below it. */
export const CreateSubaccountInput = z
  .object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .openapi({ description: "The client company's name, 1 to 200 characters", example: "Clínica Dental Sonrisa SL" }),
    plan: z
      .enum(plans)
      .openapi({ description: `The subaccount's plan: the agency's own plan or one below it (${plans.join(" < ")})` }),
    owner_email: email().openapi({
      description: "The owner's email; one owner per subaccount in the agency's tree (case-insensitive)",
      example: "owner@sonrisa.example",
    }),
  })
  .strict()
  .openapi("CreateSubaccountInput", {
    description: "The client company to create under the key's company: name, plan and owner.",
  });

const SetupCharge = z
  .object({
    amount: z.number().openapi({ description: "In major units of currency", example: 49 }),
    currency: z.string().openapi({ example: "EUR" }),
    transaction_id: z
      .uuid()
      .openapi({ maxLength: 36, description: "The agency's wallet ledger entry (GET /billing/transactions)" }),
  })
  .openapi("SetupCharge", {
    description: "The agency's setup price, debited from its wallet in the same transaction as the creation.",
  });

export const CreatedSubaccount = Subaccount.extend({
  setup_charge: SetupCharge.nullable().openapi({
    description: "What the creation cost the agency; null when it has no setup price",
  }),
}).openapi("CreatedSubaccount", { description: "The subaccount just created, and what its setup cost the agency." });

export const UpdateSubaccountStatusInput = z
  .object({
    status: z.enum(subaccountStatuses).openapi({
      description: "active activates the subaccount, suspended suspends it; the state it already has is 409",
    }),
  })
  .strict()
  .openapi("UpdateSubaccountStatusInput", { description: "The status the subaccount should have." });

// ---------------------------------------------------------------------------------------------
// Stats

export const AgencyStats = z
  .object({
    scope: z.enum(statsScopes).openapi({
      description:
        "What the figures cover: tree, every subaccount of the agency's tree (at any level it reaches); direct, its direct subaccounts only",
    }),
    period: z.object({
      from: z.string().openapi({ format: "date" }),
      to: z.string().openapi({ format: "date", description: "Included" }),
      days: int32({ min: 1, max: MAX_PERIOD_DAYS }),
    }),
    subaccounts: z
      .object({
        total: int32(),
        active: int32(),
        suspended: int32(),
        created_in_period: int32().openapi({
          description: "Subaccounts created during the period (by the agency's time zone)",
        }),
      })
      .openapi({ description: "The agency's subaccounts now, by status" }),
    calls: int32().openapi({ description: "Calls of the subaccounts during the period" }),
    minutes: z.number().min(0).openapi({ description: "Their talk time in minutes, to 0.1", example: 1234.5 }),
    spend: z
      .array(
        z.object({
          currency: z.string().openapi({ example: "EUR" }),
          amount: z
            .number()
            .openapi({ description: "Charges minus refunds in major units, never below 0", example: 812.4 }),
        }),
      )
      .max(200)
      .openapi({
        description: "The subaccounts' spend during the period, one entry per wallet currency (none without spend)",
      }),
  })
  .openapi("AgencyStats", {
    description: "The agency's channel over a period: its subaccounts by status, their calls, minutes and spend.",
  });

// ---------------------------------------------------------------------------------------------
// Branding

/** The TXT record that proves a subaccount controls its custom domain. */
const DnsRecord = z
  .object({
    type: z.enum(["TXT"]),
    host: z.string().openapi({ example: "_svc-verify.app.sonrisa.example" }),
    value: z.string().openapi({ example: `svc-verify=${exampleId}` }),
  })
  .openapi("DomainVerificationRecord", {
    description: "Publish this TXT record at the domain's DNS, then call verify-domain.",
  });

export const Branding = z
  .object({
    subaccount_id: z.uuid().openapi({ maxLength: 36 }),
    company_name: z
      .string()
      .nullable()
      .openapi({ description: "The brand name its users see; null: the platform's", example: "Sonrisa Voice" }),
    primary_color: z.string().nullable().openapi({ description: "#RRGGBB", example: "#1A73E8" }),
    logo_url: z.string().nullable().openapi({ format: "uri", example: "https://cdn.sonrisa.example/logo.svg" }),
    custom_domain: z
      .string()
      .nullable()
      .openapi({ description: "The subaccount's own host name", example: "app.sonrisa.example" }),
    custom_domain_verified: z
      .boolean()
      .openapi({ description: "Read-only: set by verify-domain, reset whenever custom_domain changes" }),
    custom_domain_verified_at: instant.nullable(),
    dns_record: DnsRecord.nullable().openapi({
      description: "The TXT record to publish for custom_domain; null without one",
    }),
    updated_at: instant.nullable().openapi({ description: "Last branding change; null when never branded" }),
  })
  .openapi("Branding", {
    description: "A subaccount's white-label branding, and the DNS record that verifies its custom domain.",
  });

export type BrandingView = z.output<typeof Branding>;

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const MAX_HOSTNAME_LENGTH = 253;

/** A DNS host name with at least two labels and an alphabetic (or IDNA) top level, so never an IP address. */
function isHostname(name: string): boolean {
  if (name.length > MAX_HOSTNAME_LENGTH) return false;
  const labels = name.split(".");
  return labels.length >= 2 && labels.every((label) => HOST_LABEL.test(label)) && TOP_LEVEL.test(labels.at(-1)!);
}

const nullable = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

const READ_ONLY_BRANDING = "custom_domain_verified";

export const UpdateBrandingInput = requireSome(
  z.strictObject(
    {
      company_name: nullable(z.string().trim().min(1).max(100)).openapi({
        description: "1 to 100 characters; null removes it",
        example: "Sonrisa Voice",
      }),
      primary_color: nullable(
        z
          .string()
          .regex(/^#[0-9A-Fa-f]{6}$/, "A colour as #RRGGBB, such as #1A73E8.")
          .transform((color) => color.toUpperCase()),
      ).openapi({
        maxLength: 7,
        pattern: "^#[0-9A-Fa-f]{6}$",
        description: "#RRGGBB (stored in upper case); null removes it",
        example: "#1A73E8",
      }),
      logo_url: nullable(z.url({ protocol: /^https$/, error: "An https URL." }).max(2048)).openapi({
        maxLength: 2048,
        format: "uri",
        description: "An https URL; null removes it",
      }),
      custom_domain: nullable(
        z
          .string()
          .max(MAX_HOSTNAME_LENGTH + 1)
          .transform((name) => name.trim().toLowerCase().replace(/\.$/, ""))
          .refine(
            isHostname,
            "A host name such as app.example.com (letters, digits and hyphens; no IP address, scheme, port or path).",
          ),
      ).openapi({
        maxLength: MAX_HOSTNAME_LENGTH + 1,
        description:
          "A host name (stored in lower case, without a trailing dot); changing it resets the verification; null removes it",
        example: "app.sonrisa.example",
      }),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys" && issue.keys.includes(READ_ONLY_BRANDING)
          ? `${READ_ONLY_BRANDING} is read-only: only POST .../branding/verify-domain sets it.`
          : undefined,
    },
  ),
  "Send at least one of company_name, primary_color, logo_url, custom_domain.",
).openapi("UpdateBrandingInput", {
  description:
    "Branding fields to change; omitted fields stay. custom_domain_verified is read-only (sending it is 400).",
});

export type BrandingChanges = z.output<typeof UpdateBrandingInput>;

export const verificationReasons = [
  "record_found",
  "no_record",
  "other_value",
  "resolver_failed",
  "domain_changed",
] as const;

export const DomainVerification = z
  .object({
    custom_domain: z.string().openapi({ example: "app.sonrisa.example" }),
    verified: z.boolean().openapi({ description: "Whether the domain is verified after this check" }),
    verified_at: instant.nullable(),
    dns_record: DnsRecord,
    result: z.enum(verificationReasons).openapi({
      description:
        "record_found: the exact TXT value is published. no_record: the name has no TXT record. other_value: it has TXT records, none with the value. " +
        "resolver_failed: the DNS resolver could not answer (try again later). domain_changed: custom_domain changed while it was checked.",
    }),
    reason: z.string().nullable().openapi({ description: "Why the domain was not verified now; null when it was" }),
    checked_at: instant,
  })
  .openapi("DomainVerification", { description: "The outcome of checking the custom domain's TXT record over DNS." });

// ---------------------------------------------------------------------------------------------
// Packaging

export const Packaging = z
  .object({
    subaccount_id: z.uuid().openapi({ maxLength: 36 }),
    allow_signup: z.boolean().openapi({ description: "Whether the subaccount admits new sign-ups (default false)" }),
    hide_plans: z
      .boolean()
      .openapi({ description: "Whether the subaccount's users are shown no plans to buy (default false)" }),
    hide_addons: z
      .boolean()
      .openapi({ description: "Whether the subaccount's users are shown no add-ons to buy (default false)" }),
    updated_at: instant.nullable().openapi({ description: "Last change; null while the defaults apply" }),
  })
  .openapi("Packaging", { description: "A subaccount's packaging gates: sign-up, and what it can buy." });

export type PackagingView = z.output<typeof Packaging>;

export const UpdatePackagingInput = requireSome(
  z
    .object({
      allow_signup: z.boolean().optional(),
      hide_plans: z.boolean().optional(),
      hide_addons: z.boolean().optional(),
    })
    .strict(),
  "Send at least one of allow_signup, hide_plans, hide_addons.",
).openapi("UpdatePackagingInput", { description: "Packaging gates to change; omitted gates stay." });

export type PackagingChanges = z.output<typeof UpdatePackagingInput>;

// ---------------------------------------------------------------------------------------------
// Examples

export const subaccountExample: z.input<typeof Subaccount> = {
  id: exampleId,
  name: "Clínica Dental Sonrisa SL",
  plan: "Business",
  status: "active",
  owner_email: "owner@sonrisa.example",
  agency_id: "0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6",
  created_at: "2026-03-02T10:00:00.000Z",
  updated_at: "2026-03-02T10:00:00.000Z",
};
export const subaccountPageExample = { data: [subaccountExample], limit: 50, offset: 0 };
export const createSubaccountExample: z.input<typeof CreateSubaccountInput> = {
  name: "Clínica Dental Sonrisa SL",
  plan: "Business",
  owner_email: "owner@sonrisa.example",
};
export const createdSubaccountExample: z.input<typeof CreatedSubaccount> = {
  ...subaccountExample,
  setup_charge: { amount: 49, currency: "EUR", transaction_id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d" },
};
export const updateStatusExample: z.input<typeof UpdateSubaccountStatusInput> = { status: "suspended" };
export const suspendedSubaccountExample: z.input<typeof Subaccount> = {
  ...subaccountExample,
  status: "suspended",
  updated_at: "2026-03-20T08:30:00.000Z",
};
export const statsExample: z.input<typeof AgencyStats> = {
  scope: "tree",
  period: { from: "2026-03-01", to: "2026-03-30", days: 30 },
  subaccounts: { total: 12, active: 11, suspended: 1, created_in_period: 2 },
  calls: 4210,
  minutes: 9876.5,
  spend: [{ currency: "EUR", amount: 1520.35 }],
};
const dnsRecordExample = {
  type: "TXT" as const,
  host: "_svc-verify.app.sonrisa.example",
  value: `svc-verify=${exampleId}`,
};
export const brandingExample: z.input<typeof Branding> = {
  subaccount_id: exampleId,
  company_name: "Sonrisa Voice",
  primary_color: "#1A73E8",
  logo_url: "https://cdn.sonrisa.example/logo.svg",
  custom_domain: "app.sonrisa.example",
  custom_domain_verified: false,
  custom_domain_verified_at: null,
  dns_record: dnsRecordExample,
  updated_at: "2026-03-02T10:05:00.000Z",
};
export const updateBrandingExample = { primary_color: "#1A73E8", custom_domain: "app.sonrisa.example" };
export const domainVerificationExample: z.input<typeof DomainVerification> = {
  custom_domain: "app.sonrisa.example",
  verified: true,
  verified_at: "2026-03-02T10:20:00.000Z",
  dns_record: dnsRecordExample,
  result: "record_found",
  reason: null,
  checked_at: "2026-03-02T10:20:00.000Z",
};
export const packagingExample: z.input<typeof Packaging> = {
  subaccount_id: exampleId,
  allow_signup: false,
  hide_plans: true,
  hide_addons: false,
  updated_at: "2026-03-02T10:10:00.000Z",
};
export const updatePackagingExample: z.input<typeof UpdatePackagingInput> = { hide_plans: true };
