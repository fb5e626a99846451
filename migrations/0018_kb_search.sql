-- Full-text search of knowledge-base documents (custom migration: drizzle's schema cannot express
-- an FTS5 table or a trigger). An external-content FTS5 index over kb_documents' title and body,
-- keyed by kb_documents.seq (its INTEGER PRIMARY KEY, so stable), with no copy of the text:
-- snippet() reads the text from kb_documents. unicode61 with remove_diacritics 2 folds accents
-- ("facturacion" finds "Facturación"); prefix indexes of 2, 3 and 4 characters make "fact"* a
-- lookup, not a scan of the vocabulary. Searches filter by company and knowledge base on
-- kb_documents, joined on seq.
CREATE VIRTUAL TABLE `kb_documents_fts` USING fts5(
  `title`,
  `body`,
  content = 'kb_documents',
  content_rowid = 'seq',
  tokenize = "unicode61 remove_diacritics 2",
  prefix = '2 3 4'
);
--> statement-breakpoint
-- The index follows kb_documents in the same statement as any write to it (and so in the same
-- batch and transaction): no document is ever searchable with other text than it has.
CREATE TRIGGER `kb_documents_fts_insert` AFTER INSERT ON `kb_documents` BEGIN
  INSERT INTO `kb_documents_fts` (rowid, `title`, `body`) VALUES (NEW.`seq`, NEW.`title`, NEW.`body`);
END;
--> statement-breakpoint
CREATE TRIGGER `kb_documents_fts_delete` AFTER DELETE ON `kb_documents` BEGIN
  INSERT INTO `kb_documents_fts` (`kb_documents_fts`, rowid, `title`, `body`) VALUES ('delete', OLD.`seq`, OLD.`title`, OLD.`body`);
END;
--> statement-breakpoint
CREATE TRIGGER `kb_documents_fts_update` AFTER UPDATE OF `title`, `body` ON `kb_documents` BEGIN
  INSERT INTO `kb_documents_fts` (`kb_documents_fts`, rowid, `title`, `body`) VALUES ('delete', OLD.`seq`, OLD.`title`, OLD.`body`);
  INSERT INTO `kb_documents_fts` (rowid, `title`, `body`) VALUES (NEW.`seq`, NEW.`title`, NEW.`body`);
END;
