CREATE TABLE `subaccount_claims` (
	`company_id` text NOT NULL,
	`owner_email` text NOT NULL,
	`subaccount_id` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`company_id`, `owner_email`)
);
--> statement-breakpoint
CREATE TABLE `kb_terms` (
	`company_id` text NOT NULL,
	`kb_id` text NOT NULL,
	`term` text NOT NULL,
	`document_id` text NOT NULL,
	`title_count` integer NOT NULL,
	`body_count` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `kb_terms_key_idx` ON `kb_terms` (`company_id`,`kb_id`,`term`,`document_id`,`title_count`,`body_count`);--> statement-breakpoint
ALTER TABLE `kb_documents` ADD `title_length` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `kb_documents` ADD `body_length` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `kb_documents_company_kb_lengths_idx` ON `kb_documents` (`company_id`,`kb_id`,`title_length`,`body_length`);--> statement-breakpoint
CREATE INDEX `kb_documents_company_id_lengths_idx` ON `kb_documents` (`company_id`,`id`,`collection_id`,`title_length`,`body_length`);--> statement-breakpoint
-- Documents written before this migration: their terms and lengths from the FTS5 index itself (its
-- instance vocabulary lists every token of every document, as its tokenizer cut and folded it,
-- which src/domains/knowledge-bases/terms.ts follows for the documents written after).
CREATE VIRTUAL TABLE `kb_documents_fts_instances` USING fts5vocab(`kb_documents_fts`, 'instance');
--> statement-breakpoint
INSERT INTO `kb_terms` (`company_id`, `kb_id`, `term`, `document_id`, `title_count`, `body_count`)
  SELECT d.`company_id`, d.`kb_id`, v.`term`, d.`id`, sum(v.`col` = 'title'), sum(v.`col` = 'body')
  FROM `kb_documents_fts_instances` AS v JOIN `kb_documents` AS d ON d.`seq` = v.`doc`
  GROUP BY v.`doc`, v.`term`;
--> statement-breakpoint
UPDATE `kb_documents` SET `title_length` = l.`t`, `body_length` = l.`b`
  FROM (SELECT `doc`, sum(`col` = 'title') AS `t`, sum(`col` = 'body') AS `b` FROM `kb_documents_fts_instances` GROUP BY `doc`) AS l
  WHERE `kb_documents`.`seq` = l.`doc`;
--> statement-breakpoint
DROP TABLE `kb_documents_fts_instances`;
