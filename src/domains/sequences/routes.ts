import { defineOperation } from "../../core/operation";
import { offsetEnvelope } from "../../lib/pagination";
import {
  CreateSequenceInput,
  createSequenceExample,
  ENROLL_MAX_IDS,
  EnrollInput,
  enrollExample,
  EnrollResult,
  enrollResultExample,
  ListSequencesQuery,
  Sequence,
  sequenceExample,
  sequencePageExample,
  SequencePath,
  UpdateSequenceInput,
  updateSequenceExample,
} from "./model";
import { archiveSequence, changeSequence, createSequence, enroll } from "./actions";
import { findSequence, listSequences } from "./queries";

export const sequenceOperations = [
  defineOperation({
    operationId: "listSequences",
    method: "get",
    path: "/api/v1/sequences",
    summary: "List sequences",
    description:
      "Sequences of the key's company with their enrolled counts, newest first (created_at, then id, descending); `status` filters.",
    scope: "campaigns:read",
    gate: "A",
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: ListSequencesQuery },
    responses: {
      200: {
        description: "A page of sequences",
        schema: offsetEnvelope(Sequence, "SequencePage", "A page of sequences, newest first"),
        example: sequencePageExample,
      },
    },
    handler: async ({ db, caller, query }) => ({
      status: 200,
      body: await listSequences(db, caller.company.id, query, query.status),
    }),
  }),

  defineOperation({
    operationId: "createSequence",
    method: "post",
    path: "/api/v1/sequences",
    summary: "Create an email sequence",
    description:
      "Creates an active sequence from its name and optional ordered steps (an email template of the company, and a delay in days). A template that is not the company's is 400 naming the step.",
    scope: "campaigns:write",
    gate: "W",
    codes: [201, 400, 401, 403, 404, 429, 500],
    request: { body: CreateSequenceInput, example: createSequenceExample },
    responses: {
      201: {
        description: "The created sequence",
        schema: Sequence,
        example: { ...sequenceExample, enrolled_count: 0, progress: { active: 0, completed: 0, stopped: 0 } },
      },
    },
    replay: async ({ db, caller }, { resourceId }) => {
      const found = resourceId ? await findSequence(db, caller.company.id, resourceId) : undefined;
      return found && { status: 201, body: found.sequence };
    },
    handler: async ({ db, caller, body, commit }) => ({
      status: 201,
      body: await createSequence({ db, caller, commit }, body),
    }),
  }),

  defineOperation({
    operationId: "updateSequence",
    method: "patch",
    path: "/api/v1/sequences/{sequence_id}",
    summary: "Edit a sequence",
    description:
      "Renames the sequence, replaces its steps, or both. An archived sequence cannot be edited (400 naming its state).",
    scope: "campaigns:write",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { params: SequencePath, body: UpdateSequenceInput, example: updateSequenceExample },
    responses: {
      200: {
        description: "The sequence after the change",
        schema: Sequence,
        example: { ...sequenceExample, name: "Welcome series (2026)" },
      },
    },
    replay: async ({ db, caller, params }) => {
      const found = await findSequence(db, caller.company.id, params.sequence_id);
      return found && { status: 200, body: found.sequence };
    },
    handler: async ({ db, caller, params, body, commit }) => ({
      status: 200,
      body: await changeSequence({ db, caller, commit }, { sequenceId: params.sequence_id, body }),
    }),
  }),

  defineOperation({
    operationId: "archiveSequence",
    method: "delete",
    path: "/api/v1/sequences/{sequence_id}",
    summary: "Archive a sequence",
    description:
      "Archives the sequence: the row and its enrollments stay, and it accepts no new enrollment. Archiving an archived sequence answers 200 with it, unchanged.",
    scope: "campaigns:write",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { params: SequencePath },
    responses: {
      200: {
        description: "The archived sequence",
        schema: Sequence,
        example: {
          ...sequenceExample,
          status: "archived",
          archived_at: "2026-04-26T10:15:30.000Z",
          updated_at: "2026-04-26T10:15:30.000Z",
        },
      },
    },
    replay: async ({ db, caller, params }) => {
      const found = await findSequence(db, caller.company.id, params.sequence_id);
      return found && { status: 200, body: found.sequence };
    },
    handler: async ({ db, caller, params, commit }) => ({
      status: 200,
      body: await archiveSequence({ db, caller, commit }, params.sequence_id),
    }),
  }),

  defineOperation({
    operationId: "enrollSequenceContacts",
    method: "post",
    path: "/api/v1/sequences/{sequence_id}/enroll",
    summary: "Enroll contacts in a sequence",
    description:
      `Enrolls 1 to ${ENROLL_MAX_IDS} contacts (contact_ids), or every member of a contact list (list_id). Each contact is enrolled once: ` +
      "one already enrolled is counted in already_enrolled, not enrolled again. Ids that are no contact (or list) of the company come back " +
      "in not_found and are never stored. An archived sequence accepts no enrollment (400 naming its state).",
    scope: "campaigns:write",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { params: SequencePath, body: EnrollInput, example: enrollExample },
    responses: {
      200: { description: "How many contacts were enrolled", schema: EnrollResult, example: enrollResultExample },
    },
    handler: async ({ db, caller, params, body, commit }) => ({
      status: 200,
      body: await enroll({ db, caller, commit }, { sequenceId: params.sequence_id, enrollment: body }),
    }),
  }),
];
