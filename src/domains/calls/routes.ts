import { defineOperation } from "../../core/operation";
import { OffsetPageQuery } from "../../lib/pagination";
import {
  addLabel,
  assignMembers,
  callPage,
  qualificationPage,
  removeLabel,
  unassignMembers,
  viewCall,
} from "./actions";
import {
  AddCallLabelInput,
  addCallLabelExample,
  AddCallLabelResult,
  addCallLabelResultExample,
  AssignCallMembersInput,
  assignCallMembersExample,
  Call,
  callExample,
  CallLabelPage,
  callLabelPageExample,
  CallLabelPath,
  CallPage,
  callPageExample,
  CallPath,
  ListCallsQuery,
  ListQualificationsQuery,
  QualificationPage,
  qualificationPageExample,
} from "./model";
import { listCallLabels } from "./queries";

const ARCHIVED =
  "A call that started longer ago than the company's retention (365 days unless the account sets another) is archived: " +
  "it can still be read, but this write answers 409 conflict (archived: true).";
const ARCHIVED_GONE = ARCHIVED.replace("409 conflict (archived: true)", "410 gone");

export const callOperations = [
  defineOperation({
    operationId: "listCallLabels",
    method: "get",
    path: "/api/v1/call-labels",
    summary: "Call label catalogue",
    description:
      "The labels the company's calls may carry (set up in the panel), newest first. Calls name them by key.",
    scope: "calls:read",
    gate: "A",
    codes: [200, 401, 403, 429, 500],
    request: { query: OffsetPageQuery },
    responses: { 200: { description: "A page of labels", schema: CallLabelPage, example: callLabelPageExample } },
    handler: async ({ db, caller, query }) => ({
      status: 200,
      body: await listCallLabels(db, caller.company.id, query),
    }),
  }),

  defineOperation({
    operationId: "listCalls",
    method: "get",
    path: "/api/v1/calls",
    summary: "List calls with the period's totals",
    description:
      "Calls of the company, newest first (started_at, then id), with their cost, labels, members and verdict. start_date " +
      "and end_date (YYYY-MM-DD) are days in the company's time zone, both included; either may be left out (an open end). " +
      "A date that does not exist, or an end_date before start_date, is 400. With the page comes `aggregates`: count, " +
      "total duration, total cost and the count by result of every call of the period, not only of the page.",
    scope: "calls:read",
    gate: "A",
    codes: [200, 400, 401, 403, 429, 500],
    mcp: { listedByDefault: true },
    request: { query: ListCallsQuery },
    responses: {
      200: { description: "A page of calls and the period's totals", schema: CallPage, example: callPageExample },
    },
    handler: async ({ db, caller, query }) => ({ status: 200, body: await callPage({ db, caller }, query) }),
  }),

  defineOperation({
    operationId: "getCall",
    method: "get",
    path: "/api/v1/calls/{call_id}",
    summary: "View a call",
    description:
      "One call of the key's company. An id that is not a UUID is 400; any other unknown id (another company's included) is 404.",
    scope: "calls:read",
    gate: "A",
    codes: [200, 400, 401, 403, 404, 429, 500],
    mcp: { listedByDefault: true },
    request: { params: CallPath },
    responses: { 200: { description: "The call", schema: Call, example: callExample } },
    handler: async ({ db, caller, params }) => ({ status: 200, body: await viewCall({ db, caller }, params.call_id) }),
  }),

  defineOperation({
    operationId: "addCallLabel",
    method: "post",
    path: "/api/v1/calls/{call_id}/labels",
    summary: "Label a call",
    description:
      "Adds a label of the company's catalogue (GET /call-labels) to the call; a key the catalogue lacks is 400. Adding a " +
      "label the call already carries changes nothing and also answers 200, with added false (and emits no event). " +
      ARCHIVED,
    scope: "calls:write",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { params: CallPath, body: AddCallLabelInput, example: addCallLabelExample },
    responses: {
      200: {
        description: "Whether the label was added, and the call",
        schema: AddCallLabelResult,
        example: addCallLabelResultExample,
      },
    },
    // A batch is written only when the label was added (a label already carried writes nothing).
    replay: async ({ db, caller, params }) => ({
      status: 200,
      body: { added: true, call: await viewCall({ db, caller }, params.call_id) },
    }),
    handler: async ({ db, caller, params, body, commit }) => ({
      status: 200,
      body: await addLabel({ db, caller, commit }, { callId: params.call_id, key: body.label_key }),
    }),
  }),

  defineOperation({
    operationId: "removeCallLabel",
    method: "delete",
    path: "/api/v1/calls/{call_id}/labels/{label_key}",
    summary: "Remove a label",
    description: `Removes the label from the call and answers the call. A label the call does not carry is 404. ${ARCHIVED}`,
    scope: "calls:write",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { params: CallLabelPath },
    responses: {
      200: { description: "The call without the label", schema: Call, example: { ...callExample, labels: [] } },
    },
    replay: async ({ db, caller, params }) => ({ status: 200, body: await viewCall({ db, caller }, params.call_id) }),
    handler: async ({ db, caller, params, commit }) => ({
      status: 200,
      body: await removeLabel({ db, caller, commit }, { callId: params.call_id, key: params.label_key }),
    }),
  }),

  defineOperation({
    operationId: "unassignCallMembers",
    method: "delete",
    path: "/api/v1/calls/{call_id}/member",
    summary: "Remove the assignment",
    description: `Removes every team member assigned to the call and answers the call; 200 also when none was assigned (then nothing is written). ${ARCHIVED}`,
    scope: "calls:write",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 429, 500],
    request: { params: CallPath },
    responses: {
      200: { description: "The call with no members", schema: Call, example: { ...callExample, members: [] } },
    },
    replay: async ({ db, caller, params }) => ({ status: 200, body: await viewCall({ db, caller }, params.call_id) }),
    handler: async ({ db, caller, params, commit }) => ({
      status: 200,
      body: await unassignMembers({ db, caller, commit }, params.call_id),
    }),
  }),

  defineOperation({
    operationId: "assignCallMembers",
    method: "put",
    path: "/api/v1/calls/{call_id}/member",
    summary: "Assign team people to a call",
    description:
      "Replaces the team members assigned to the call with member_ids. An id that is no member of the company's team is " +
      "400; a member who is not active (suspended) is 409 conflict, naming them in inactive_member_ids, and nothing " +
      "changes. Concurrent assignments never mix: the call ends with the members of one of them. " +
      ARCHIVED_GONE,
    scope: "calls:write",
    gate: "W",
    codes: [200, 400, 401, 403, 404, 409, 410, 429, 500],
    request: { params: CallPath, body: AssignCallMembersInput, example: assignCallMembersExample },
    responses: { 200: { description: "The call with its new members", schema: Call, example: callExample } },
    replay: async ({ db, caller, params }) => ({ status: 200, body: await viewCall({ db, caller }, params.call_id) }),
    handler: async ({ db, caller, params, body, commit }) => ({
      status: 200,
      body: await assignMembers({ db, caller, commit }, { callId: params.call_id, memberIds: body.member_ids }),
    }),
  }),

  defineOperation({
    operationId: "listQualifications",
    method: "get",
    path: "/api/v1/qualifications",
    summary: "Qualification verdicts",
    description:
      "Verdicts given to the company's calls after they ended (call, verdict, score, reason, time), newest first. " +
      "start_date and end_date are days of qualified_at in the company's time zone, both included; an end before the start " +
      "is 400. verdict keeps one kind.",
    scope: "calls:read",
    gate: "A",
    codes: [200, 400, 401, 403, 429, 500],
    request: { query: ListQualificationsQuery },
    responses: {
      200: { description: "A page of verdicts", schema: QualificationPage, example: qualificationPageExample },
    },
    handler: async ({ db, caller, query }) => ({ status: 200, body: await qualificationPage({ db, caller }, query) }),
  }),
];
