CREATE TABLE `cross_store_applied` (
	`id` text PRIMARY KEY NOT NULL,
	`applied_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `cross_store_applied_at_idx` ON `cross_store_applied` (`applied_at`);--> statement-breakpoint
CREATE TABLE `cross_store_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`statements` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `cross_store_outbox_created_idx` ON `cross_store_outbox` (`created_at`);