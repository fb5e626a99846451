import { describe, expect, it } from "vitest";
import { mediaTypeOf, otherCharset } from "./media-type";

describe("mediaTypeOf (jshttp content-type)", () => {
  it("lower-cases the type and the parameter names, and keeps values as sent", () => {
    expect(mediaTypeOf("Application/JSON; CharSet=UTF-8")).toEqual({
      type: "application/json",
      parameters: { charset: "UTF-8" },
    });
    expect(mediaTypeOf("text/YAML").type).toBe("text/yaml");
  });

  it("skips whitespace around the type, the separators and the equals sign", () => {
    const read = mediaTypeOf("  application/json ;  charset = utf-8 ; q=1  ");
    expect(read.type).toBe("application/json");
    expect(read.parameters).toEqual({ charset: "utf-8", q: "1" });
    expect(mediaTypeOf("application/json\t;\tcharset=utf-8").parameters).toEqual({ charset: "utf-8" });
  });

  it("unquotes a quoted value, keeping a semicolon, a comma or an escaped quote inside it", () => {
    expect(mediaTypeOf('application/json; charset="UTF-8"').parameters).toEqual({ charset: "UTF-8" });
    expect(mediaTypeOf('multipart/form-data; boundary="a;b,c"; charset=utf-8').parameters).toEqual({
      boundary: "a;b,c",
      charset: "utf-8",
    });
    expect(mediaTypeOf('text/plain; title="say \\"hi\\""').parameters).toEqual({ title: 'say "hi"' });
  });

  it("reads a sloppy header leniently: no header, an empty parameter, one without a value, a repeated one (first wins)", () => {
    expect(mediaTypeOf(undefined)).toEqual({ type: "", parameters: {} });
    expect(mediaTypeOf(null).type).toBe("");
    expect(mediaTypeOf("").type).toBe("");
    expect(mediaTypeOf("application/json;").parameters).toEqual({});
    expect(mediaTypeOf("application/json;;charset=utf-8").parameters).toEqual({ charset: "utf-8" });
    expect(mediaTypeOf("application/json; charset").parameters).toEqual({});
    expect(mediaTypeOf("application/json; charset=utf-8; charset=latin1").parameters).toEqual({ charset: "utf-8" });
    // Not a valid media type, but read as sent so the refusal can name it.
    expect(mediaTypeOf("json").type).toBe("json");
  });
});

describe("otherCharset", () => {
  it("is undefined for no charset and for UTF-8 in any of its spellings", () => {
    for (const header of [
      "application/json",
      "application/json; charset=utf-8",
      "application/json; charset=UTF8",
      'application/json; charset="Utf-8"',
    ]) {
      expect(otherCharset(mediaTypeOf(header)), header).toBeUndefined();
    }
  });

  it("names any other charset, an empty one included, as sent", () => {
    expect(otherCharset(mediaTypeOf("application/json; charset=ISO-8859-1"))).toBe("ISO-8859-1");
    expect(otherCharset(mediaTypeOf('application/yaml; charset="utf-16"'))).toBe("utf-16");
    expect(otherCharset(mediaTypeOf("application/json; charset="))).toBe("");
    expect(otherCharset(mediaTypeOf("application/json; charset=utf-88"))).toBe("utf-88");
  });
});
