import { defineOperation } from "../../core/operation";
import { OffsetPageQuery, offsetEnvelope } from "../../lib/pagination";
import {
  addAudience,
  attemptPage,
  audiencePage,
  createCampaign,
  dispatchCampaign,
  editCampaign,
  enrollmentPage,
  quoteDispatch,
  removeAudience,
  requireCampaign,
} from "./actions";
import {
  AUDIENCE_MAX_IDS,
  AudienceAdded,
  AudienceInput,
  AudienceList,
  AudienceRemoved,
  BATCH_SIZE_DEFAULT,
  BATCH_SIZE_MAX,
  Campaign,
  CampaignAttempt,
  CampaignEnrollment,
  campaignExamples as examples,
  CampaignPath,
  CreateCampaignInput,
  DispatchInput,
  DispatchResult,
  ListAttemptsQuery,
  ListCampaignsQuery,
  ListEnrollmentsQuery,
  UNSUBSCRIBED_TAG,
  UpdateCampaignInput,
} from "./model";
import { listCampaigns } from "./queries";

export const campaignOperations = [
  defineOperation({
    operationId: "listCampaigns",
    method: "get",
    path: "/api/v1/campaigns",
    summary: "List campaigns",
    description:
      "Campaigns of the key's company with their counts, newest first (created_at, then id, descending); `status` filters.",
    scope: "campaigns:read",
    gate: "A",
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: ListCampaignsQuery },
    responses: {
      200: {
        description: "A page of campaigns",
        schema: offsetEnvelope(Campaign, "CampaignPage", "A page of campaigns, newest first"),
        example: examples.page,
      },
    },
    handler: async ({ db, caller, query }) => ({
      status: 200,
      body: await listCampaigns(db, caller.company.id, query, query.status),
    }),
  }),

  defineOperation({
    operationId: "createCampaign",
    method: "post",
    path: "/api/v1/campaigns",
    summary: "Create an email campaign",
    description:
      "Creates a draft campaign from its name, an agent of the company (else 400 naming agent_id) and optionally an email template of the company.",
    scope: "campaigns:write",
    gate: "W",
    codes: [201, 400, 401, 403, 404, 429, 500],
    request: { body: CreateCampaignInput, example: examples.create },
    responses: { 201: { description: "The created campaign", schema: Campaign, example: examples.draft } },
    replay: async ({ db, caller }, { resourceId }) =>
      resourceId ? { status: 201, body: await requireCampaign({ db, caller }, resourceId) } : undefined,
    handler: async ({ db, caller, body, commit }) => ({
      status: 201,
      body: await createCampaign({ db, caller, commit }, body),
    }),
  }),

  defineOperation({
    operationId: "getCampaign",
    method: "get",
    path: "/api/v1/campaigns/{campaign_id}",
    summary: "View a campaign",
    description: "One campaign of the key's company with its counts; any other id (another company's included) is 404.",
    scope: "campaigns:read",
    gate: "A",
    codes: [200, 401, 403, 404, 429, 500],
    request: { params: CampaignPath },
    responses: { 200: { description: "The campaign", schema: Campaign, example: examples.campaign } },
    handler: async ({ db, caller, params }) => ({
      status: 200,
      body: await requireCampaign({ db, caller }, params.campaign_id),
    }),
  }),

  defineOperation({
    operationId: "updateCampaign",
    method: "patch",
    path: "/api/v1/campaigns/{campaign_id}",
    summary: "Edit an email campaign",
    description:
      "Edits name, agent, template and scheduled_at, and moves the status along the allowed transitions only: draft -> scheduled (with scheduled_at " +
      "in the future) or archived; scheduled -> draft or archived; sending -> paused; paused -> sending, completed or archived; completed -> archived. " +
      "A forbidden move is 400 naming the current status (`current_status`); a completed or archived campaign cannot be edited; agent and template " +
      "change only before the first dispatch.",
    scope: "campaigns:write",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { params: CampaignPath, body: UpdateCampaignInput, example: examples.update },
    responses: { 200: { description: "The campaign after the change", schema: Campaign, example: examples.updated } },
    replay: async ({ db, caller, params }) => ({
      status: 200,
      body: await requireCampaign({ db, caller }, params.campaign_id),
    }),
    handler: async ({ db, caller, params, body, commit }) => ({
      status: 200,
      body: await editCampaign(db, caller.company.id, params.campaign_id, body, commit),
    }),
  }),

  defineOperation({
    operationId: "listCampaignAttempts",
    method: "get",
    path: "/api/v1/campaigns/{campaign_id}/attempts",
    summary: "Attempts of a campaign",
    description:
      "One attempt per recipient and batch: queued, sent or failed with its reason, newest first; filters `status` and `contact_id`.",
    scope: "campaigns:read",
    gate: "A",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { params: CampaignPath, query: ListAttemptsQuery },
    responses: {
      200: {
        description: "A page of attempts",
        schema: offsetEnvelope(CampaignAttempt, "CampaignAttemptPage", "A page of a campaign's attempts, newest first"),
        example: examples.attempts,
      },
    },
    handler: async ({ db, caller, params, query }) => ({
      status: 200,
      body: await attemptPage({ db, caller }, { campaignId: params.campaign_id, query }),
    }),
  }),

  defineOperation({
    operationId: "listCampaignEnrollments",
    method: "get",
    path: "/api/v1/campaigns/{campaign_id}/enrollments",
    summary: "Enrollments of a campaign",
    description:
      "The campaign's recipients, each contact once, with where each stands (pending, queued, sent, failed); newest first; filter `status`.",
    scope: "campaigns:read",
    gate: "A",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { params: CampaignPath, query: ListEnrollmentsQuery },
    responses: {
      200: {
        description: "A page of recipients",
        schema: offsetEnvelope(CampaignEnrollment, "CampaignEnrollmentPage", "A page of a campaign's recipients"),
        example: examples.enrollments,
      },
    },
    handler: async ({ db, caller, params, query }) => ({
      status: 200,
      body: await enrollmentPage({ db, caller }, { campaignId: params.campaign_id, query }),
    }),
  }),

  defineOperation({
    operationId: "listCampaignLists",
    method: "get",
    path: "/api/v1/campaigns/{campaign_id}/lists",
    summary: "View the audience",
    description:
      "The contact lists of the campaign's audience, most recently added first, with their current member counts.",
    scope: "campaigns:read",
    gate: "A",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { params: CampaignPath, query: OffsetPageQuery },
    responses: {
      200: {
        description: "A page of the audience's lists",
        schema: offsetEnvelope(AudienceList, "CampaignAudiencePage", "A page of a campaign's audience lists"),
        example: examples.lists,
      },
    },
    handler: async ({ db, caller, params, query }) => ({
      status: 200,
      body: await audiencePage({ db, caller }, { campaignId: params.campaign_id, page: query }),
    }),
  }),

  defineOperation({
    operationId: "addCampaignLists",
    method: "post",
    path: "/api/v1/campaigns/{campaign_id}/lists",
    summary: "Add lists to the audience",
    description:
      `Adds 1 to ${AUDIENCE_MAX_IDS} contact lists of the company to the audience. Idempotent: a list already in it is counted in already_in_audience. ` +
      "Ids that are no list of the company come back in not_found and are never stored. The audience changes only until the first dispatch enrolls it (then 400 naming the state).",
    scope: "campaigns:write",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { params: CampaignPath, body: AudienceInput, example: examples.audience },
    responses: {
      200: { description: "How many lists joined the audience", schema: AudienceAdded, example: examples.added },
    },
    handler: async ({ db, caller, params, body, commit }) => ({
      status: 200,
      body: await addAudience({ db, caller, commit }, { campaignId: params.campaign_id, ids: body.list_ids }),
    }),
  }),

  defineOperation({
    operationId: "removeCampaignLists",
    method: "delete",
    path: "/api/v1/campaigns/{campaign_id}/lists",
    summary: "Remove lists from the audience",
    description:
      `Removes 1 to ${AUDIENCE_MAX_IDS} lists from the audience (body { list_ids }). Idempotent: lists of the company that were not in it come back in ` +
      "not_in_audience, other ids in not_found. The lists and their contacts are untouched. Only until the first dispatch (then 400 naming the state).",
    scope: "campaigns:write",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { params: CampaignPath, body: AudienceInput, example: examples.audience },
    responses: {
      200: { description: "How many lists left the audience", schema: AudienceRemoved, example: examples.removed },
    },
    handler: async ({ db, caller, params, body, commit }) => ({
      status: 200,
      body: await removeAudience({ db, caller, commit }, { campaignId: params.campaign_id, ids: body.list_ids }),
    }),
  }),

  defineOperation({
    operationId: "dispatchCampaign",
    method: "post",
    path: "/api/v1/campaigns/{campaign_id}/dispatch",
    summary: "Dispatch a batch of a campaign (spends balance)",
    description:
      `Sends the next batch (\`batch_size\`, default ${BATCH_SIZE_DEFAULT}, at most ${BATCH_SIZE_MAX}). The first dispatch enrolls the audience once: ` +
      `contacts deduplicated across its lists, those without an email or tagged \`${UNSUBSCRIBED_TAG}\` skipped and counted. Each recipient of the batch ` +
      "gets the template rendered with its fields and one attempt; the wallet is charged the email rate per recipient in the same transaction, and the sends " +
      "go to the email provider in the background (see the attempts). 409 `conflict` when the campaign cannot be dispatched (no template or audience, " +
      "paused, completed, archived, a batch still in flight, or another dispatch first); 409 `insufficient_balance` when the wallet does not cover the batch " +
      "(nothing recorded); 503 `integration_not_configured` without an email provider. Requires an Idempotency-Key: a retry with the same key answers the " +
      "first outcome and never sends twice.",
    scope: "campaigns:dispatch",
    gate: "S",
    codes: [200, 400, 401, 403, 404, 409, 429, 500, 503],
    request: { params: CampaignPath, body: DispatchInput, example: examples.dispatch },
    responses: {
      200: {
        description: "The batch queued and the campaign after it",
        schema: DispatchResult,
        example: examples.dispatched,
      },
    },
    handler: async ({ db, config, caller, params, body, commit }) => ({
      status: 200,
      body: await dispatchCampaign(
        { db, config, caller, commit },
        { campaignId: params.campaign_id, batchSize: body.batch_size },
      ),
    }),
    quote: async ({ db, config, caller, params, body }) =>
      quoteDispatch({ db, config, caller }, { campaignId: params.campaign_id, batchSize: body.batch_size }),
  }),
];
