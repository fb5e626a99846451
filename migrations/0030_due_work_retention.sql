CREATE TABLE `due_work` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`due_at` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `due_work_due_idx` ON `due_work` (`due_at`,`id`);--> statement-breakpoint
CREATE INDEX `due_work_company_idx` ON `due_work` (`company_id`,`kind`,`due_at`);--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `jobs_finished_idx` ON `jobs` (`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `subscriptions_period_end_idx` ON `subscriptions` (`current_period_end`);--> statement-breakpoint
CREATE INDEX `webhook_attempts_created_idx` ON `webhook_attempts` (`created_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_created_idx` ON `webhook_deliveries` (`created_at`);--> statement-breakpoint
CREATE INDEX `webhook_events_created_idx` ON `webhook_events` (`created_at`);