import { describe, expect, it } from "vitest";
import { flowOf, refusal } from "../../test/fixtures/stages";
import { ApiError } from "../lib/errors";
import { beforeRoute, operationStages, runStages } from "./pipeline";
import { handler } from "./stages/handler";
import { requestId } from "./stages/request-id";
import type { Answer, OperationStage } from "./stages/stage";

const answered = (body: string): Answer => ({ status: 200, headers: {}, body });

describe("runStages", () => {
  it("runs the stages in the list's order, each around the ones after it: the answer passes back through each", async () => {
    const seen: string[] = [];
    const around =
      (name: string): OperationStage =>
      async (_flow, next) => {
        seen.push(`${name} before`);
        const answer = await next();
        seen.push(`${name} after`);
        return { ...answer, body: `${name}(${answer.body})` };
      };
    const last: OperationStage = async () => {
      seen.push("last");
      return answered("answer");
    };
    const answer = await runStages([around("a"), around("b"), last], flowOf({ method: "get" }));
    expect(seen).toEqual(["a before", "b before", "last", "b after", "a after"]);
    expect(answer.body).toBe("a(b(answer))");
  });

  it("ends the path at a stage that answers or refuses without calling the stages after it", async () => {
    const never: OperationStage = async () => {
      throw new Error("reached");
    };
    expect((await runStages([async () => answered("early"), never], flowOf({ method: "get" }))).body).toBe("early");
    const refusing: OperationStage = async () => {
      throw new ApiError("not_found", "No such path.");
    };
    expect(await refusal(runStages([refusing, never], flowOf({ method: "get" })))).toMatchObject({ slug: "not_found" });
  });

  it("refuses a list whose last stage calls next: the path must end with a stage that answers", async () => {
    const passing: OperationStage = async (_flow, next) => next();
    const refused = await refusal(runStages([passing], flowOf({ method: "get" })));
    expect(refused).toMatchObject({ message: expect.stringContaining("must end with one that answers") });
  });
});

describe("the request path", () => {
  it("starts every request with its id and ends an operation's with its handler", () => {
    expect(beforeRoute[0]).toBe(requestId);
    expect(operationStages.at(-1)).toBe(handler);
    expect(new Set(operationStages).size).toBe(operationStages.length);
  });

  it("says which stage must come earlier when a stage reads what that stage finds before it ran", () => {
    const flow = flowOf({ method: "post" });
    expect(() => flow.key).toThrow(/keyForm stage/);
    expect(() => flow.request).toThrow(/input stage/);
    expect(() => flow.admitted).toThrow(/keyObject stage/);
    expect(() => flow.session).toThrow(/session stage/);
    expect(() => flow.commit).toThrow(/commit stage/);
    expect(flow.write).toBe(true);
    expect(flow.early).toBeUndefined();
  });
});
