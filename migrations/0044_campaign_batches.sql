CREATE TABLE `campaign_batches` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`campaign_id` text NOT NULL,
	`template_id` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`text_body` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `campaign_batches_company_campaign_created_idx` ON `campaign_batches` (`company_id`,`campaign_id`,`created_at`,`id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_campaign_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`company_id` text NOT NULL,
	`batch_id` text NOT NULL,
	`contact_id` text NOT NULL,
	`email` text NOT NULL,
	`subject` text NOT NULL,
	`merge_values` text,
	`html_body` text,
	`text_body` text,
	`status` text NOT NULL,
	`failure_reason` text,
	`provider_message_id` text,
	`delivery_status` text,
	`delivery_updated_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`sent_at` text
);
--> statement-breakpoint
INSERT INTO `__new_campaign_attempts`("id", "campaign_id", "company_id", "batch_id", "contact_id", "email", "subject", "merge_values", "html_body", "text_body", "status", "failure_reason", "provider_message_id", "delivery_status", "delivery_updated_at", "created_at", "updated_at", "sent_at") SELECT "id", "campaign_id", "company_id", "batch_id", "contact_id", "email", "subject", "merge_values", "html_body", "text_body", "status", "failure_reason", "provider_message_id", "delivery_status", "delivery_updated_at", "created_at", "updated_at", "sent_at" FROM `campaign_attempts`;--> statement-breakpoint
DROP TABLE `campaign_attempts`;--> statement-breakpoint
ALTER TABLE `__new_campaign_attempts` RENAME TO `campaign_attempts`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `campaign_attempts_company_campaign_created_idx` ON `campaign_attempts` (`company_id`,`campaign_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `campaign_attempts_campaign_status_idx` ON `campaign_attempts` (`campaign_id`,`status`);