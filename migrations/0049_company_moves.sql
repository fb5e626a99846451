CREATE TABLE `company_moves` (
	`company_id` text PRIMARY KEY NOT NULL,
	`from_store` integer NOT NULL,
	`to_store` integer NOT NULL,
	`state` text NOT NULL,
	`state_since` text NOT NULL,
	`tables` text DEFAULT '[]' NOT NULL,
	`table_index` integer DEFAULT 0 NOT NULL,
	`cursor` integer,
	`copied` text DEFAULT '{}' NOT NULL,
	`totals` text DEFAULT '{}' NOT NULL,
	`recopies` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`error` text,
	`started_at` text NOT NULL,
	`copy_started_at` text,
	`updated_at` text NOT NULL,
	`finished_at` text
);
--> statement-breakpoint
CREATE INDEX `company_moves_state_idx` ON `company_moves` (`state`);--> statement-breakpoint
ALTER TABLE `companies` ADD `moving` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `companies` ADD `moved_from` integer;