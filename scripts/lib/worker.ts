import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { InputError } from "../../src/lib/input-error";
import { DEFAULT_PERSIST } from "./state";

/**
 * Where the admin CLI finds the operator API (/admin/v1, bearer ADMIN_SECRET): with --remote, the
 * deployed Worker (ADMIN_URL or --url, ADMIN_SECRET); else the `npm run dev` serving this state
 * folder, which leaves its address and secret in <persist-to>/server.json while it runs; else a
 * Worker the CLI starts over the state for the one command (wrangler's startWorker, with the local
 * fake providers), so that only ever one process writes the local database.
 */
export interface WorkerAddress {
  url: string;
  adminSecret: string;
}

const serverFile = (persistTo?: string) => join(resolve(persistTo ?? DEFAULT_PERSIST), "server.json");

/** Written by npm run dev once the Worker listens; removed when it stops. */
export function announceServer(persistTo: string, address: WorkerAddress): () => void {
  const file = serverFile(persistTo);
  writeFileSync(file, JSON.stringify({ ...address, pid: process.pid }, null, 2), { mode: 0o600 });
  return () => rmSync(file, { force: true });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The `npm run dev` serving this local state, if one runs. */
export function runningServer(persistTo?: string): WorkerAddress | undefined {
  const file = serverFile(persistTo);
  if (!existsSync(file)) return undefined;
  const announced = JSON.parse(readFileSync(file, "utf8")) as WorkerAddress & { pid: number };
  return alive(announced.pid) ? { url: announced.url, adminSecret: announced.adminSecret } : undefined;
}

export function remoteWorker(url: string | undefined): WorkerAddress {
  const address = url ?? process.env.ADMIN_URL;
  const adminSecret = process.env.ADMIN_SECRET;
  if (!address || !adminSecret)
    throw new InputError(
      "missing_secret",
      "With --remote, set ADMIN_URL (or --url) to the deployed Worker and ADMIN_SECRET to its secret.",
    );
  return { url: address, adminSecret };
}

export interface OperatorRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Under /admin/v1: "/companies". */
  path: string;
  body?: unknown;
}

interface Problem {
  status?: number;
  detail?: string;
  errors?: { path: string; message: string }[];
}

/**
 * Calls an operator operation. A refusal of the input (400, 404, 409, 422) is the user's to fix:
 * an InputError (exit 2, with the command's usage); anything else is a failure (exit 1).
 */
export async function operatorCall(worker: WorkerAddress, request: OperatorRequest): Promise<unknown> {
  const url = `${worker.url.replace(/\/+$/, "")}/admin/v1${request.path}`;
  const response = await fetch(url, {
    method: request.method,
    headers: {
      Authorization: `Bearer ${worker.adminSecret}`,
      ...(request.body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  const text = await response.text();
  const body = text ? (JSON.parse(text) as unknown) : {};
  if (response.ok) return body;
  const problem = body as Problem;
  const fields = problem.errors?.map((error) => `${error.path}: ${error.message}`).join("; ");
  const detail = [problem.detail ?? `HTTP ${response.status}`, fields].filter(Boolean).join(" ");
  if (response.status === 404 && problem.detail === "No such path.") {
    throw new Error(
      `The operator API answered 404 to ${request.method} ${request.path}: check the Worker's address and ADMIN_SECRET.`,
    );
  }
  if (response.status === 404) throw new InputError("not_found", detail);
  if (response.status === 409) throw new InputError("conflict", detail);
  if (response.status === 400 || response.status === 422) throw new InputError("invalid_argument", detail);
  if (response.status === 503) throw new InputError("missing_secret", detail);
  throw new Error(`The operator API answered ${response.status} to ${request.method} ${request.path}: ${detail}`);
}
