import { z } from "@hono/zod-openapi";
import { exampleMemberId } from "../team";
import { OffsetPageQuery, offsetEnvelope, PAGE_LIMIT_MAX } from "../../lib/pagination";
import { int32, int64, resourceSequenceField } from "../../lib/schemas";
import { callDirections, callResults, callStatuses, qualificationVerdicts } from "./schema";

const uuid = z.string().uuid().openapi({ maxLength: 36 });
const instant = z.string().openapi({ format: "date-time" });
const e164 = z.string().openapi({ description: "E.164", example: "+34912345678" });

/** Label keys: what the catalogue and the API name labels by. */
const LABEL_KEY_PATTERN = /^[a-z0-9][a-z0-9_-]{0,49}$/;
export const labelKey = z
  .string()
  .max(50)
  .regex(
    LABEL_KEY_PATTERN,
    "A label key is 1 to 50 lower-case letters, digits, _ or -, starting with a letter or digit.",
  )
  .openapi({ description: "Key of a label of the company's catalogue (GET /call-labels)", example: "interested" });

/** At most this many team members are assigned to one call. */
export const MAX_CALL_MEMBERS = 10;

// ---------------------------------------------------------------------------------------------
// Requests

export const CallPath = z.object({
  call_id: uuid.openapi({
    description: "Id of a call of the key's company (a UUID; anything else is 400)",
    example: "5b0e8f8e-3c1a-4d55-9a53-0f6a2c1d7e42",
  }),
});

export const CallLabelPath = CallPath.extend({
  label_key: labelKey,
});

const localDate = (what: string) =>
  z.iso
    .date()
    .optional()
    .openapi({
      maxLength: 10,
      description: `${what} (YYYY-MM-DD, in the company's time zone; included)`,
      example: "2026-04-01",
    });

const PeriodQuery = {
  start_date: localDate("First day of the period"),
  end_date: localDate("Last day of the period"),
};

export const ListCallsQuery = OffsetPageQuery.extend(PeriodQuery);

export const ListQualificationsQuery = OffsetPageQuery.extend({
  ...PeriodQuery,
  verdict: z.enum(qualificationVerdicts).optional().openapi({ description: "Only verdicts of this kind" }),
});

export const AddCallLabelInput = z
  .object({ label_key: labelKey })
  .openapi("AddCallLabelInput", { description: "The label to put on the call.", example: { label_key: "interested" } });

export const AssignCallMembersInput = z
  .object({
    member_ids: z
      .array(uuid.openapi({ description: "Id of a team member of the company (GET /members)" }))
      .min(1)
      .max(MAX_CALL_MEMBERS)
      .refine((ids) => new Set(ids).size === ids.length, "A member appears more than once.")
      .openapi({
        description: `The team members the call is assigned to (1 to ${MAX_CALL_MEMBERS}, each active); they replace the current ones`,
      }),
  })
  .openapi("AssignCallMembersInput", {
    description: "The team members to assign the call to, replacing the current ones.",
    example: { member_ids: [exampleMemberId] },
  });

// ---------------------------------------------------------------------------------------------
// Responses

export const CallLabel = z
  .object({
    id: uuid,
    key: z.string().openapi({ example: "interested" }),
    name: z.string().openapi({ example: "Interested" }),
    description: z.string().nullable(),
    color: z.string().openapi({ description: "#rrggbb", example: "#2e7d32" }),
    created_at: instant,
  })
  .openapi("CallLabel", { description: "A label of the company's catalogue, which calls can carry." });

const Qualification = z
  .object({
    verdict: z
      .enum(qualificationVerdicts)
      .openapi({ description: "qualified: a real opportunity; not_qualified: none; follow_up: needs another contact" }),
    score: int32({ max: 100 }).openapi({ description: "Confidence of the verdict, 0 to 100" }),
    reason: z.string().nullable().openapi({ example: "Asked for a quote for a kitchen renovation this month." }),
    qualified_at: instant,
  })
  .openapi("CallQualificationVerdict", {
    description: "Whether the call is a real opportunity, how sure the verdict is, and why.",
  });

export const Call = z
  .object({
    id: uuid,
    direction: z.enum(callDirections),
    from: e164,
    to: e164,
    agent_id: z
      .string()
      .nullable()
      .openapi({ format: "uuid", description: "The voice agent that handled the call; null when none did" }),
    status: z.enum(callStatuses).openapi({
      description:
        "queued (a call launched through POST /calls/dial, handed to the provider), ringing, in_progress (answered), completed (ended; see result) or failed (could not be placed)",
    }),
    result: z.enum(callResults).nullable().openapi({ description: "How the call ended; null while it is in progress" }),
    started_at: instant.openapi({ description: "When the call started (a dialled call: when it was dialled)" }),
    ended_at: instant.nullable().openapi({ description: "When the call ended; null while it is in progress" }),
    duration_seconds: int32().nullable().openapi({ description: "Talk time; null while the call is in progress" }),
    cost: z.number().nullable().openapi({
      description:
        "What the call cost, in major units of currency; null while it is in progress (a dialled call's reservation is held in the wallet meanwhile)",
      example: 0.42,
    }),
    currency: z.string().openapi({ description: "ISO 4217", example: "EUR" }),
    labels: z
      .array(z.object({ key: z.string(), name: z.string() }))
      .max(100)
      .openapi({ description: "Labels of the company's catalogue the call carries, by key" }),
    members: z
      .array(z.object({ member_id: uuid, assigned_at: instant }))
      .max(MAX_CALL_MEMBERS)
      .openapi({ description: "Team members assigned to the call" }),
    qualification: Qualification.nullable().openapi({
      description: "The qualification verdict; null when the call has none",
    }),
    summary: z.string().nullable().openapi({ description: "What was said, as summarised after the call" }),
    archived: z.boolean().openapi({
      description:
        "Older than the company's retention (365 days by default): read-only, every write is refused (410 gone where declared, else 409 conflict)",
    }),
    sequence: resourceSequenceField(),
  })
  .openapi("Call", {
    description:
      "A call of the company, from the moment it is dialled or taken: its ends, agent, status, result, times, cost, labels, assigned members, qualification and summary.",
  });

