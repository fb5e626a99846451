import { describe, expect, it } from "vitest";
import { call, slug, tenant } from "../../../test/helpers";
import { destinationRefusal } from "./destination";

describe("destinations", () => {
  const refused = [
    "http://hooks.example.com/x",
    "https://127.0.0.1/x",
    "https://127.1/x",
    "https://2130706433/x",
    "https://0x7f000001/x",
    "https://localhost/x",
    "https://api.localhost/x",
    "https://10.0.0.1/x",
    "https://172.16.0.1/x",
    "https://172.31.255.255/x",
    "https://192.168.1.1/x",
    "https://169.254.169.254/latest/meta-data",
    "https://0.0.0.0/x",
    "https://100.64.0.1/x",
    "https://224.0.0.1/x",
    "https://[::1]/x",
    "https://[::]/x",
    "https://[fc00::1]/x",
    "https://[fd12:3456::1]/x",
    "https://[fe80::1]/x",
    "https://[::ffff:127.0.0.1]/x",
    "https://[::ffff:10.0.0.1]/x",
    "https://[::ffff:a9fe:a9fe]/x",
    "https://[64:ff9b::a00:1]/x",
    // Every special-purpose range of the IANA registries, not only private and loopback ones.
    "https://[::ffff:0:7f00:1]/x", // IPv4-translated loopback
    "https://[::ffff:8.8.8.8]/x", // IPv4-mapped, even of a public address
    "https://[::7f00:1]/x", // IPv4-compatible (deprecated), outside global unicast
    "https://192.0.2.10/x", // documentation (TEST-NET-1)
    "https://198.51.100.7/x", // documentation (TEST-NET-2)
    "https://203.0.113.9/x", // documentation (TEST-NET-3)
    "https://[2001:db8::1]/x", // documentation
    "https://198.18.0.1/x", // benchmarking
    "https://192.0.0.8/x", // IETF protocol assignments
    "https://240.0.0.1/x", // reserved
    "https://255.255.255.255/x", // broadcast
    "https://192.88.99.1/x", // 6to4 relay anycast
    "https://[2002:7f00:1::1]/x", // 6to4
    "https://[2001::1]/x", // Teredo
    "https://[100::1]/x", // discard-only
    "https://[5f00::1]/x", // segment routing
    "https://user:pass@hooks.example.com/x",
    "https://user@hooks.example.com/x",
    "ftp://hooks.example.com/x",
    "not a url",
  ];
  it.each(refused)("refuses %s", (url) => {
    expect(destinationRefusal(url, false)).toBeTypeOf("string");
  });

  it.each(["https://hooks.example.com/x", "https://8.8.8.8/x", "https://[2606:4700::1111]/x", "https://172.32.0.1/x", "https://192.0.3.1/x", "https://203.0.114.1/x"])(
    "accepts %s",
    (url) => expect(destinationRefusal(url, false)).toBeUndefined(),
  );

  it("admits loopback over http(s) only when WEBHOOKS_ALLOW_LOOPBACK is on, and never with credentials or other private ranges", () => {
    for (const url of ["http://127.0.0.1:4000/x", "http://localhost:4000/x", "https://127.0.0.1/x", "http://[::1]:4000/x"]) {
      expect(destinationRefusal(url, true)).toBeUndefined();
      expect(destinationRefusal(url, false)).toBeTypeOf("string");
    }
    expect(destinationRefusal("http://user:pass@127.0.0.1/x", true)).toBeTypeOf("string");
    expect(destinationRefusal("http://10.0.0.1/x", true)).toBeTypeOf("string");
    expect(destinationRefusal("http://hooks.example.com/x", true)).toBeTypeOf("string");
  });

  it.each(["https://127.0.0.1/x", "https://10.0.0.1/x", "https://169.254.169.254/x", "https://[::1]/x", "https://0.0.0.0/x", "http://hooks.example.com/x", "https://user:pass@hooks.example.com/x", "https://[::ffff:192.168.0.1]/x"])(
    "POST /webhooks answers 400 validation_error for %s",
    async (url) => {
      const t = await tenant();
      const response = await call("/api/v1/webhooks", { key: t.key, body: { url, events: ["budget.created"] } });
      expect(response.status).toBe(400);
      expect(slug(response.json)).toBe("validation_error");
      expect(response.json.errors[0].path).toBe("body.url");
    },
  );
});
