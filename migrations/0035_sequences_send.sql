CREATE TABLE `email_sequence_sends` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`sequence_id` text NOT NULL,
	`contact_id` text NOT NULL,
	`position` integer NOT NULL,
	`email` text NOT NULL,
	`subject` text NOT NULL,
	`html_body` text NOT NULL,
	`text_body` text,
	`status` text NOT NULL,
	`failure_reason` text,
	`provider_message_id` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`sent_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_sequence_sends_step_idx` ON `email_sequence_sends` (`sequence_id`,`contact_id`,`position`);--> statement-breakpoint
CREATE INDEX `email_sequence_sends_company_sequence_created_idx` ON `email_sequence_sends` (`company_id`,`sequence_id`,`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `campaigns` ADD `scheduled_due_id` text;--> statement-breakpoint
ALTER TABLE `campaigns` ADD `failure_reason` text;--> statement-breakpoint
ALTER TABLE `email_sequence_enrollments` ADD `status` text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE `email_sequence_enrollments` ADD `next_position` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `email_sequence_enrollments` ADD `stop_reason` text;--> statement-breakpoint
ALTER TABLE `email_sequence_enrollments` ADD `stop_detail` text;--> statement-breakpoint
ALTER TABLE `email_sequence_enrollments` ADD `updated_at` text;--> statement-breakpoint
CREATE INDEX `email_sequence_enrollments_company_write_idx` ON `email_sequence_enrollments` (`company_id`,`sequence_id`,`enrollment_id`,`contact_id`);