import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env";
import { ApiError } from "../../lib/errors";

/** Step 2: with the API switched off, its whole surface (docs included) answers 404. */
export const apiSwitch: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("config").apiEnabled) throw new ApiError("not_found", "No such path.");
  await next();
};
