import type { Config } from "../../config";
import { ApiError } from "../../lib/errors";
import type { Gate } from "../operation";
import type { Answer, Flow, Next } from "./stage";

/** Whether a gate's switches are on: A always, W writes, C conversations, S writes and spending. */
export function gateOpen(gate: Gate, config: Config): boolean {
  switch (gate) {
    case "A":
      return true;
    case "W":
      return config.writeEnabled;
    case "C":
      return config.conversationsEnabled;
    case "S":
      return config.writeEnabled && config.spendEnabled;
  }
}

/** A closed gate answers 404, as if the operation did not exist: the same to a caller with a key or without. */
export async function gate(flow: Flow, next: Next): Promise<Answer> {
  if (!gateOpen(flow.op.gate, flow.c.get("config"))) throw new ApiError("not_found", "No such path.");
  return next();
}
