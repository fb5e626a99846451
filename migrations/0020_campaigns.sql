CREATE TABLE `campaign_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`company_id` text NOT NULL,
	`batch_id` text NOT NULL,
	`contact_id` text NOT NULL,
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
CREATE INDEX `campaign_attempts_company_campaign_created_idx` ON `campaign_attempts` (`company_id`,`campaign_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `campaign_attempts_campaign_status_idx` ON `campaign_attempts` (`campaign_id`,`status`);--> statement-breakpoint
CREATE TABLE `campaign_enrollments` (
	`campaign_id` text NOT NULL,
	`contact_id` text NOT NULL,
	`company_id` text NOT NULL,
	`email` text NOT NULL,
	`status` text NOT NULL,
	`enrolled_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`campaign_id`, `contact_id`)
);
--> statement-breakpoint
CREATE INDEX `campaign_enrollments_company_campaign_enrolled_idx` ON `campaign_enrollments` (`company_id`,`campaign_id`,`enrolled_at`,`contact_id`);--> statement-breakpoint
CREATE INDEX `campaign_enrollments_campaign_status_idx` ON `campaign_enrollments` (`campaign_id`,`status`,`contact_id`);--> statement-breakpoint
CREATE TABLE `campaign_lists` (
	`campaign_id` text NOT NULL,
	`list_id` text NOT NULL,
	`company_id` text NOT NULL,
	`added_at` text NOT NULL,
	PRIMARY KEY(`campaign_id`, `list_id`)
);
--> statement-breakpoint
CREATE INDEX `campaign_lists_company_campaign_added_idx` ON `campaign_lists` (`company_id`,`campaign_id`,`added_at`,`list_id`);--> statement-breakpoint
CREATE TABLE `campaigns` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`agent_id` text NOT NULL,
	`template_id` text,
	`status` text NOT NULL,
	`scheduled_at` text,
	`enrolled_at` text,
	`skipped_no_email` integer DEFAULT 0 NOT NULL,
	`skipped_unsubscribed` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `campaigns_company_created_idx` ON `campaigns` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `campaigns_company_status_created_idx` ON `campaigns` (`company_id`,`status`,`created_at`,`id`);