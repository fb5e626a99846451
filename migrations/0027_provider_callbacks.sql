CREATE TABLE `provider_callbacks` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`provider` text NOT NULL,
	`topic` text NOT NULL,
	`event_id` text NOT NULL,
	`job_id` text NOT NULL,
	`received_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `provider_callbacks_event_idx` ON `provider_callbacks` (`provider`,`event_id`);--> statement-breakpoint
CREATE INDEX `provider_callbacks_company_received_idx` ON `provider_callbacks` (`company_id`,`received_at`);--> statement-breakpoint
ALTER TABLE `dialled_calls` ADD `answered_at` text;--> statement-breakpoint
ALTER TABLE `email_messages` ADD `delivery_status` text;--> statement-breakpoint
ALTER TABLE `email_messages` ADD `delivery_updated_at` text;--> statement-breakpoint
ALTER TABLE `sms_messages` ADD `delivery_status` text;--> statement-breakpoint
ALTER TABLE `sms_messages` ADD `delivery_updated_at` text;