import { Hono } from "hono";
import { sha256Hex, timingSafeEqualText } from "../core/auth";
import { createDb } from "../core/db/client";
import { ApiError } from "../core/errors";
import { InputError } from "../core/input-error";
import { companyChanged, keysChanged } from "../core/key-changes";
import type { AppEnv } from "../core/pipeline";
import { revokeKey } from "./provision";

/**
 * The operators' routes, for the admin CLI (locally and with --remote): changes to keys and
 * accounts go through the Worker, so each key's Durable Object, the authority on the key, learns of
 * them before the command returns. Bearer ADMIN_SECRET; without it configured, or with another
 * secret, they are 404 like any unknown path. Not part of the public API or its document.
 */
export function adminRoutes() {
  const admin = new Hono<AppEnv>();
  admin.use("*", async (c, next) => {
    const secret = c.var.config.adminSecret;
    const presented = /^Bearer (\S+)$/.exec(c.req.header("Authorization") ?? "")?.[1];
    // Compared as hashes: equal lengths, so the comparison takes the same time whatever was sent.
    if (!secret || !presented || !timingSafeEqualText(await sha256Hex(presented), await sha256Hex(secret))) {
      throw new ApiError("not_found", "No such path.");
    }
    await next();
  });

  /** Revokes a key: D1, then its Durable Object; the key fails from its very next request. */
  admin.post("/keys/:key_id/revoke", async (c) => {
    const revoked = await revokeKey(createDb(c.env.DB), c.req.param("key_id")).catch((error: unknown) => {
      throw error instanceof InputError && error.code === "not_found" ? new ApiError("not_found", error.message) : error;
    });
    await keysChanged(c.env, [revoked.lineage_id]);
    return c.json({ key_id: revoked.key_id, revoked_at: revoked.revoked_at });
  });

  /** An account was changed in D1 (by the CLI or a migration): every key of it reads it again. */
  admin.post("/companies/:company_id/changed", async (c) => {
    await companyChanged(c.env, c.req.param("company_id"));
    return c.json({ company_id: c.req.param("company_id"), told: true });
  });
  return admin;
}
