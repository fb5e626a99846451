CREATE TABLE `provider_intents` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`subject` text NOT NULL,
	`provider` text NOT NULL,
	`kind` text NOT NULL,
	`state` text NOT NULL,
	`attempts` integer NOT NULL,
	`attempted_at` text NOT NULL,
	`provider_id` text,
	`reason` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `provider_intents_subject_idx` ON `provider_intents` (`company_id`,`subject`);--> statement-breakpoint
CREATE INDEX `provider_intents_provider_id_idx` ON `provider_intents` (`company_id`,`provider`,`provider_id`);--> statement-breakpoint
CREATE INDEX `provider_intents_settled_idx` ON `provider_intents` (`state`,`updated_at`);