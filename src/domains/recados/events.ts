import { defineEvent, type EventDefinition } from "../../data/events";
import { Recado } from "./model";

/** A message slip an agent took during a call, as the voice service reported it (the operator API's voice report). */
export const recadoCreated = defineEvent(
  "recado.created",
  "An agent took a message slip during a call (the voice service reported it with the call); data is the slip as GET /recados lists it.",
  Recado,
);

export const recadoEvents: EventDefinition[] = [recadoCreated];
