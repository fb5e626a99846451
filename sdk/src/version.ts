/** The package's version (sdk/test/package.test.ts keeps it equal to package.json's). */
export const VERSION = "0.1.0";

/** What the client sends as its User-Agent: a product token (RFC 9110) with the package's version. */
export const USER_AGENT = `edge-public-api-sdk/${VERSION}`;
