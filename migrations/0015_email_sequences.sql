CREATE TABLE `email_sequence_enrollments` (
	`sequence_id` text NOT NULL,
	`contact_id` text NOT NULL,
	`company_id` text NOT NULL,
	`enrolled_at` text NOT NULL,
	`enrollment_id` text NOT NULL,
	PRIMARY KEY(`sequence_id`, `contact_id`)
);
--> statement-breakpoint
CREATE INDEX `email_sequence_enrollments_company_sequence_idx` ON `email_sequence_enrollments` (`company_id`,`sequence_id`,`enrolled_at`,`contact_id`);--> statement-breakpoint
CREATE TABLE `email_sequences` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`status` text NOT NULL,
	`steps` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`archived_at` text,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `email_sequences_company_created_idx` ON `email_sequences` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `email_sequences_company_status_created_idx` ON `email_sequences` (`company_id`,`status`,`created_at`,`id`);