import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { InputError } from "../../src/core/input-error";
import { DEFAULT_PERSIST } from "./state";

/**
 * The admin CLI's way to the Worker: changes to keys and accounts go through its operators' routes
 * (/admin/v1, bearer ADMIN_SECRET), so the key's Durable Object learns of them before the command
 * returns. Locally, `npm run dev` leaves its address and secret in <persist-to>/server.json while it
 * runs; with --remote, ADMIN_URL (or --url) and ADMIN_SECRET name the deployed Worker.
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

/**
 * The Worker to go through, or undefined when none runs over this local state (then no Durable
 * Object holds any key, and writing D1 alone is the whole change).
 */
export function workerFor(options: { persistTo?: string; remote: boolean; url?: string }): WorkerAddress | undefined {
  if (options.remote) {
    const url = options.url ?? process.env.ADMIN_URL;
    const adminSecret = process.env.ADMIN_SECRET;
    if (!url || !adminSecret) throw new InputError("missing_secret", "With --remote, set ADMIN_URL (or --url) to the deployed Worker and ADMIN_SECRET to its secret.");
    return { url, adminSecret };
  }
  const file = serverFile(options.persistTo);
  if (!existsSync(file)) return undefined;
  const announced = JSON.parse(readFileSync(file, "utf8")) as WorkerAddress & { pid: number };
  return alive(announced.pid) ? { url: announced.url, adminSecret: announced.adminSecret } : undefined;
}

/** POSTs to an operators' route; a problem answer becomes an error naming it. */
export async function adminCall(worker: WorkerAddress, path: string): Promise<unknown> {
  const response = await fetch(`${worker.url.replace(/\/+$/, "")}/admin/v1${path}`, { method: "POST", headers: { Authorization: `Bearer ${worker.adminSecret}` } });
  const body = (await response.json().catch(() => undefined)) as { detail?: string } | undefined;
  if (!response.ok) throw new Error(`The Worker answered ${response.status} to ${path}: ${body?.detail ?? "no detail"}`);
  return body;
}
