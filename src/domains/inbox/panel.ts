import { z } from "@hono/zod-openapi";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Config } from "../../config";
import { isUniqueViolation, runBatches } from "../../data/bulk";
import type { Database } from "../../data/client";
import { ofCompany, rowOf } from "../../data/rows";
import { precondition } from "../../data/precondition";
import type { WriteStatement } from "../../data/write-batch";
import { apiKeys } from "../../data/schema";
import { ApiError, notFound } from "../../lib/errors";
import { gateway, sealProviderSettings } from "../../integrations";
import { MAX_URL_LENGTH, requireResolvedPublicDestination } from "../../lib/destination";
import { InputError } from "../../lib/input-error";
import { email } from "../../lib/schemas";
import { CompanyParams, defineOperatorOperation } from "../../core/operator";
import { companyMailboxIds, insertGrants } from "./queries";
import {
  folderRoles,
  mailboxAttachments,
  mailboxFolders,
  mailboxGrants,
  mailboxMessages,
  mailboxes,
  mailboxThreads,
  type FolderRole,
  type MailboxRow,
} from "./schema";
import { addMailbox } from "./sync";
import { FOLDERS_MAX } from "./model";
import { syncJmapMailbox } from "./jmap-sync";
import { scheduleDue } from "../../work/due";
import { clock } from "../../lib/clock";
import { requireCompany } from "../../data/rows";

/**
 * The operator's side of the inbox: a company's mailboxes (on its own JMAP server, credentials
 * sealed; or a forwarding address the platform gives) and which keys may read them.
 */

/** Checks that every id is a mailbox of the company, before a key is restricted to them. */
export async function checkMailboxGrant(db: Database, companyId: string, mailboxIds: readonly string[]): Promise<void> {
  if (mailboxIds.length === 0)
    throw new InputError("invalid_argument", "mailbox_ids needs at least one mailbox id.", "body.mailbox_ids");
  const known = await companyMailboxIds(db, companyId, mailboxIds);
  const unknown = mailboxIds.filter((id) => !known.has(id));
  if (unknown.length > 0)
    throw new InputError("not_found", `Not mailboxes of company ${companyId}: ${unknown.join(", ")}.`);
}

/**
 * The statements that restrict a new key's lineage to these mailboxes, for the key's own batch: a
 * precondition that each is still a mailbox of the company, then the grants. The precondition
 * also makes this half the one that runs first when the key (control plane) and its company's
 * store are different databases (src/data/routing.ts): a crash between the two leaves grants
 * without a key, which the cron's outbox completes, never a key without its grants, which would
 * read every mailbox.
 */
export function mailboxGrantStatements(
  db: Database,
  input: { companyId: string; lineageId: string; mailboxIds: readonly string[] },
): WriteStatement[] {
  const ids = [...new Set(input.mailboxIds)];
  return [
    precondition(
      db,
      sql`(SELECT count(*) FROM ${mailboxes} WHERE ${and(eq(mailboxes.companyId, input.companyId), inArray(mailboxes.id, ids))}) = ${ids.length}`,
      () => notFound("mailbox"),
    ),
    insertGrants(db, input.companyId, input.lineageId, ids, clock.iso()),
  ];
}

/**
 * Restricts a key (its lineage: a rotated key keeps the grant) to these mailboxes of its company;
 * a key never restricted reads every mailbox of its company.
 */
export async function grantMailboxes(
  db: Database,
  input: { companyId: string; lineageId: string; mailboxIds: readonly string[] },
) {
  await checkMailboxGrant(db, input.companyId, input.mailboxIds);
  await insertGrants(db, input.companyId, input.lineageId, [...new Set(input.mailboxIds)], clock.iso()).run();
  return { mailboxes: [...new Set(input.mailboxIds)] };
}

/** JMAP's folder roles (RFC 8621) as the inbox's; any other is custom. */
const roleOf = (role: string | null | undefined): FolderRole =>
  folderRoles.find((known) => known === role && known !== "custom") ?? "custom";

