import { defineDomain } from "../../core/domain";
import { knowledgeBaseEvents } from "./events";
import { knowledgeBaseOperatorOperations } from "./panel";
import { knowledgeBaseOperations } from "./routes";
import { seedKnowledgeBaseDomain } from "./seed";

export { kbCollections, kbDocuments, knowledgeBases } from "./schema";
export { bulkKnowledgeBaseDocuments } from "./panel";
/** For the benchmark's floor: the search's statements, and the MATCH expression of a query. */
export { searchStatements } from "./queries";
export { matchExpression, queryWords } from "./search";
export { phraseRanges } from "./terms";

/** Knowledge bases the voice agents answer from: collections of documents, searched in full text. */
export default defineDomain({
  name: "knowledge-bases",
  defaults: {
    tag: "Knowledge bases",
    tagDescription:
      "The knowledge bases the company's voice agents answer from: collections of documents (title, text, source), searched in full text with ranked, highlighted hits.",
    plans: "NONE",
    capability: "kb",
  },
  operations: knowledgeBaseOperations,
  operatorOperations: knowledgeBaseOperatorOperations,
  events: knowledgeBaseEvents,
  seed: seedKnowledgeBaseDomain,
});
