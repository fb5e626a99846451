import { describe, expect, it } from "vitest";
import { db } from "../../../test/helpers";
import { ApiError } from "../../lib/errors";
import { outboxStatements } from "./outbox";

describe("outbox", () => {
  it("refuses an event over 64 KB as a client error (413), not a server error", () => {
    // Domains bound their text fields well below this (a contact is at most 32 KB as JSON); this
    // is the net for one that does not.
    const event = { type: "contact.updated", data: { notes: "\u0001".repeat(11_000) } };
    const refusal = (() => {
      try {
        outboxStatements(db, crypto.randomUUID(), [event]);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ slug: "payload_too_large", status: 413 });
  });
});
