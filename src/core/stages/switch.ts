import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env";
import { ApiError } from "../../lib/errors";
import type { RequestStage } from "./stage";

/** With the API switched off, its whole surface answers 404: the operations, the documents and docs, and /mcp. */
const refuseWhenOff: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("config").apiEnabled) throw new ApiError("not_found", "No such path.");
  await next();
};

/** The public surface. The operator API, provider callbacks and public pages stay up: the switch is the public API's. */
export const apiSwitch: RequestStage = {
  paths: ["/api/v1/*", "/docs", "/docs/*", "/problems/*", "/mcp"],
  middleware: refuseWhenOff,
};
