import { z } from "@hono/zod-openapi";
import { requireCompany } from "../../data/rows";
import { nowIso } from "../../data/schema";
import { defineOperatorOperation, type OperatorOperation } from "../../core/operator";
import { setUpWorkspace, workspaceSetUp } from "./queries";

/** The panel sets a company's workspace up; until then its message slips answer 503. */
const setUpCompanyWorkspace = defineOperatorOperation({
  operationId: "setUpWorkspace",
  method: "put",
  path: "/admin/v1/companies/{company_id}/workspace",
  summary: "Set up a company's workspace (its message slips)",
  description: "Idempotent: a workspace already set up keeps its date.",
  tag: "Workspace",
  request: { params: z.object({ company_id: z.string().min(1).max(100) }) },
  responses: {
    200: {
      description: "The workspace is set up",
      schema: z.object({ company_id: z.string(), set_up: z.literal(true) }),
    },
  },
  codes: [],
  handler: async ({ db, params }) => {
    await requireCompany(db, params.company_id);
    await setUpWorkspace(db, params.company_id, nowIso());
    if (!(await workspaceSetUp(db, params.company_id))) throw new Error("The workspace row was not written.");
    return {
      status: 200,
      body: { company_id: params.company_id, set_up: true as const },
      audit: { companyId: params.company_id, resourceType: "workspace", resourceId: params.company_id },
    };
  },
});

export const recadoOperatorOperations: readonly OperatorOperation[] = [setUpCompanyWorkspace];