/**
 * A JMAP server's URL: the Worker sends the company's token there, so it passes the destination
 * check of every outbound URL when the mailbox is added (https, no credentials, a public host by
 * name and by what it resolves to; loopback only where WEBHOOKS_ALLOW_LOOPBACK says local development).
 */
const ServerUrl = z.string().trim().max(MAX_URL_LENGTH).url();

const NewMailboxBody = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("jmap"),
    name: z.string().trim().min(1).max(120),
    address: email(),
    jmap: z.object({
      base_url: ServerUrl.transform((url) => url.replace(/\/+$/, "")),
      session_url: ServerUrl.optional(),
      username: z.string().trim().min(1).max(254),
      token: z.string().min(1).max(2000),
    }),
  }),
  z.object({
    kind: z.literal("forwarding"),
    name: z.string().trim().min(1).max(120),
    address: email().optional(),
  }),
]);

const OperatorMailbox = z.object({
  mailbox_id: z.string(),
  company_id: z.string(),
  kind: z.enum(["shared", "forwarding", "jmap"]),
  name: z.string(),
  address: z.string(),
  inbound_address: z.string().optional(),
  folders: z
    .array(z.object({ id: z.string(), name: z.string(), role: z.enum(folderRoles) }))
    .max(FOLDERS_MAX)
    .optional(),
  created_at: z.string(),
});

const mailboxView = (
  row: MailboxRow,
  folders?: { id: string; name: string; role: FolderRole }[],
): z.input<typeof OperatorMailbox> => ({
  mailbox_id: row.id,
  company_id: row.companyId,
  kind: row.kind,
  name: row.name,
  address: row.address,
  ...(row.inboundAddress ? { inbound_address: row.inboundAddress } : {}),
  ...(folders ? { folders: folders.map(({ id, name, role }) => ({ id, name, role })) } : {}),
  created_at: row.createdAt,
});

/** An address no one can guess: forwarded mail is trusted by the address it was sent to. */
const inboundLocalPart = () => `mbx-${crypto.randomUUID().replaceAll("-", "").slice(0, 24)}`;

/**
 * Adds a mailbox. jmap: the server's session names the mail account, its folders are read (which
 * checks the credentials: 502 if they fail, nothing stored) and stored with their remote ids, and
 * the server's address and credentials are sealed. forwarding: the platform gives it an address.
 */
async function addCompanyMailbox(
  db: Database,
  config: Config,
  requestId: string,
  companyId: string,
  body: z.output<typeof NewMailboxBody>,
) {
  await requireCompany(db, companyId);
  if (body.kind === "forwarding") {
    if (!config.inboundEmailDomain)
      throw new ApiError(
        "integration_not_configured",
        "No inbound email domain is configured (INBOUND_EMAIL_DOMAIN), so forwarding mailboxes cannot be added.",
      );
    const inboundAddress = `${inboundLocalPart()}@${config.inboundEmailDomain}`;
    const { mailbox } = await addMailbox(db, {
      companyId,
      kind: "forwarding",
      name: body.name,
      address: body.address ?? inboundAddress,
      inboundAddress,
      folders: [],
    });
    return mailboxView(mailbox);
  }
  const resolve = (name: string) =>
    gateway({ config, requestId, caller: { company: { id: companyId } } }).dns.addresses(name);
  await requireResolvedPublicDestination(
    body.jmap.base_url,
    config.webhooksAllowLoopback,
    resolve,
    "body.jmap.base_url",
  );
  if (body.jmap.session_url)
    await requireResolvedPublicDestination(
      body.jmap.session_url,
      config.webhooksAllowLoopback,
      resolve,
      "body.jmap.session_url",
    );
  if (!config.webhookSecretKey)
    throw new InputError(
      "missing_secret",
      "The at-rest key WEBHOOK_SECRET_KEY is needed to seal the mailbox's credentials.",
    );
  const sealed = await sealProviderSettings(config, "jmap", companyId, {
    baseUrl: body.jmap.base_url,
    username: body.jmap.username,
    token: body.jmap.token,
  });
  const jmap = gateway(
    { config, requestId, caller: { company: { id: companyId } } },
    { companySettings: async (provider) => (provider === "jmap" ? sealed : null) },
  ).jmap;
  const { accountId } = await jmap.mailAccount(body.jmap.session_url);
  const remote = await jmap.folders(accountId);
  const { mailbox, folders } = await addMailbox(db, {
    companyId,
    kind: "jmap",
    name: body.name,
    address: body.address,
    remoteAccountId: accountId,
    sealedCredentials: sealed,
    folders: [...remote]
      .sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0))
      .map((folder) => ({ name: folder.name, role: roleOf(folder.role), remoteId: folder.id })),
  });
  return mailboxView(mailbox, folders);
}

