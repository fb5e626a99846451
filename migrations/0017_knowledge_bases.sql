CREATE TABLE `kb_collections` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`kb_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `kb_collections_company_kb_created_idx` ON `kb_collections` (`company_id`,`kb_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `kb_documents` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`company_id` text NOT NULL,
	`kb_id` text NOT NULL,
	`collection_id` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`source` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `kb_documents_id_idx` ON `kb_documents` (`id`);--> statement-breakpoint
CREATE INDEX `kb_documents_company_kb_collection_idx` ON `kb_documents` (`company_id`,`kb_id`,`collection_id`);--> statement-breakpoint
CREATE TABLE `knowledge_bases` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `knowledge_bases_company_created_idx` ON `knowledge_bases` (`company_id`,`created_at`,`id`);