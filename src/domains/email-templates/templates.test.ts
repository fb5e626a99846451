import { describe, expect, it } from "vitest";
import { call, slug, tenant } from "../../../test/helpers";
import { renderTemplate, type MergeContact } from "./template";

// Authentication, scopes, gates, plans and other companies' ids: test/security.test.ts (generated for every operation).

const marketer = () => tenant({ capabilities: ["campaigns"] });

const create = (key: string, body: Record<string, unknown>) => call("/api/v1/email-templates", { key, body });

const valid = {
  name: "Spring offer",
  subject: "{{first_name}}, your offer",
  body: "<p>Hello {{first_name}} {{last_name}},</p>{{#custom_fields.vip}}<p>VIP price</p>{{/custom_fields.vip}}",
  text_body: "Hello {{first_name}}, plan {{custom_fields.plan}}",
};

describe("POST /api/v1/email-templates", () => {
  it("creates a template and lists the placeholders it uses, each once, in order", async () => {
    const t = await marketer();
    const response = await create(t.key, valid);
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      ...valid,
      placeholders: ["first_name", "last_name", "custom_fields.vip", "custom_fields.plan"],
    });
    const read = await call(`/api/v1/email-templates/${response.json.id}`, { key: t.key });
    expect(read.json).toEqual(response.json);
  });

  it("answers 400 naming an unknown placeholder with its line and column", async () => {
    const t = await marketer();
    const response = await create(t.key, { ...valid, body: "<p>Hello</p>\n<p>Dear {{frist_name}}</p>" });
    expect(response.status).toBe(400);
    expect(slug(response.json)).toBe("validation_error");
    expect(response.json.errors).toEqual([
      expect.objectContaining({ path: "body.body", placeholder: "frist_name", line: 2, column: 9 }),
    ]);
    expect(response.json.errors[0].message).toContain("{{frist_name}}");
    expect(response.json.detail).toContain("line 2, column 9");
  });

  it.each([
    ["an unclosed tag", { subject: "Hi {{first_name" }, "body.subject", "{{first_name", 1, 4],
    ["an unclosed section", { body: "<p>{{#custom_fields.vip}}VIP</p>" }, "body.body", "custom_fields.vip", 1, 4],
    ["an unopened section", { body: "<p>x</p>\n{{/first_name}}" }, "body.body", "first_name", 2, 1],
    ["a mismatched section", { text_body: "{{#first_name}}x{{/last_name}}" }, "body.text_body", "first_name", 1, 1],
    ["a partial", { body: "{{> footer}}" }, "body.body", "footer", 1, 1],
    ["an unescaped value in the HTML body", { body: "<p>{{{first_name}}}</p>" }, "body.body", "first_name", 1, 4],
    ["a custom field name with a dot", { subject: "{{custom_fields.a.b}}" }, "body.subject", "custom_fields.a.b", 1, 1],
    ["a contact field that is not mergeable", { subject: "{{notes}}" }, "body.subject", "notes", 1, 1],
    ["a prototype name", { subject: "{{constructor}}" }, "body.subject", "constructor", 1, 1],
  ])(
    "answers 400 for %s, naming the placeholder and where it is",
    async (_case, patch, path, placeholder, line, column) => {
      const t = await marketer();
      const response = await create(t.key, { ...valid, ...patch });
      expect(response.status).toBe(400);
      expect(response.json.errors).toEqual([expect.objectContaining({ path, placeholder, line, column })]);
    },
  );

  it("reports every broken field at once, and stores nothing", async () => {
    const t = await marketer();
    const response = await create(t.key, {
      name: "x",
      subject: "{{nope}}",
      body: "{{#a}}",
      text_body: "{{also_nope}} {{first_name}}",
    });
    expect(response.status).toBe(400);
    expect(response.json.errors.map((error: { path: string }) => error.path)).toEqual([
      "body.subject",
      "body.body",
      "body.text_body",
    ]);
    expect((await call("/api/v1/email-templates", { key: t.key })).json.data).toEqual([]);
  });

  it("bounds what a template may cost: sections nested past the bound are one error (not a crash), and the answer lists at most 50 errors with their count", async () => {
    const t = await marketer();
    const deep = (levels: number) =>
      `${"{{#custom_fields.a}}".repeat(levels)}x${"{{/custom_fields.a}}".repeat(levels)}`;
    expect((await create(t.key, { ...valid, body: deep(20) })).status).toBe(201);
    for (const levels of [21, 4_500]) {
      const response = await create(t.key, { ...valid, body: deep(levels) });
      expect([response.status, slug(response.json)], String(levels)).toEqual([400, "validation_error"]);
      expect(response.json.errors).toHaveLength(1);
      expect(response.json.errors[0].message).toMatch(/nested more than 20 deep/);
    }
    // 3,000 unknown placeholders with long names: 50 listed, the count given, each name cut at 80 characters.
    const broken = await create(t.key, {
      ...valid,
      body: Array.from({ length: 3_000 }, (_, index) => `{{unknown_${index}_${"x".repeat(40)}}}`).join(" "),
    });
    expect(broken.status).toBe(400);
    expect(broken.json.errors).toHaveLength(50);
    expect(broken.json.errors_total).toBe(3_000);
    expect(broken.text.length).toBeLessThan(40_000);
  });

  it("refuses line breaks in the subject, which would end its mail header (header injection)", async () => {
    const t = await marketer();
    for (const subject of ["Offer\r\nBcc: victim@example.com", "Offer\nX-Injected: 1", "Offer\u0000"]) {
      const response = await create(t.key, { ...valid, subject });
      expect([response.status, response.json.errors?.[0]?.path], JSON.stringify(subject)).toEqual([
        400,
        "body.subject",
      ]);
    }
    const direct = await call("/api/v1/email/send", {
      key: (await tenant({ capabilities: ["email"] })).key,
      body: { to: "a@example.com", subject: "Hi\r\nBcc: b@example.com", body: "x" },
    });
    expect([direct.status, direct.json.errors?.[0]?.path]).toEqual([400, "body.subject"]);
  });

  it("accepts comments, inverted sections and a template without placeholders", async () => {
    const t = await marketer();
    const response = await create(t.key, {
      name: "Plain",
      subject: "News",
      body: "{{! internal note }}<p>{{^first_name}}Hello there{{/first_name}}</p>",
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ placeholders: ["first_name"], text_body: null });
  });

  it.each([
    [{ ...valid, name: "" }, "body.name"],
    [{ ...valid, subject: "x".repeat(501) }, "body.subject"],
    [{ ...valid, body: "" }, "body.body"],
  ])("answers 400 validation_error on the field (case %#)", async (body, path) => {
    const t = await marketer();
    const response = await create(t.key, body);
    expect(response.status).toBe(400);
    expect(response.json.errors.map((error: { path: string }) => error.path)).toEqual([path]);
  });
});

