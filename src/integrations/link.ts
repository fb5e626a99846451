import type { z } from "zod";
import type { Config } from "../config";
import { ProviderError } from "./outcome";
import type { ProviderName } from "./provider";
import { openProviderSettings } from "./settings";
import { clock } from "../lib/clock";
import { SecretMissing } from "../lib/errors";
import { refuseWhileSpeculating } from "../lib/speculation";

/** A provider's settings: the deployment's configuration, with the company's own settings over it. */
export type ProviderSettings<P extends ProviderName> = Config["providers"][P];

/** What the gateway knows of one provider: its name in problems and logs, and how to read its errors. */
export interface ProviderProfile {
  name: ProviderName;
  /** How problem details name it. */
  label: string;
  /** The variable (or secret) behind each setting, named in the operator's log when one is missing. */
  variables: Record<string, string>;
  /** The provider's own error code in an error answer (logged; never its message). */
  errorCode(body: unknown): string | number | undefined;
  /** A short reason when an error answer is the provider refusing this recipient (422 where declared). */
  refusal(status: number, body: unknown): string | undefined;
}

/** One HTTP exchange with a provider, in its wire format. */
export interface Exchange {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** Where a company's sealed settings of a provider come from (null: it has none). */
export type CompanySettingsSource = (provider: ProviderName) => Promise<string | null | undefined>;

export interface GatewayContext {
  config: Config;
  requestId: string;
  /** The calling company; with `companySettings`, its own settings apply over the configuration. */
  caller?: { company: { id: string } };
}

type Failure = "status" | "timeout" | "network" | "redirect" | "unreadable" | "answer";

/**
 * The single path of every provider call: settings, the request (no redirects, a timeout), and the
 * mapping of outcomes to problems and log lines. Adapters only build requests and read answers.
 */
export class Link {
  constructor(
    private readonly context: GatewayContext,
    private readonly companySettings?: CompanySettingsSource,
  ) {
    // A read begun before its key is admitted (a warm key) calls no provider: it runs again once admitted.
    refuseWhileSpeculating("A provider call");
  }

  /** The provider's settings: configuration, overridden field by field by the company's own. */
  async settings<P extends ProviderName>(profile: ProviderProfile & { name: P }): Promise<ProviderSettings<P>> {
    const configured = this.context.config.providers[profile.name];
    const companyId = this.context.caller?.company.id;
    if (!this.companySettings || !companyId) return configured;
    const stored = await this.companySettings(profile.name);
    if (!stored) return configured;
    try {
      const own = await openProviderSettings(this.context.config, profile.name, companyId, stored);
      return { ...configured, ...Object.fromEntries(Object.entries(own).filter(([, value]) => value !== undefined)) };
    } catch (error) {
      // The company's own settings cannot be opened: to the caller, the provider is not configured for it.
      if (!(error instanceof SecretMissing)) throw error;
      this.log("warn", profile, { outcome: "not_configured", missing: [error.secret] });
      throw new ProviderError(profile.name, "not_configured", `${profile.label} is not configured for this account.`);
    }
  }

  /** The settings with `fields` present, or 503 integration_not_configured naming the provider. */
  require<S extends object, K extends keyof S & string>(
    profile: ProviderProfile,
    settings: S,
    fields: readonly K[],
  ): S & { [F in K]-?: string } {
    const missing = fields.filter((field) => typeof settings[field] !== "string" || settings[field] === "");
    if (missing.length > 0) {
      this.log("warn", profile, {
        outcome: "not_configured",
        missing: missing.map((field) => profile.variables[field] ?? field),
      });
      throw new ProviderError(profile.name, "not_configured", `${profile.label} is not configured for this account.`);
    }
    return settings as S & { [F in K]-?: string };
  }

