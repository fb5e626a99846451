import { isRecord, type Schema } from "./json-schema";

interface Parameter {
  name: string;
  in: "path" | "query";
  required: boolean;
  schema: Schema;
}

/** One operation of the document, as the fuzzer drives it. */
export interface OperationInfo {
  operationId: string;
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  parameters: Parameter[];
  /** The JSON schema of the request body, when the operation has one. */
  body: Schema | undefined;
  /** Every status the document declares for the operation. */
  statuses: ReadonlySet<number>;
  capability: string | undefined;
  write: boolean;
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** Walks `paths`: every operation with its parameters, body schema and declared statuses. */
export function readDocument(document: unknown): { operations: OperationInfo[]; components: Record<string, Schema> } {
  if (!isRecord(document) || !isRecord(document.paths)) throw new Error("Not an OpenAPI document");
  const components: Record<string, Schema> = {};
  const schemas =
    isRecord(document.components) && isRecord(document.components.schemas) ? document.components.schemas : {};
  for (const [name, schema] of Object.entries(schemas)) if (isRecord(schema)) components[name] = schema;
  const operations: OperationInfo[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    if (!isRecord(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isRecord(operation)) continue;
      const parameters: Parameter[] = [];
      for (const parameter of Array.isArray(operation.parameters) ? operation.parameters : []) {
        if (!isRecord(parameter) || typeof parameter.name !== "string") continue;
        if (parameter.in !== "path" && parameter.in !== "query") continue;
        parameters.push({
          name: parameter.name,
          in: parameter.in,
          required: parameter.required === true,
          schema: isRecord(parameter.schema) ? parameter.schema : {},
        });
      }
      const content =
        isRecord(operation.requestBody) && isRecord(operation.requestBody.content)
          ? operation.requestBody.content["application/json"]
          : undefined;
      const body = isRecord(content) && isRecord(content.schema) ? content.schema : undefined;
      const statuses = new Set(Object.keys(isRecord(operation.responses) ? operation.responses : {}).map(Number));
      operations.push({
        operationId: typeof operation.operationId === "string" ? operation.operationId : `${method} ${path}`,
        method,
        path,
        parameters,
        body,
        statuses,
        capability: typeof operation["x-capability"] === "string" ? operation["x-capability"] : undefined,
        write: method !== "get",
      });
    }
  }
  return { operations, components };
}
