CREATE TABLE `idempotent_answers` (
	`company_id` text NOT NULL,
	`lineage_id` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`request_id` text NOT NULL,
	`state` text NOT NULL,
	`status` integer,
	`headers` text,
	`body` text,
	`created_at` text NOT NULL,
	PRIMARY KEY(`company_id`, `lineage_id`, `idempotency_key`)
);
--> statement-breakpoint
CREATE INDEX `idempotent_answers_created_idx` ON `idempotent_answers` (`created_at`);