  /**
   * Sends one request and reads the answer with `schema`. Redirects are not followed (a 3xx is an
   * upstream error), the whole exchange is bounded by the configured timeout, and every failure
   * becomes a ProviderError: a refusal of this recipient (by the profile's classifier), else 502.
   */
  async send<S extends z.ZodType>(profile: ProviderProfile, exchange: Exchange, schema: S): Promise<z.output<S>> {
    const timeoutMs = this.context.config.providers.timeoutMs;
    const started = clock.now();
    const fail = (failure: Failure, what: string, details: Record<string, unknown> = {}): never => {
      this.log("error", profile, {
        outcome: "upstream_error",
        failure,
        ...details,
        duration_ms: clock.now() - started,
      });
      // No answer read (or one that could not be): the provider may have acted on the request.
      const maybeAccepted = failure === "timeout" || failure === "network" || failure === "unreadable";
      throw new ProviderError(profile.name, "upstream_error", `${profile.label} failed: ${what}.`, {}, maybeAccepted);
    };
    let response: Response;
    let text: string;
    try {
      response = await fetch(exchange.url, {
        method: exchange.method,
        headers: exchange.headers,
        body: exchange.body,
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        return fail("redirect", `it answered with a redirect (HTTP ${response.status}), which is not followed`, {
          status: response.status,
        });
      }
      text = await response.text();
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      return timedOut
        ? fail("timeout", `it did not answer within ${timeoutMs} ms`)
        : fail("network", "it could not be reached");
    }
    const body = parseJson(text);
    if (!response.ok) {
      const code = body === undefined ? undefined : profile.errorCode(body);
      const reason = body === undefined ? undefined : profile.refusal(response.status, body);
      if (reason) {
        this.log("log", profile, { outcome: "refused", status: response.status, provider_code: code ?? null });
        throw new ProviderError(profile.name, "refused", `${profile.label} refused this recipient: ${reason}.`, {
          code,
          reason,
        });
      }
      return fail("status", `it answered HTTP ${response.status}`, {
        status: response.status,
        provider_code: code ?? null,
      });
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) return fail("unreadable", "its answer could not be read", { status: response.status });
    return parsed.data;
  }

  /**
   * Downloads bytes (a media file, a mail attachment) on the same path as `send`: no redirects, the
   * timeout, failures as ProviderError. Above `maxBytes` (by Content-Length, or as read) it fails
   * rather than hold more in memory.
   */
  async download(
    profile: ProviderProfile,
    exchange: Exchange,
    maxBytes: number,
  ): Promise<{ bytes: Uint8Array; contentType: string | null }> {
    const timeoutMs = this.context.config.providers.timeoutMs;
    const started = clock.now();
    const fail = (failure: Failure, what: string, details: Record<string, unknown> = {}): never => {
      this.log("error", profile, {
        outcome: "upstream_error",
        failure,
        ...details,
        duration_ms: clock.now() - started,
      });
      throw new ProviderError(profile.name, "upstream_error", `${profile.label} failed: ${what}.`);
    };
    let response: Response;
    try {
      response = await fetch(exchange.url, {
        method: exchange.method,
        headers: exchange.headers,
        body: exchange.body,
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      return timedOut
        ? fail("timeout", `it did not answer within ${timeoutMs} ms`)
        : fail("network", "it could not be reached");
    }
    if (!response.ok) {
      await response.body?.cancel();
      return fail(
        response.status >= 300 && response.status < 400 ? "redirect" : "status",
        `it answered HTTP ${response.status}`,
        { status: response.status },
      );
    }
    const declared = Number(response.headers.get("Content-Length") ?? "0");
    if (declared > maxBytes) {
      await response.body?.cancel();
      return fail("answer", `the file is larger than ${maxBytes} bytes`, { size: declared });
    }
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      return timedOut
        ? fail("timeout", `it did not answer within ${timeoutMs} ms`)
        : fail("network", "the download was cut");
    }
    if (bytes.byteLength > maxBytes)
      return fail("answer", `the file is larger than ${maxBytes} bytes`, { size: bytes.byteLength });
    return { bytes, contentType: response.headers.get("Content-Type") };
  }

  /** A success answer that still says the provider failed (a resolver's SERVFAIL): 502 naming it. */
  failed(profile: ProviderProfile, what: string, details: Record<string, unknown> = {}): never {
    this.log("error", profile, { outcome: "upstream_error", failure: "answer" satisfies Failure, ...details });
    throw new ProviderError(profile.name, "upstream_error", `${profile.label} failed: ${what}.`);
  }

  /** One JSON line for the operator: the request id, provider and outcome; never a token, body or recipient. */
  private log(level: "log" | "warn" | "error", profile: ProviderProfile, fields: Record<string, unknown>) {
    console[level](JSON.stringify({ request_id: this.context.requestId, provider: profile.name, ...fields }));
  }
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** application/x-www-form-urlencoded, skipping absent fields (Twilio and Stripe). */
export function form(fields: Record<string, string | number | boolean | readonly string[] | undefined>): string {
  const params = new URLSearchParams();
  // A list is the parameter repeated (Twilio's StatusCallbackEvent).
  for (const [name, value] of Object.entries(fields))
    for (const item of value === undefined ? [] : Array.isArray(value) ? value : [value])
      params.append(name, String(item));
  return params.toString();
}

/** A URL under a base URL with query parameters, skipping absent ones. */
export function url(base: string, path: string, query: Record<string, string | number | undefined> = {}): string {
  const target = new URL(base + path);
  for (const [name, value] of Object.entries(query))
    if (value !== undefined) target.searchParams.set(name, String(value));
  return target.toString();
}
