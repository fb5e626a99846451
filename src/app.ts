import { OpenAPIHono } from "@hono/zod-openapi";
import { ApiError, loggableError } from "./core/errors";
import { docsPage, problemPage } from "./core/docs";
import { apiSwitch, problemResponse, requestContext, type AppEnv } from "./core/pipeline";
import { methodNotAllowed, openApiDocument, registerOperations } from "./core/registry";
import type { Operation } from "./core/operation";
import { operations as allOperations } from "./domains";

/** The Worker's app; tests may build one over other declarations to exercise the pipeline. */
export function createApp(operations: readonly Operation[] = allOperations) {
  // strict: false: /api/v1/budgets/ is the same resource as /api/v1/budgets.
  const app = new OpenAPIHono<AppEnv>({ strict: false });
  const notAllowed = methodNotAllowed(operations);
  let document: { baseUrl: string; json: string } | undefined;

  app.use("*", requestContext);
  app.use("/api/v1/*", apiSwitch);
  app.use("/docs", apiSwitch);
  app.use("/problems/*", apiSwitch);

  app.get("/api/v1/openapi.json", (c) => {
    // Built once per isolate: the document depends only on the declarations and the base URL.
    if (document?.baseUrl !== c.env.PUBLIC_BASE_URL) {
      document = { baseUrl: c.env.PUBLIC_BASE_URL, json: JSON.stringify(openApiDocument(app, c.env.PUBLIC_BASE_URL)) };
    }
    return c.body(document.json, 200, { "Content-Type": "application/json" });
  });
  app.get("/docs", (c) => c.html(docsPage(operations, c.env.PUBLIC_BASE_URL)));
  app.get("/problems/:slug", (c) => {
    const page = problemPage(c.req.param("slug"));
    if (!page) throw new ApiError("not_found", "No such problem type.");
    return c.html(page);
  });

  registerOperations(app, operations);

  app.notFound((c) => problemResponse(c, notAllowed(new URL(c.req.url).pathname, c.env)));
  app.onError((error, c) => {
    if (error instanceof ApiError) return problemResponse(c, error);
    // Logged with the request id for the operator; the client sees no stack, SQL or data.
    console.error(JSON.stringify({ request_id: c.get("requestId"), ...loggableError(error) }));
    return problemResponse(c, new ApiError("internal_error", `An unexpected error occurred; quote request id ${c.get("requestId")} when reporting it.`));
  });
  return app;
}
