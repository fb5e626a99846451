ALTER TABLE `campaign_attempts` ADD `delivery_status` text;--> statement-breakpoint
ALTER TABLE `campaign_attempts` ADD `delivery_updated_at` text;--> statement-breakpoint
ALTER TABLE `email_sequence_sends` ADD `delivery_status` text;--> statement-breakpoint
ALTER TABLE `email_sequence_sends` ADD `delivery_updated_at` text;--> statement-breakpoint
ALTER TABLE `webhook_events` ADD `test` integer DEFAULT false NOT NULL;