describe("GET /api/v1/email-templates", () => {
  it("pages the company's templates newest first", async () => {
    const t = await marketer();
    const other = await marketer();
    const first = (await create(t.key, { ...valid, name: "First" })).json;
    const second = (await create(t.key, { ...valid, name: "Second" })).json;
    await create(other.key, { ...valid, name: "Elsewhere" });
    const page = await call("/api/v1/email-templates?limit=1", { key: t.key });
    expect(page.json).toMatchObject({ limit: 1, offset: 0, data: [{ id: second.id }] });
    const next = await call("/api/v1/email-templates?limit=1&offset=1", { key: t.key });
    expect(next.json.data.map((row: { id: string }) => row.id)).toEqual([first.id]);
  });
});

describe("PATCH /api/v1/email-templates/{template_id}", () => {
  it("changes the fields sent, keeps the others and lists the placeholders again", async () => {
    const t = await marketer();
    const created = (await create(t.key, valid)).json;
    const response = await call(`/api/v1/email-templates/${created.id}`, {
      key: t.key,
      method: "PATCH",
      body: { subject: "Hi {{name}}", text_body: null },
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      name: valid.name,
      body: valid.body,
      subject: "Hi {{name}}",
      text_body: null,
      placeholders: ["name", "first_name", "last_name", "custom_fields.vip"],
    });
    expect((await call(`/api/v1/email-templates/${created.id}`, { key: t.key })).json).toEqual(response.json);
  });

  it("refuses a change that breaks the template, naming the placeholder, and keeps the template", async () => {
    const t = await marketer();
    const created = (await create(t.key, valid)).json;
    const response = await call(`/api/v1/email-templates/${created.id}`, {
      key: t.key,
      method: "PATCH",
      body: { body: "ok\n  {{ phone_number }}" },
    });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([
      expect.objectContaining({ path: "body.body", placeholder: "phone_number", line: 2, column: 3 }),
    ]);
    expect((await call(`/api/v1/email-templates/${created.id}`, { key: t.key })).json).toEqual(created);
  });

  it("answers 400 for an empty change and 404 for an unknown id", async () => {
    const t = await marketer();
    const created = (await create(t.key, valid)).json;
    expect(
      (await call(`/api/v1/email-templates/${created.id}`, { key: t.key, method: "PATCH", body: {} })).status,
    ).toBe(400);
    expect(
      (
        await call(`/api/v1/email-templates/${crypto.randomUUID()}`, {
          key: t.key,
          method: "PATCH",
          body: { name: "x" },
        })
      ).status,
    ).toBe(404);
    expect((await call("/api/v1/email-templates/not-an-id", { key: t.key })).status).toBe(404);
  });
});

describe("rendering", () => {
  const contact: MergeContact = {
    name: "Ana <b>López</b>",
    first_name: "Ana <b>",
    last_name: null,
    email: "ana@example.com",
    phone: null,
    company: "O'Brien & Co",
    custom_fields: { plan: "pro", vip: true, seats: 3 },
  };

  it("escapes values in the HTML body, not in the subject or text, and leaves missing values empty", () => {
    const rendered = renderTemplate(
      {
        subject: "{{first_name}} at {{company}}",
        body: "<p>{{first_name}} {{last_name}} {{company}}</p>{{#custom_fields.vip}}VIP{{/custom_fields.vip}}{{^custom_fields.missing}} none{{/custom_fields.missing}}",
        text_body: "{{first_name}} {{custom_fields.seats}} seats",
      },
      contact,
    );
    expect(rendered).toEqual({
      subject: "Ana <b> at O'Brien & Co",
      html: "<p>Ana &lt;b&gt;  O&#39;Brien &amp; Co</p>VIP none",
      text: "Ana <b> 3 seats",
    });
  });

  it("keeps a subject on one line", () => {
    expect(
      renderTemplate(
        { subject: "Hi {{first_name}}", body: "x" },
        { ...contact, first_name: "Ana\r\nBcc: x@example.com" },
      ).subject,
    ).toBe("Hi Ana Bcc: x@example.com");
  });
});
