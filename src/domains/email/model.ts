import { z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import type { ExampleRow } from "../../core/examples";
import { OffsetPageQuery, offsetEnvelope } from "../../lib/pagination";
import { email, headerText, resourceSequenceField, timestamp, uuid } from "../../lib/schemas";
import { SendSourceSchema } from "../../work/sends";
import { personal } from "../../lib/redaction";
import {
  emailDeliveryStatuses,
  emailIdentities,
  emailStatuses,
  type EmailIdentityRow,
  type EmailMessageRow,
} from "./schema";

/** Longest subject a send accepts (RFC 5322 allows 998 characters per line; mail clients show far fewer). */
const SUBJECT_MAX = 500;
/** Longest plain-text body a send accepts, in characters (the request body cap is 1 MiB). */
const BODY_MAX = 100_000;

const booleanQuery = (description: string) =>
  z
    .enum(["true", "false"])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === "true"))
    .openapi({ type: "string", enum: ["true", "false"], description });

export const ListConnectionsQuery = OffsetPageQuery.extend({
  verified: booleanQuery("Only verified (`true`) or unverified (`false`) identities; anything else is 400"),
});

export const EmailHistoryQuery = OffsetPageQuery.extend({
  status: z.enum(emailStatuses).optional().openapi({ description: "Only emails in this status" }),
});

/** The sending identity the document's examples name. */
const exampleIdentityId = "0f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a";

/** A company's row for it: its oldest verified identity (only a verified one sends). */
export const identityExampleRows: readonly ExampleRow[] = [
  {
    id: exampleIdentityId,
    table: emailIdentities,
    where: eq(emailIdentities.verified, true),
    order: [emailIdentities.createdAt, emailIdentities.id],
  },
];

export const sendEmailExample = {
  identity_id: exampleIdentityId,
  to: "lucia.fernandez@example.com",
  subject: "Your kitchen quote",
  body: "Hello Lucía,\n\nAttached is the quote we discussed.\n\nReformas Demo",
};

export const SendEmailInput = z
  .object({
    to: personal(email().openapi({ description: "The recipient's address", example: "lucia.fernandez@example.com" })),
    subject: personal(
      headerText(SUBJECT_MAX).openapi({
        description: `1 to ${SUBJECT_MAX} characters on one line (no CR or LF)`,
        example: "Your kitchen quote",
      }),
    ),
    body: personal(
      z
        .string()
        .min(1)
        .max(BODY_MAX)
        .openapi({
          description: `Plain text, 1 to ${BODY_MAX} characters`,
          example: "Hello Lucía,\n\nAttached is the quote we discussed.\n\nReformas Demo",
        }),
    ),
    identity_id: uuid().optional().openapi({
      example: exampleIdentityId,
      description:
        "The verified sending identity to send from (GET /email/connections); default: the company's oldest verified identity",
    }),
  })
  .strict()
  .openapi("SendEmailInput", {
    description: "An email to send from one of the company's verified identities.",
    example: {
      to: "lucia.fernandez@example.com",
      subject: "Your kitchen quote",
      body: "Hello Lucía,\n\nAttached is the quote we discussed.\n\nReformas Demo",
    },
  });

export const EmailConnection = z
  .object({
    id: uuid(),
    address: z.string().openapi({ format: "email", example: "presupuestos@reformasdemo.es" }),
    display_name: z.string().openapi({ description: "The name recipients see", example: "Reformas Demo" }),
    verified: z.boolean().openapi({
      description: "Whether the provider confirmed the address (or its domain); only verified identities send",
    }),
    verified_at: timestamp().nullable().openapi({ description: "When it was verified; null while it is not" }),
    created_at: timestamp(),
  })
  .strict()
  .openapi("EmailConnection", {
    description:
      "A sending identity of the company: an address its email goes out from, and whether it is verified (never its credentials).",
  });

