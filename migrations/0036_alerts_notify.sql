ALTER TABLE `alerts` ADD `notification` text DEFAULT 'armed' NOT NULL;--> statement-breakpoint
ALTER TABLE `alerts` ADD `next_check_at` text DEFAULT '1970-01-01T00:00:00.000Z' NOT NULL;--> statement-breakpoint
CREATE INDEX `alerts_next_check_idx` ON `alerts` (`next_check_at`);