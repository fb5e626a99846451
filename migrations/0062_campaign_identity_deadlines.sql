ALTER TABLE `campaigns` ADD `sequence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `email_identities` ADD `failed_at` text;--> statement-breakpoint
ALTER TABLE `email_identities` ADD `failure_reason` text;--> statement-breakpoint
ALTER TABLE `email_identities` ADD `sequence` integer DEFAULT 0 NOT NULL;