import { describe, expect, it } from "vitest";
import { call, slug, tenant } from "../../../test/helpers";
import { dnsRecords } from "../../../test/fixtures/agency";
import { destinationRefusal, hostRefusal } from "../../lib/destination";

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

  it.each([
    "https://hooks.example.com/x",
    "https://8.8.8.8/x",
    "https://[2606:4700::1111]/x",
    "https://172.32.0.1/x",
    "https://192.0.3.1/x",
    "https://203.0.114.1/x",
  ])("accepts %s", (url) => expect(destinationRefusal(url, false)).toBeUndefined());

  it("admits loopback over http(s) only when WEBHOOKS_ALLOW_LOOPBACK is on, and never with credentials or other private ranges", () => {
    for (const url of [
      "http://127.0.0.1:4000/x",
      "http://localhost:4000/x",
      "https://127.0.0.1/x",
      "http://[::1]:4000/x",
    ]) {
      expect(destinationRefusal(url, true)).toBeUndefined();
      expect(destinationRefusal(url, false)).toBeTypeOf("string");
    }
    expect(destinationRefusal("http://user:pass@127.0.0.1/x", true)).toBeTypeOf("string");
    expect(destinationRefusal("http://10.0.0.1/x", true)).toBeTypeOf("string");
    expect(destinationRefusal("http://hooks.example.com/x", true)).toBeTypeOf("string");
  });

  it.each([
    "https://127.0.0.1/x",
    "https://10.0.0.1/x",
    "https://169.254.169.254/x",
    "https://[::1]/x",
    "https://0.0.0.0/x",
    "http://hooks.example.com/x",
    "https://user:pass@hooks.example.com/x",
    "https://[::ffff:192.168.0.1]/x",
  ])("POST /webhooks answers 400 validation_error for %s", async (url) => {
    const t = await tenant();
    const response = await call("/api/v1/webhooks", { key: t.key, body: { url, events: ["budget.created"] } });
    expect(response.status).toBe(400);
    expect(slug(response.json)).toBe("validation_error");
    expect(response.json.errors[0].path).toBe("body.url");
  });

  it.each([
    "https://metadata.google.internal/computeMetadata/v1/",
    "https://instance-data/latest/",
    "https://printer.local/x",
    "https://intranet/x",
    "https://db.corp/x",
  ])("refuses the internal name of %s", (url) => expect(destinationRefusal(url, false)).toMatch(/internal name/));

  it("refuses bare hosts by the same rules (a custom domain, a SIP host)", () => {
    for (const host of [
      "127.0.0.1",
      "10.1.2.3",
      "169.254.169.254",
      "::1",
      "[fe80::1]",
      "localhost",
      "metadata.google.internal",
      "nas.local",
      "router",
      "0x7f.1",
    ]) {
      expect(hostRefusal(host), host).toBeTypeOf("string");
    }
    for (const host of ["sip.carrier.example.net", "8.8.8.8", "2606:4700::1111", "App.Example.COM."])
      expect(hostRefusal(host), host).toBeUndefined();
  });

  it("POST /webhooks refuses a public-looking name that resolves to a special-purpose address, and stores nothing", async () => {
    const t = await tenant();
    const name = `rebind-${crypto.randomUUID().slice(0, 8)}.example.com`;
    await dnsRecords(name, { type: "A", data: ["93.184.216.34", "169.254.169.254"] });
    const response = await call("/api/v1/webhooks", {
      key: t.key,
      body: { url: `https://${name}/hook`, events: ["budget.created"] },
    });
    expect(response.status).toBe(400);
    expect(response.json.errors[0]).toMatchObject({
      path: "body.url",
      message: expect.stringMatching(/resolves to a special-purpose address \(linkLocal\)/),
    });

    const v6 = `v6-${crypto.randomUUID().slice(0, 8)}.example.com`;
    await dnsRecords(v6, { type: "AAAA", data: ["::1"] });
    expect(
      (await call("/api/v1/webhooks", { key: t.key, body: { url: `https://${v6}/hook`, events: ["budget.created"] } }))
        .status,
    ).toBe(400);
    // A name with public addresses only, or none yet, is accepted.
    const fine = `ok-${crypto.randomUUID().slice(0, 8)}.example.com`;
    await dnsRecords(fine, { type: "A", data: ["93.184.216.34"] });
    expect(
      (
        await call("/api/v1/webhooks", {
          key: t.key,
          body: { url: `https://${fine}/hook`, events: ["budget.created"] },
        })
      ).status,
    ).toBe(200);
  });
});