export type CallView = z.output<typeof Call>;

const countsByResult = z
  .object(
    Object.fromEntries(callResults.map((result) => [result, int32()])) as Record<
      (typeof callResults)[number],
      z.ZodNumber
    >,
  )
  .openapi("CallCountsByResult", { description: "Calls of the period by result (every result present, 0 when none)" });

const CallAggregates = z
  .object({
    start_date: z
      .string()
      .nullable()
      .openapi({ format: "date", description: "First day of the period; null: from the first call" }),
    end_date: z.string().nullable().openapi({ format: "date", description: "Last day of the period; null: up to now" }),
    time_zone: z
      .string()
      .openapi({ description: "The company's time zone, which the dates are read in", example: "Europe/Madrid" }),
    count: int32().openapi({
      description: "Calls of the period that ended (calls still in progress count once they end)",
    }),
    total_duration_seconds: int64({ min: 0 }),
    total_cost: z.number().openapi({ description: "In major units of currency" }),
    currency: z.string().openapi({ description: "The company's billing currency", example: "EUR" }),
    by_result: countsByResult,
  })
  .openapi("CallAggregates", {
    description: "Totals of every ended call of the filtered period, not only of this page",
  });

export const CallPage = z
  .object({
    data: z.array(Call).max(PAGE_LIMIT_MAX),
    limit: int32({ min: 1, max: PAGE_LIMIT_MAX }).openapi({ description: "Page size applied" }),
    offset: int64({ min: 0 }).openapi({ description: "Row offset applied" }),
    aggregates: CallAggregates,
  })
  .openapi("CallPage", { description: "A page of calls, newest first, and the totals of the whole period." });

export const AddCallLabelResult = z
  .object({
    added: z.boolean().openapi({ description: "false when the call already carried the label (nothing changed)" }),
    call: Call,
  })
  .openapi("AddCallLabelResult", { description: "Whether the label was added, and the call as it is now." });

const QualificationEntry = Qualification.extend({
  id: uuid,
  call_id: uuid,
}).openapi("CallQualification", { description: "The qualification verdict of a call." });

export const CallLabelPage = offsetEnvelope(CallLabel, "CallLabelPage", "A page of the company's call labels");
export const QualificationPage = offsetEnvelope(
  QualificationEntry,
  "CallQualificationPage",
  "A page of qualification verdicts, newest first",
);

const callExampleValue: z.input<typeof Call> = {
  id: "5b0e8f8e-3c1a-4d55-9a53-0f6a2c1d7e42",
  direction: "inbound",
  from: "+34612345678",
  to: "+34912345678",
  agent_id: "9a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  status: "completed",
  result: "answered",
  started_at: "2026-04-26T09:30:00.000Z",
  ended_at: "2026-04-26T09:34:12.000Z",
  duration_seconds: 252,
  cost: 0.42,
  currency: "EUR",
  labels: [{ key: "interested", name: "Interested" }],
  members: [{ member_id: exampleMemberId, assigned_at: "2026-04-26T09:40:00.000Z" }],
  qualification: {
    verdict: "qualified",
    score: 87,
    reason: "Asked for a quote for a kitchen renovation this month.",
    qualified_at: "2026-04-26T09:35:00.000Z",
  },
  summary: "The caller wants a quote for a kitchen renovation; visit proposed for Tuesday.",
  archived: false,
  sequence: 4,
};
export const callExample = callExampleValue;

export const callLabelPageExample = {
  data: [
    {
      id: "6e7f8a9b-0c1d-4e2f-8a3b-4c5d6e7f8a9b",
      key: "interested",
      name: "Interested",
      description: "Wants an offer",
      color: "#2e7d32",
      created_at: "2026-01-05T08:00:00.000Z",
    },
  ],
  limit: 50,
  offset: 0,
};

export const callPageExample: z.input<typeof CallPage> = {
  data: [callExampleValue],
  limit: 50,
  offset: 0,
  aggregates: {
    start_date: "2026-04-01",
    end_date: "2026-04-30",
    time_zone: "Europe/Madrid",
    count: 214,
    total_duration_seconds: 40312,
    total_cost: 61.7,
    currency: "EUR",
    by_result: { answered: 168, no_answer: 21, busy: 6, failed: 3, voicemail: 12, cancelled: 4 },
  },
};

export const addCallLabelExample: z.input<typeof AddCallLabelInput> = { label_key: "interested" };

export const addCallLabelResultExample: z.input<typeof AddCallLabelResult> = { added: true, call: callExampleValue };

export const assignCallMembersExample: z.input<typeof AssignCallMembersInput> = {
  member_ids: [exampleMemberId],
};

export const qualificationPageExample = {
  data: [
    {
      id: "7f8a9b0c-1d2e-4f3a-9b4c-5d6e7f8a9b0c",
      call_id: "5b0e8f8e-3c1a-4d55-9a53-0f6a2c1d7e42",
      verdict: "qualified" as const,
      score: 87,
      reason: "Asked for a quote for a kitchen renovation this month.",
      qualified_at: "2026-04-26T09:35:00.000Z",
    },
  ],
  limit: 50,
  offset: 0,
};
