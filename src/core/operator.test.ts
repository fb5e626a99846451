import { describe, expect, it } from "vitest";
import { call, operator, OPERATOR_SECRET, slug, tenant } from "../../test/helpers";
import { ApiError } from "../lib/errors";
import { problemBody } from "../lib/errors";

// The operator API (/admin/v1): the operator secret or nothing; validated, audited, with its own document.

describe("the operator API", () => {
  it("is 404 without the operator secret, with another one, with an API key, or when none is configured", async () => {
    const t = await tenant();
    const attempts = [
      await call("/admin/v1/companies", {
        method: "POST",
        body: { name: "X", plan: "Business" },
        vars: { ADMIN_SECRET: OPERATOR_SECRET },
      }),
      await call("/admin/v1/companies", {
        method: "POST",
        body: { name: "X", plan: "Business" },
        headers: { Authorization: "Bearer wrong" },
        vars: { ADMIN_SECRET: OPERATOR_SECRET },
      }),
      await call("/admin/v1/openapi.json", { key: t.key, vars: { ADMIN_SECRET: OPERATOR_SECRET } }),
      await call("/admin/v1/openapi.json", { headers: { Authorization: `Bearer ${OPERATOR_SECRET}` } }),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(404);
      expect(slug(attempt.json)).toBe("not_found");
    }
  });

  it("publishes its own OpenAPI document, apart from the public one", async () => {
    const document = await operator("/openapi.json");
    expect(document.status).toBe(200);
    expect(document.json.info.title).toBe("Operator API");
    expect(Object.keys(document.json.paths)).toContain("/admin/v1/companies/{company_id}");
    const publicDocument = await call("/api/v1/openapi.json");
    expect(Object.keys(publicDocument.json.paths).some((path) => path.startsWith("/admin"))).toBe(false);
  });

  it("onboards a company: create, a key, enable spending, and every step is in the operators' audit log", async () => {
    const created = await operator("/companies", {
      method: "POST",
      body: {
        name: "Onboarded SL",
        plan: "Business",
        currency: "EUR",
        country: "ES",
        vat_rate: 21,
        time_zone: "Europe/Madrid",
      },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      plan: "Business",
      spend_enabled: false,
      currency: "EUR",
      country: "ES",
      status: "active",
    });
    const companyId = created.json.company_id as string;
    const key = await operator(`/companies/${companyId}/keys`, {
      method: "POST",
      body: { scopes: "all", name: "ERP" },
    });
    expect(key.status).toBe(201);
    const apiKey = key.json.api_key as string;
    const topUp = () =>
      call("/api/v1/billing/topups", {
        key: apiKey,
        method: "POST",
        body: { amount: 20 },
        headers: { "Idempotency-Key": crypto.randomUUID() },
        vars: { PUBLIC_API_WRITE_ENABLED: "true", PUBLIC_API_SPEND_ENABLED: "true" },
      });
    expect(slug((await topUp()).json)).toBe("spend_not_enabled");
    const enabled = await operator(`/companies/${companyId}`, {
      method: "PATCH",
      body: { spend_enabled: true, capabilities: ["sms", "email"] },
    });
    expect(enabled.json).toMatchObject({ spend_enabled: true, capabilities: ["sms", "email"] });
    // In force from the key's next request.
    expect(slug((await topUp()).json)).not.toBe("spend_not_enabled");
    const keys = await operator(`/companies/${companyId}/keys`);
    expect(keys.json.data).toHaveLength(1);
    expect(JSON.stringify(keys.json)).not.toContain(apiKey);
    const audit = await operator(`/audit-log?company_id=${companyId}`);
    expect(audit.json.data.map((entry: { operation: string }) => entry.operation).sort()).toEqual([
      "createCompany",
      "createCompanyKey",
      "updateCompany",
    ]);
  });

  it("refuses bad input with a problem that names each field, and unknown ids with 404", async () => {
    const bad = await operator("/companies", { method: "POST", body: { name: "", plan: "Gold", extra: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((error: { path: string }) => error.path).sort()).toEqual([
      "body.extra",
      "body.name",
      "body.plan",
    ]);
    expect((await operator("/companies/nope", { method: "PATCH", body: { plan: "Business" } })).status).toBe(404);
    expect((await operator("/keys/key_00000000000000000000000000000000/revoke", { method: "POST" })).status).toBe(404);
    expect(
      (
        await operator("/companies", {
          method: "POST",
          body: { name: "Child", plan: "Starter", parent_company_id: "nope" },
        })
      ).status,
    ).toBe(404);
  });
});

describe("the operator API answers like the public one", () => {
  it("a known path with another method is 405 naming its methods in Allow (404 without the secret)", async () => {
    const response = await operator("/companies", { method: "PUT", body: {} });
    expect([response.status, slug(response.json), response.headers.get("Allow")]).toEqual([
      405,
      "method_not_allowed",
      "POST",
    ]);
    const company = await operator("/companies/some-company", { method: "POST", body: {} });
    expect(company.status).toBe(405);
    expect(company.headers.get("Allow")).toContain("GET");
    const hidden = await call("/admin/v1/companies", { method: "PUT", vars: { ADMIN_SECRET: OPERATOR_SECRET } });
    expect(hidden.status).toBe(404);
  });

  it("lists at most 50 invalid fields, with errors_total; a body sent to an operation that takes none is 400", async () => {
    const extra = Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`extra_${index}`, index]));
    const bad = await operator("/companies", { method: "POST", body: { name: "Acme", plan: "Business", ...extra } });
    expect([bad.status, bad.json.errors.length, bad.json.errors_total]).toEqual([400, 50, 60]);
    const withBody = await operator("/keys/key_00000000000000000000000000000000/revoke", {
      method: "POST",
      body: { reason: "leaked" },
    });
    expect([withBody.status, slug(withBody.json)]).toEqual([400, "validation_error"]);
  });

  it("counts a wrong secret as a failed authentication of its client (429 past the limit), and limits each client's requests", async () => {
    const client = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const wrong = () =>
      call("/admin/v1/openapi.json", {
        headers: { Authorization: "Bearer wrong", "CF-Connecting-IP": client },
        vars: { ADMIN_SECRET: OPERATOR_SECRET },
      });
    // 30 per 60 s (AUTH_FAILURES), in windows aligned to the minute: a run across a minute's turn may need up to 60.
    let failures = 0;
    let limited: Awaited<ReturnType<typeof call>> | undefined;
    while (!limited && failures <= 61) {
      const response = await wrong();
      if (response.status === 429) limited = response;
      else {
        expect(response.status).toBe(404);
        failures++;
      }
    }
    expect(failures).toBeGreaterThanOrEqual(30);
    expect(failures).toBeLessThanOrEqual(60);
    expect(slug(limited!.json)).toBe("rate_limited");
    expect(Number(limited!.headers.get("Retry-After"))).toBeGreaterThan(0);

    // 600 a minute (OPERATOR_REQUESTS), the same aligned windows: up to 1,200 across a minute's turn.
    // Every request past the secret counts, an unknown path's 404 too: the cheapest, 25 at a time, so
    // that the count ends well within a minute on a busy machine.
    const busy = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    let served = 0;
    let slowed: Awaited<ReturnType<typeof call>> | undefined;
    while (!slowed && served <= 1201) {
      const responses = await Promise.all(
        Array.from({ length: 25 }, () => operator("/no-such-path", { headers: { "CF-Connecting-IP": busy } })),
      );
      for (const response of responses) {
        if (response.status === 429) slowed ??= response;
        else {
          expect(response.status).toBe(404);
          served++;
        }
      }
    }
    expect(served).toBeGreaterThanOrEqual(600);
    expect(served).toBeLessThanOrEqual(1200);
    expect([slug(slowed!.json), Number(slowed!.headers.get("Retry-After"))]).toEqual(["rate_limited", 60]);
  });

  it("refuses a currency that is not ISO 4217 and a country without a numbering plan with 400 naming the field", async () => {
    const currency = await operator("/companies", {
      method: "POST",
      body: { name: "Acme", plan: "Business", currency: "XYZ" },
    });
    expect([currency.status, currency.json.errors?.[0]?.path]).toEqual([400, "body.currency"]);
    const country = await operator("/companies", {
      method: "POST",
      body: { name: "Acme", plan: "Business", country: "ZZ" },
    });
    expect([country.status, country.json.errors?.[0]?.path]).toEqual([400, "body.country"]);
    const t = await tenant();
    const number = await operator(`/companies/${t.companyId}/numbers`, { method: "POST", body: { country: "ZZ" } });
    expect([number.status, number.json.errors?.[0]?.path]).toEqual([400, "body.country"]);
  });

  it("refuses a query parameter an operation does not have (the public pipeline's check), and pages as the public lists do", async () => {
    const t = await tenant();
    const misspelt = await operator(`/companies/${t.companyId}/keys?acitve=true`);
    expect([misspelt.status, slug(misspelt.json), misspelt.json.errors]).toEqual([
      400,
      "validation_error",
      [{ path: "query.acitve", message: "Unknown query parameter; this operation accepts active." }],
    ]);
    const none = await operator(`/companies/${t.companyId}?expand=keys`);
    expect([none.status, none.json.errors]).toEqual([
      400,
      [{ path: "query.expand", message: "Unknown query parameter; this operation takes no query parameters." }],
    ]);
    // The public API's refusal of the same mistake, word for word.
    const publicMisspelt = await call("/api/v1/invoices?acitve=true", { key: t.key });
    expect([publicMisspelt.status, publicMisspelt.json.errors[0].message]).toEqual([
      400,
      "Unknown query parameter; this operation accepts limit, offset.",
    ]);
    // Every invalid field at once, as on the public API: the unknown parameter and the bad limit.
    const both = await operator("/audit-log?limit=false&company=x");
    expect([both.status, both.json.errors.map((error: { path: string }) => error.path).sort()]).toEqual([
      400,
      ["query.company", "query.limit"],
    ]);
    // The offset lists share the public lists' paging (clamped, never refused: docs/decisions/platform.md).
    const operatorPage = await operator(`/companies/${t.companyId}/call-labels?offset=false`);
    const publicPage = await call("/api/v1/invoices?offset=false", { key: t.key });
    expect([operatorPage.status, operatorPage.json.offset]).toEqual([200, 0]);
    expect([publicPage.status, publicPage.json.offset]).toEqual([200, 0]);
  });

  it("names the request's fields in its problems, never the admin CLI's flags", async () => {
    const t = await tenant();
    const alert = await operator(`/companies/${t.companyId}/alerts`, {
      method: "POST",
      body: { kind: "spend", threshold: 5 },
    });
    expect([alert.status, alert.json.detail, alert.json.errors]).toEqual([
      400,
      "period must be one of day, week, month for a spend alert.",
      [{ path: "body.period", message: "period must be one of day, week, month for a spend alert." }],
    ]);
    const threshold = await operator(`/companies/${t.companyId}/alerts`, {
      method: "POST",
      body: { kind: "low_balance", threshold: 1.234 },
    });
    expect([threshold.status, threshold.json.errors?.[0]?.path]).toEqual([400, "body.threshold"]);
    const audience = await operator("/announcements", {
      method: "POST",
      body: { title: "t", body: "b", audience: "everyone" },
    });
    expect([audience.status, audience.json.errors?.[0]?.path]).toEqual([400, "body.audience"]);
    for (const answer of [alert, threshold, audience]) expect(answer.text).not.toMatch(/--[a-z]/);
  });

  it("checks an email address as its document says: the schema's pattern and the server refuse and accept the same", async () => {
    const t = await tenant();
    expect(
      (await operator(`/companies/${t.companyId}/team/seats`, { method: "PUT", body: { contracted: 10 } })).status,
    ).toBe(200);
    const document = await operator("/openapi.json");
    const field =
      document.json.paths["/admin/v1/companies/{company_id}/team/invites"].post.requestBody.content["application/json"]
        .schema.properties.email;
    expect(field).toMatchObject({ type: "string", format: "email", maxLength: 254 });
    const pattern = new RegExp(field.pattern);
    // `0@com` is an address by RFC 5321 (format: email alone allows it); the server wants a dotted domain, and so does the pattern.
    for (const address of ["0@com", "a..b@example.com", "lucia.fernandez@example.com", "ventas+web@reformas-demo.es"]) {
      const invite = await operator(`/companies/${t.companyId}/team/invites`, {
        method: "POST",
        body: { email: address },
      });
      expect([address, invite.status, invite.json.errors?.[0]?.path]).toEqual(
        pattern.test(address) ? [address, 201, undefined] : [address, 400, "body.email"],
      );
    }
    expect(pattern.test("0@com")).toBe(false);
    expect(pattern.test("lucia.fernandez@example.com")).toBe(true);
  });

  it("states in its document the deployment it serves, and the 404 of a missing or wrong secret", async () => {
    const document = await operator("/openapi.json", { vars: { PUBLIC_BASE_URL: "https://api.example.com" } });
    expect(document.json.servers).toEqual([expect.objectContaining({ url: "https://api.example.com" })]);
    expect(document.json.components.securitySchemes.operatorSecret).toMatchObject({ type: "http", scheme: "bearer" });
    expect(document.json.components.responses.OperatorProblem404.description).toMatch(
      /no operator secret, a wrong one/,
    );
    expect(document.json.components.responses.OperatorProblem429.headers).toHaveProperty("Retry-After");
    for (const [path, methods] of Object.entries(
      document.json.paths as Record<string, Record<string, { security: unknown; responses: Record<string, unknown> }>>,
    ))
      for (const [method, operation] of Object.entries(methods)) {
        expect(operation.security, `${method.toUpperCase()} ${path}`).toEqual([{ operatorSecret: [] }]);
        expect(operation.responses["404"], `${method.toUpperCase()} ${path}`).toEqual({
          $ref: "#/components/responses/OperatorProblem404",
        });
      }
    // What the document says is what a missing or wrong secret gets.
    const t = await tenant();
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: "Bearer wrong" },
      { Authorization: `Bearer ${t.key}` },
    ];
    for (const headers of attempts) {
      const answer = await call(`/admin/v1/companies/${t.companyId}`, {
        headers,
        vars: { ADMIN_SECRET: OPERATOR_SECRET },
      });
      expect([answer.status, slug(answer.json), answer.headers.get("Content-Type")]).toEqual([
        404,
        "not_found",
        "application/problem+json",
      ]);
    }
  });

  it("declares in its document every status an operation may answer beyond its own", async () => {
    const document = await operator("/openapi.json");
    for (const [path, methods] of Object.entries(
      document.json.paths as Record<
        string,
        Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>
      >,
    ))
      for (const [method, operation] of Object.entries(methods)) {
        const codes = Object.keys(operation.responses);
        for (const code of ["400", "404", "429", "500", ...(operation.requestBody ? ["413"] : [])])
          expect(codes, `${method.toUpperCase()} ${path}`).toContain(code);
      }
  });
});

describe("problem bodies", () => {
  it("extra members never overwrite type, title, status, detail or request_id", () => {
    const error = new ApiError("conflict", "Already suspended.", {
      status: "suspended",
      type: "x",
      title: "y",
      detail: "z",
      request_id: "r",
      instance: "i",
      subaccount_status: "suspended",
    });
    const { headers: _headers, ...members } = error.extra;
    const body = problemBody("https://api.test", error.slug, error.detail, "req-1", members);
    expect(body).toMatchObject({
      type: "https://api.test/problems/conflict",
      title: "Conflict",
      status: 409,
      detail: "Already suspended.",
      request_id: "req-1",
      subaccount_status: "suspended",
    });
    expect(body).not.toHaveProperty("instance");
  });
});
