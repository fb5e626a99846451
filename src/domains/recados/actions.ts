import type { z } from "@hono/zod-openapi";
import type { Uses } from "../../core/action";
import { ApiError } from "../../lib/errors";
import type { ListRecadosQuery } from "./model";
import { listRecados, workspaceSetUp } from "./queries";

/** A page of the company's message slips; a workspace not set up yet has none to show, which is said plainly. */
export async function recadoPage({ db, caller }: Uses<"db" | "caller">, query: z.output<typeof ListRecadosQuery>) {
  if (!(await workspaceSetUp(db, caller.company.id))) {
    throw new ApiError(
      "integration_not_configured",
      "The workspace is not set up for this account; message slips appear once it is (ask your distributor).",
    );
  }
  return listRecados(db, caller.company.id, { read: query.read }, query);
}
