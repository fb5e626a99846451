import type { Operation } from "../../core/operation";

/** Operations of this domain (to be declared here with defineOperation). */
export const contactOperations: Operation[] = [];
