import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, db, slug } from "../../../test/helpers";
import { kbDocuments } from "./schema";
import { helpCentre, salesPlaybook } from "./articles";
import { createBase, kbTenant, search, titles } from "../../../test/fixtures/knowledge-bases";

describe("POST /api/v1/knowledge-bases/{kb_id}/search", () => {
  it("ranks the documents that hold more of the words, and in the title, first", async () => {
    const t = await kbTenant();
    const kb = await createBase(t.companyId, helpCentre);
    const wallet = await search(t.key, kb, { query: "top up the wallet" });
    expect(wallet.status).toBe(200);
    expect(wallet.hits[0]!.title).toBe("Top up your wallet");
    expect(wallet.hits).toHaveLength(5);
    expect(wallet.json).toMatchObject({ kb_id: kb, query: "top up the wallet", words: ["top", "up", "the", "wallet"] });
    const scores = wallet.hits.map((hit) => hit.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(scores.every((score) => score > 0)).toBe(true);

    expect(titles((await search(t.key, kb, { query: "WhatsApp number rejected" })).hits)[0]).toBe(
      "Why was my WhatsApp number rejected?",
    );
    expect(titles((await search(t.key, kb, { query: "transfer the call to a person" })).hits)).toContain(
      "Transfer a call to a person",
    );
    expect(titles((await search(t.key, kb, { query: "refund", limit: 20 })).hits)[0]).toBe("Request a refund");
  });

  it("matches whatever the case and accents, and the last word as a prefix", async () => {
    const t = await kbTenant();
    const kb = await createBase(t.companyId, helpCentre);
    // Accents folded both ways: the query has none, the document has them, and the reverse.
    expect(titles((await search(t.key, kb, { query: "FACTURACION metodos" })).hits)[0]).toBe(
      "Facturación y métodos de pago",
    );
    expect(titles((await search(t.key, kb, { query: "días festivos horario" })).hits)[0]).toBe(
      "Horario de atención y días festivos",
    );
    expect(titles((await search(t.key, kb, { query: "Invite your tea" })).hits)[0]).toBe("Invite your team");
    // Only the last word is a prefix.
    expect(
      (await search(t.key, kb, { query: "tea invite" })).hits.every(
        (hit) =>
          hit.title !== "Invite your team" ||
          hit.snippet.includes("<mark>invite</mark>") ||
          hit.snippet.includes("<mark>Invite</mark>"),
      ),
    ).toBe(true);
  });

  it("answers a highlighted snippet as safe HTML, the document's id, collection and source", async () => {
    const t = await kbTenant();
    const kb = await createBase(t.companyId, {
      name: "Markup",
      description: null,
      collections: [
        {
          name: "Raw",
          description: null,
          articles: [
            {
              title: "Escaping",
              body: 'Type <script>alert("x")</script> & the wallet balance appears \uE000here\uE001.',
              source: "file.txt",
            },
          ],
        },
      ],
    });
    const [hit] = (await search(t.key, kb, { query: "wallet" })).hits;
    expect(hit!.snippet).toBe(
      "Type &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; the <mark>wallet</mark> balance appears here.",
    );
    expect(hit).toMatchObject({ title: "Escaping", source: "file.txt" });
    expect(hit!.document_id).toMatch(/^[0-9a-f-]{36}$/);
    const bases = await call("/api/v1/knowledge-bases", { key: t.key });
    expect(hit!.collection_id).toBe(bases.json.data[0].collections[0].id);
  });

  it("keeps one collection, and refuses a collection of another base with 400", async () => {
    const t = await kbTenant();
    const kb = await createBase(t.companyId, helpCentre);
    const playbook = await createBase(t.companyId, salesPlaybook);
    const bases = (await call("/api/v1/knowledge-bases", { key: t.key })).json.data as {
      id: string;
      collections: { id: string; name: string }[];
    }[];
    const spanish = bases
      .find((base) => base.id === kb)!
      .collections.find((collection) => collection.name === "Ayuda en español")!;
    const hits = (await search(t.key, kb, { query: "whatsapp", limit: 20, collection_id: spanish.id })).hits;
    expect(titles(hits)).toEqual(["Configurar el número de WhatsApp"]);
    const foreign = bases.find((base) => base.id === playbook)!.collections[0]!.id;
    const refused = await search(t.key, kb, { query: "whatsapp", collection_id: foreign });
    expect(refused.status).toBe(400);
    expect(refused.json.errors[0].path).toBe("body.collection_id");
  });

  it("never shows another company's documents, nor another base's", async () => {
    const mine = await kbTenant();
    const theirs = await kbTenant();
    const kb = await createBase(mine.companyId, salesPlaybook);
    const otherBase = await createBase(mine.companyId, {
      name: "Other",
      description: null,
      collections: [
        {
          name: "C",
          description: null,
          articles: [{ title: "Wallet secrets of base two", body: "wallet wallet wallet", source: null }],
        },
      ],
    });
    await createBase(theirs.companyId, {
      name: "Theirs",
      description: null,
      collections: [
        {
          name: "C",
          description: null,
          articles: [{ title: "Their wallet", body: "wallet price expensive", source: null }],
        },
      ],
    });
    const hits = (await search(mine.key, kb, { query: "wallet expensive price", limit: 20 })).hits;
    expect(titles(hits)).toContain("It is too expensive");
    expect(titles(hits).filter((title) => /wallet/i.test(title))).toEqual([]);
    expect((await search(theirs.key, kb, { query: "expensive" })).status).toBe(404);
    expect((await search(mine.key, otherBase, { query: "wallet" })).hits).toHaveLength(1);
  });

  it("validates query and limit: empty, too long, no words, limit out of range; 404 for an unknown base", async () => {
    const t = await kbTenant();
    const kb = await createBase(t.companyId, salesPlaybook);
    const cases: [unknown, string][] = [
      [{ query: "" }, "body.query"],
      [{ query: "x".repeat(501) }, "body.query"],
      [{ query: "   \t\n " }, "body.query"],
      [{ query: '"*^:()-+' }, "body.query"],
      [{ query: "price", limit: 0 }, "body.limit"],
      [{ query: "price", limit: 21 }, "body.limit"],
      [{ query: "price", limit: 2.5 }, "body.limit"],
      [{ query: "price", sort: "date" }, "body.sort"],
    ];
    for (const [body, path] of cases) {
      const response = await search(t.key, kb, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(
        response.json.errors.map((e: { path: string }) => e.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    expect((await search(t.key, kb, { query: "x".repeat(500) })).status).toBe(200);
    expect((await search(t.key, kb, { query: "price", limit: 1 })).hits).toHaveLength(1);
    const unknown = await search(t.key, "8f1e2d3c-4b5a-4697-8877-66554433a2b1", { query: "price" });
    expect(unknown.status).toBe(404);
    expect(slug(unknown.json)).toBe("not_found");
    expect((await search(t.key, "not-a-uuid", { query: "price" })).status).toBe(400);
  });

  it("a document is found from the batch that writes it, and no longer once it is removed", async () => {
    const t = await kbTenant();
    const kb = await createBase(t.companyId, salesPlaybook);
    const [hit] = (await search(t.key, kb, { query: "receptionist" })).hits;
    expect(hit!.title).toBe("We already have a receptionist");
    // No operation changes a document's text: its terms (kb_terms) are written with it, once.
    await db.delete(kbDocuments).where(eq(kbDocuments.id, hit!.document_id));
    expect((await search(t.key, kb, { query: "receptionist" })).hits).toEqual([]);
  });
});
