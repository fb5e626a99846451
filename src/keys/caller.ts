import type { Plan } from "../lib/plans";
import type { Scope } from "./scopes";

/** The authenticated caller, resolved once per request by the pipeline. */
export interface Caller {
  keyId: string;
  lineageId: string;
  keyName: string;
  /** Parsed from the key's stored scopes (auth.ts): only known ones. */
  scopes: readonly Scope[];
  company: {
    id: string;
    name: string;
    plan: Plan;
    parentCompanyId: string | null;
    capabilities: readonly string[];
    spendEnabled: boolean;
    defaultVatRate: number;
    defaultCurrency: string | null;
    defaultValidity: string | null;
    defaultRegion: string;
    /** The tenant store holding the company's data (the directory, read with the key: routing costs no extra trip). */
    store: number;
    /** A move of the company to another store is under way: its writes answer 503 with Retry-After (src/work/moves.ts). */
    moving?: boolean;
    /** The store its last move left: a bookmark of that store is read from the primary rather than refused. */
    movedFrom?: number | null;
  };
}
