import type { Config } from "../../config";
import { ApiError } from "../../lib/errors";
import type { Gate, Operation } from "../operation";

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

/** Step 4: gate switches, before authentication: a closed gate looks like no route at all. */
export function refuseClosedGate(op: Operation, config: Config): void {
  if (!gateOpen(op.gate, config)) throw new ApiError("not_found", "No such path.");
}