/**
 * Removes a mailbox with its folders, threads, messages and attachments (their R2 objects after
 * the rows). Grants naming it stay: a key restricted to it alone stays restricted (to nothing),
 * never widened to every mailbox.
 */
async function removeCompanyMailbox(
  db: Database,
  attachments: R2Bucket,
  companyId: string,
  mailboxId: string,
): Promise<MailboxRow> {
  const mailbox = await db
    .select()
    .from(mailboxes)
    .where(rowOf(mailboxes, companyId, mailboxId))
    .get();
  if (!mailbox) throw new InputError("not_found", `The company ${companyId} has no mailbox ${mailboxId}.`);
  const objects = await db
    .select({ key: mailboxAttachments.objectKey })
    .from(mailboxAttachments)
    .where(ofCompany(mailboxAttachments, companyId, eq(mailboxAttachments.mailboxId, mailboxId)))
    .all();
  const ofMailbox = <
    T extends typeof mailboxAttachments | typeof mailboxMessages | typeof mailboxThreads | typeof mailboxFolders,
  >(
    table: T,
  ) => ofCompany(table, companyId, eq(table.mailboxId, mailboxId));
  await runBatches(db, [
    db.delete(mailboxAttachments).where(ofMailbox(mailboxAttachments)),
    db.delete(mailboxMessages).where(ofMailbox(mailboxMessages)),
    db.delete(mailboxThreads).where(ofMailbox(mailboxThreads)),
    db.delete(mailboxFolders).where(ofMailbox(mailboxFolders)),
    db.delete(mailboxes).where(rowOf(mailboxes, companyId, mailboxId)),
  ]);
  if (objects.length > 0) await attachments.delete(objects.map((object) => object.key));
  return mailbox;
}

/** Replaces the mailboxes a key's lineage may read (one batch: never a moment with no grant, which would mean all). */
async function replaceMailboxGrants(db: Database, keyId: string, mailboxIds: readonly string[]) {
  const key = await db
    .select({ companyId: apiKeys.companyId, lineageId: apiKeys.lineageId })
    .from(apiKeys)
    .where(eq(apiKeys.id, keyId))
    .get();
  if (!key) throw new InputError("not_found", `No API key ${keyId}.`);
  const ids = [...new Set(mailboxIds)];
  await checkMailboxGrant(db, key.companyId, ids);
  const at = clock.iso();
  await runBatches(db, [
    db
      .delete(mailboxGrants)
      .where(and(eq(mailboxGrants.lineageId, key.lineageId), eq(mailboxGrants.companyId, key.companyId))),
    insertGrants(db, key.companyId, key.lineageId, ids, at),
  ]);
  const granted = await db
    .select({ mailboxId: mailboxGrants.mailboxId })
    .from(mailboxGrants)
    .where(
      and(
        eq(mailboxGrants.companyId, key.companyId),
        eq(mailboxGrants.lineageId, key.lineageId),
        inArray(mailboxGrants.mailboxId, ids),
      ),
    )
    .all();
  return { key_id: keyId, company_id: key.companyId, mailbox_ids: granted.map((row) => row.mailboxId).sort() };
}

