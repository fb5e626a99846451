import { z } from "@hono/zod-openapi";
import type { Database } from "../../data/client";
import { defineOperatorOperation, type OperatorOperation } from "../../core/operator";
import { nowIso } from "../../data/schema";
import { plans, type Plan } from "../../core/operation";
import { PublishInput } from "./model";
import { insertPublication, withdrawAnnouncements, type Audience } from "./queries";
import { announcementCategories } from "./schema";
import { InputError } from "../../lib/input-error";

/*
 * What the web panel does with announcements, for the admin CLI that stands in for it
 * (npm run admin -- announcement publish | withdraw). The API only reads them.
 */

/**
 * `all` (default), `plans:Starter,Business` or `companies:<id>,<id>`: who receives a publication.
 * The audience is resolved when it is published: a company created later does not receive it.
 */
export function parseAudience(text: string | undefined): Audience {
  const value = (text ?? "all").trim();
  if (value === "all") return { kind: "all" };
  const [kind, rest = ""] = value.split(/:(.*)/s);
  const items = rest
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  if (kind === "plans" && items.length > 0) {
    const unknown = items.filter((plan) => !plans.includes(plan as Plan));
    if (unknown.length > 0)
      throw new InputError(
        "invalid_argument",
        `audience names unknown plans: ${unknown.join(", ")}; plans are ${plans.join(", ")}.`,
        "body.audience",
      );
    return { kind: "plans", plans: items as Plan[] };
  }
  if (kind === "companies" && items.length > 0) return { kind: "companies", ids: items };
  throw new InputError(
    "invalid_argument",
    `audience must be all, plans:<plan>[,<plan>] or companies:<company_id>[,<company_id>]; got "${value}".`,
    "body.audience",
  );
}

/** Publishes an announcement to its audience now; answers the publication and how many companies received it. */
export async function publishAnnouncement(
  db: Database,
  input: { title?: string; body?: string; category?: string; audience?: string },
) {
  const parsed = PublishInput.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? "input");
    const hint = field === "category" ? ` (one of ${announcementCategories.join(", ")})` : "";
    throw new InputError("invalid_argument", `${field}: ${issue.message}${hint}`, `body.${field}`);
  }
  const audience = parseAudience(input.audience);
  const publication = { publicationId: crypto.randomUUID(), ...parsed.data, publishedAt: nowIso() };
  const companies = await insertPublication(db, publication, audience);
  if (companies === 0) throw new InputError("not_found", "No company matches the audience; nothing was published.");
  return {
    publication_id: publication.publicationId,
    category: publication.category,
    title: publication.title,
    audience:
      audience.kind === "all"
        ? "all"
        : audience.kind === "plans"
          ? `plans:${audience.plans.join(",")}`
          : `companies:${audience.ids.join(",")}`,
    companies,
    published_at: publication.publishedAt,
  };
}

/**
 * Withdraws a publication (its publication_id: every company's copy) or one company's copy (the
 * announcement's id). Withdrawing again changes nothing and says so; an id that matches nothing is an error.
 */
export async function withdrawAnnouncement(db: Database, id: string) {
  const { withdrawn, found } = await withdrawAnnouncements(db, id, nowIso());
  if (found === 0) throw new InputError("not_found", `No announcement or publication has the id ${id}.`);
  return { id, withdrawn, already_withdrawn: found - withdrawn };
}

// ---------------------------------------------------------------------------------------------
// Operator operations

const PublishBody = z.object({
  title: z.string().min(1).max(200),
  body: z.string().min(1).max(10_000),
  category: z.enum(announcementCategories).optional().openapi({ description: "Default: news" }),
  audience: z.string().min(1).max(10_000).optional().openapi({
    description: "all (default), plans:<plan>[,<plan>] or companies:<company_id>[,<company_id>]",
    example: "plans:Starter,Business",
  }),
});

const publishAnnouncementOperation = defineOperatorOperation({
  operationId: "publishAnnouncement",
  method: "post",
  path: "/admin/v1/announcements",
  summary: "Publish an announcement",
  description:
    "Copies the announcement to every company of the audience now (a company created later does not receive it); " +
    "GET /announcements lists it for each of them. An audience that matches no company is 404 and publishes nothing.",
  tag: "Announcements",
  request: { body: PublishBody },
  responses: {
    201: {
      description: "The publication and how many companies received it",
      schema: z.object({
        publication_id: z.string(),
        category: z.enum(announcementCategories),
        title: z.string(),
        audience: z.string(),
        companies: z.number().int(),
        published_at: z.string(),
      }),
    },
  },
  codes: [],
  handler: async ({ db, body }) => {
    const published = await publishAnnouncement(db, body);
    return {
      status: 201,
      body: published,
      audit: { companyId: null, resourceType: "announcement_publication", resourceId: published.publication_id },
    };
  },
});

const withdrawAnnouncementOperation = defineOperatorOperation({
  operationId: "withdrawAnnouncement",
  method: "post",
  path: "/admin/v1/announcements/{id}/withdraw",
  summary: "Withdraw an announcement",
  description:
    "By a publication_id: every company's copy; by an announcement's id: that company's copy. Withdrawn copies are no longer " +
    "listed or read. Withdrawing again changes nothing (already_withdrawn counts them); an id that matches nothing is 404.",
  tag: "Announcements",
  request: { params: z.object({ id: z.string().min(1).max(100) }) },
  responses: {
    200: {
      description: "How many copies were withdrawn",
      schema: z.object({ id: z.string(), withdrawn: z.number().int(), already_withdrawn: z.number().int() }),
    },
  },
  codes: [],
  handler: async ({ db, params }) => {
    const withdrawn = await withdrawAnnouncement(db, params.id);
    return {
      status: 200,
      body: withdrawn,
      audit: { companyId: null, resourceType: "announcement", resourceId: params.id },
    };
  },
});

export const announcementOperatorOperations: readonly OperatorOperation[] = [
  publishAnnouncementOperation,
  withdrawAnnouncementOperation,
];
