ALTER TABLE `contact_lists` ADD `version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `contacts` ADD `version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `webhook_subscriptions` ADD `version` integer DEFAULT 0 NOT NULL;