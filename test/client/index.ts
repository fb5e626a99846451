import createClient, { type Client } from "openapi-fetch";
import type { paths } from "../../sdk/src/schema";

/** A typed client of the API (raw access for tests), from the SDK's generated types of the OpenAPI document (npm run client). */
export type ApiClient = Client<paths>;

/**
 * openapi-fetch's client for a server (its base address, such as http://127.0.0.1:8787), sending
 * the API key as a Bearer token when one is given.
 */
export function apiClient(baseUrl: string, key?: string): ApiClient {
  return createClient<paths>({ baseUrl, headers: key ? { Authorization: `Bearer ${key}` } : {} });
}
