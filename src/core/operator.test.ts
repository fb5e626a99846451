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
