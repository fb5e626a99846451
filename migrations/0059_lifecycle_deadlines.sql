ALTER TABLE `number_orders` ADD `sequence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `top_ups` ADD `failure_reason` text;--> statement-breakpoint
ALTER TABLE `top_ups` ADD `sequence` integer DEFAULT 0 NOT NULL;