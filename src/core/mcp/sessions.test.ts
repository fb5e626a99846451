import { env } from "cloudflare:test";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { tenant } from "../../../test/helpers";
import { connect } from "../../../test/fixtures/mcp";
import { presentedKey } from "../../keys/auth";
import { guardOf } from "../../keys/key-changes";
import { BOOKMARK_PATTERN } from "../../data/session";
import { clock } from "../../lib/clock";

/** The key's Durable Object, where an MCP session's bookmark is kept. */
const guardOfKey = (key: string) => guardOf(env, presentedKey(`Bearer ${key}`, "test").lineageId);

/** A client connected in a session of its own, and the session's id (given at initialize). */
async function session(key: string) {
  const connected = await connect(key);
  const id = connected.seen.find((response) => response.headers.has("Mcp-Session-Id"))!.headers.get("Mcp-Session-Id")!;
  return { ...connected, id };
}

const call = async (
  client: Awaited<ReturnType<typeof connect>>["client"],
  name: string,
  args: Record<string, unknown>,
) => (await client.callTool({ name, arguments: args })) as CallToolResult;

/** A bookmark in D1's form of a store no company is in: sent with a request, the pipeline refuses it (400). */
const FOREIGN = `s9.00000000-0000001d-00000000-${"0".repeat(32)}`;

describe("/mcp sessions: a read after a write in the same session sees the write", () => {
  it("keeps the bookmark a session's write reached in the key's Durable Object, and sends it with the session's reads", async () => {
    const { key } = await tenant();
    const guard = guardOfKey(key);
    const writer = await session(key);
    const reader = await session(key);

    const created = await call(writer.client, "createContact", { body: { first_name: "Ana", phone: "+34612345678" } });
    expect(created.isError).toBeFalsy();
    const kept = await guard.sessionBookmark(writer.id, clock.now());
    expect(kept).toMatch(BOOKMARK_PATTERN);
    // Reads keep nothing; another session has nothing kept.
    await call(reader.client, "listContacts", {});
    expect(await guard.sessionBookmark(reader.id, clock.now())).toBeNull();

    // The read after the write, in its session, sees it.
    const contactId = (created.structuredContent as { id: string }).id;
    const read = await call(writer.client, "getContact", { contact_id: contactId });
    expect(read.structuredContent).toMatchObject({ id: contactId, first_name: "Ana" });
    const listed = await call(writer.client, "listContacts", {});
    expect((listed.structuredContent as { data: { id: string }[] }).data.map((row) => row.id)).toContain(contactId);

    // What a read of the session sends is the kept bookmark: one of a store the company is not in is refused by the pipeline.
    await guard.rememberBookmark(writer.id, FOREIGN, clock.now());
    const refused = await call(writer.client, "listContacts", {});
    expect(refused).toMatchObject({
      isError: true,
      structuredContent: { status: 400, errors: [{ path: "header.X-D1-Bookmark" }] },
    });
    // Another session of the key reads as before, and the session's next write puts a bookmark of its own store back.
    expect((await call(reader.client, "listContacts", {})).isError).toBeFalsy();
    expect(
      (await call(writer.client, "createContact", { body: { first_name: "Luis", phone: "+34612345679" } })).isError,
    ).toBeFalsy();
    expect(await guard.sessionBookmark(writer.id, clock.now())).not.toBe(FOREIGN);
    expect((await call(writer.client, "listContacts", {})).isError).toBeFalsy();
  });

  it("keeps the newer of two bookmarks of one store, for an hour", async () => {
    const { key } = await tenant();
    const guard = guardOfKey(key);
    const id = crypto.randomUUID();
    const older = `00000000-0000001d-00000000-${"a".repeat(32)}`;
    const newer = `00000000-0000002a-00000000-${"b".repeat(32)}`;
    const now = clock.now();
    await guard.rememberBookmark(id, newer, now);
    await guard.rememberBookmark(id, older, now + 1);
    expect(await guard.sessionBookmark(id, now + 2)).toBe(newer);
    await guard.rememberBookmark(id, "not a bookmark", now + 3);
    expect(await guard.sessionBookmark(id, now + 4)).toBe(newer);
    expect(await guard.sessionBookmark(id, now + 1 + 60 * 60 * 1000)).toBeNull();
    // An object of a key no one used yet answers without writing anything.
    expect(await guardOf(env, `key_${"f".repeat(32)}`).sessionBookmark(id, now)).toBeNull();
  });
});