const createMailbox = defineOperatorOperation({
  operationId: "createMailbox",
  method: "post",
  path: "/admin/v1/companies/{company_id}/mailboxes",
  summary: "Add a mailbox to a company",
  description:
    "`jmap`: a mailbox on the company's JMAP server (`base_url`, the session URL if the server does not answer /.well-known/jmap, the user and a token). " +
    "The session names the mail account and its folders are read (502 if that fails: nothing is stored); the credentials are sealed and never answered. " +
    "Its mail is then synced by due work: the first sync from the next tick, then what is new every few minutes. " +
    "`forwarding`: the platform gives it an address (`inbound_address`) the company forwards its mail to; `address` is the company's own one (default: the inbound address).",
  tag: "Mailboxes",
  request: { params: CompanyParams, body: NewMailboxBody },
  responses: { 201: { description: "The mailbox", schema: OperatorMailbox } },
  codes: [502, 503],
  handler: async ({ db, config, requestId, params, body, commit }) => {
    let view: z.input<typeof OperatorMailbox>;
    try {
      view = await addCompanyMailbox(db, config, requestId, params.company_id, body);
    } catch (error) {
      if (isUniqueViolation(error)) throw new InputError("conflict", "That inbound address is taken; try again.");
      throw error;
    }
    // A jmap mailbox's sync starts at the next tick and then reschedules itself (jmap-sync.ts).
    if (view.kind === "jmap")
      await commit(params.company_id, [
        scheduleDue(syncJmapMailbox, params.company_id, clock.iso(), { mailboxId: view.mailbox_id }),
      ]);
    return {
      status: 201,
      body: view,
      audit: { companyId: params.company_id, resourceType: "mailbox", resourceId: view.mailbox_id },
    };
  },
});

const deleteMailbox = defineOperatorOperation({
  operationId: "deleteMailbox",
  method: "delete",
  path: "/admin/v1/companies/{company_id}/mailboxes/{mailbox_id}",
  summary: "Remove a company's mailbox",
  description:
    "With its folders, conversations, messages and attachments. Keys restricted to it keep their restriction (they do not become able to read every mailbox).",
  tag: "Mailboxes",
  request: { params: CompanyParams.extend({ mailbox_id: z.string().min(1).max(100) }) },
  responses: { 200: { description: "The removed mailbox", schema: OperatorMailbox } },
  codes: [],
  handler: async ({ db, env, params }) => {
    const removed = await removeCompanyMailbox(db, env.ATTACHMENTS, params.company_id, params.mailbox_id);
    return {
      status: 200,
      body: mailboxView(removed),
      audit: { companyId: params.company_id, resourceType: "mailbox", resourceId: removed.id },
    };
  },
});

const setKeyMailboxes = defineOperatorOperation({
  operationId: "setKeyMailboxes",
  method: "put",
  path: "/admin/v1/keys/{key_id}/mailboxes",
  summary: "Set which mailboxes a key may read",
  description:
    "Replaces the key's mailboxes (its lineage's: a rotated key keeps them) with these mailboxes of its company; 404 if one is not. " +
    "A key never restricted reads every mailbox of its company; an empty list is refused (to read nothing, take the inbox scope away).",
  tag: "Mailboxes",
  request: {
    params: z.object({ key_id: z.string().min(1).max(100) }),
    body: z.object({ mailbox_ids: z.array(z.string().min(1).max(100)).min(1).max(100) }),
  },
  responses: {
    200: {
      description: "The key's mailboxes",
      schema: z.object({ key_id: z.string(), company_id: z.string(), mailbox_ids: z.array(z.string()).max(100) }),
    },
  },
  codes: [],
  handler: async ({ db, params, body }) => {
    const granted = await replaceMailboxGrants(db, params.key_id, body.mailbox_ids);
    return {
      status: 200,
      body: granted,
      audit: { companyId: granted.company_id, resourceType: "api_key", resourceId: params.key_id },
    };
  },
});

export const inboxOperatorOperations = [createMailbox, deleteMailbox, setKeyMailboxes];