export const EmailHistoryEntry = z
  .object({
    id: uuid(),
    identity_id: uuid().openapi({ description: "The sending identity it went out from" }),
    from: z
      .string()
      .openapi({ description: "The From header as sent", example: '"Reformas Demo" <presupuestos@reformasdemo.es>' }),
    to: personal(z.string().openapi({ format: "email", example: "lucia.fernandez@example.com" })),
    subject: personal(z.string().openapi({ example: "Your kitchen quote" })),
    status: z.enum(emailStatuses).openapi({
      description:
        "sending: handed to the provider now; sent: the provider accepted it; failed: it did not (nothing was sent)",
    }),
    provider_message_id: z.string().nullable().openapi({
      description: "The provider's message id, once accepted",
      example: "b7bc2f4a-e38e-4336-af7d-e6c392c2f817",
    }),
    failure_reason: z.string().nullable().openapi({ description: "Why it failed, when it did", example: null }),
    delivery_status: z
      .enum(emailDeliveryStatuses)
      .nullable()
      .openapi({
        description:
          "What the provider reported after accepting it: delivered, bounced or complained (the recipient marked it as spam); null until it reports. " +
          "A hard bounce or a complaint tags the contact with this address `unsubscribed`, so marketing mail skips it.",
        example: "delivered",
      }),
    delivery_updated_at: timestamp().nullable().openapi({ description: "When the delivery status was recorded" }),
    source: SendSourceSchema,
    created_at: timestamp(),
    sent_at: timestamp().nullable().openapi({ description: "When the provider accepted it" }),
    sequence: resourceSequenceField(),
  })
  .strict()
  .openapi("EmailHistoryEntry", {
    description: "An email sent through the API: from, to, subject, and what became of it.",
  });

export const EmailConnectionPage = offsetEnvelope(
  EmailConnection,
  "EmailConnectionPage",
  "A page of the company's sending identities, newest first",
);
export const EmailHistoryPage = offsetEnvelope(
  EmailHistoryEntry,
  "EmailHistoryPage",
  "A page of sent emails, newest first",
);

/** The From header: the display name quoted (RFC 5322 quoted-string) and the address. */
export const fromHeader = (identity: Pick<EmailIdentityRow, "displayName" | "address">) =>
  `"${identity.displayName.replace(/(["\\])/g, "\\$1")}" <${identity.address}>`;

export const toEmailConnection = (
  row: Pick<EmailIdentityRow, "id" | "address" | "displayName" | "verified" | "verifiedAt" | "createdAt">,
): z.output<typeof EmailConnection> => ({
  id: row.id,
  address: row.address,
  display_name: row.displayName,
  verified: row.verified,
  verified_at: row.verifiedAt,
  created_at: row.createdAt,
});

export const toEmailHistoryEntry = (row: EmailMessageRow): z.output<typeof EmailHistoryEntry> => ({
  id: row.id,
  identity_id: row.identityId,
  from: row.fromAddress,
  to: row.toAddress,
  subject: row.subject,
  status: row.status,
  provider_message_id: row.providerMessageId,
  failure_reason: row.failureReason,
  delivery_status: row.deliveryStatus,
  delivery_updated_at: row.deliveryUpdatedAt,
  source: row.source,
  created_at: row.createdAt,
  sent_at: row.sentAt,
  sequence: row.sequence,
});

export const emailConnectionPageExample = {
  data: [
    {
      id: exampleIdentityId,
      address: "presupuestos@reformasdemo.es",
      display_name: "Reformas Demo",
      verified: true,
      verified_at: "2026-02-01T10:00:00.000Z",
      created_at: "2026-01-31T09:12:00.000Z",
    },
  ],
  limit: 50,
  offset: 0,
};

export const emailHistoryEntryExample = {
  id: "3a2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d",
  identity_id: exampleIdentityId,
  from: '"Reformas Demo" <presupuestos@reformasdemo.es>',
  to: "lucia.fernandez@example.com",
  subject: "Your kitchen quote",
  status: "sent" as const,
  provider_message_id: "b7bc2f4a-e38e-4336-af7d-e6c392c2f817",
  failure_reason: null,
  delivery_status: "delivered" as const,
  delivery_updated_at: "2026-04-26T09:45:03.000Z",
  source: "api" as const,
  created_at: "2026-04-26T09:45:00.000Z",
  sent_at: "2026-04-26T09:45:01.000Z",
  sequence: 2,
};

export const emailHistoryPageExample = { data: [emailHistoryEntryExample], limit: 50, offset: 0 };
