import type { DomainModule } from "../core/domain";
import { loadEveryDomain } from "./loaders";

/**
 * The domains of the API, every one evaluated: what the scripts (npm run routes writes the table
 * from it), the document's builders and the tests read. The list is ./loaders.ts's, the one list of
 * the domains and their wiring; here each of its entries is loaded, in its order. The Worker itself
 * never imports this: it loads each domain on first use through the same loaders.
 */
export const domains: readonly DomainModule[] = await loadEveryDomain();
