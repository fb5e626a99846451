CREATE TABLE `webhook_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`delivery_id` text NOT NULL,
	`event_id` text NOT NULL,
	`event_type` text NOT NULL,
	`attempt` integer NOT NULL,
	`trigger` text NOT NULL,
	`url` text NOT NULL,
	`success` integer NOT NULL,
	`status_code` integer,
	`duration_ms` integer NOT NULL,
	`error` text,
	`next_retry_at` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `webhook_attempts_company_created_idx` ON `webhook_attempts` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `webhook_attempts_company_success_created_idx` ON `webhook_attempts` (`company_id`,`success`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`event_id` text NOT NULL,
	`subscription_id` text NOT NULL,
	`trigger` text NOT NULL,
	`replay_of` text,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text,
	`lease_until` text,
	`last_status_code` integer,
	`last_error` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_company_status_idx` ON `webhook_deliveries` (`company_id`,`status`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_status_due_idx` ON `webhook_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `webhook_events` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`type` text NOT NULL,
	`data` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `webhook_events_company_created_idx` ON `webhook_events` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `webhook_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`url` text NOT NULL,
	`events` text NOT NULL,
	`secret_ciphertext` text NOT NULL,
	`enabled` integer NOT NULL,
	`disabled_reason` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_subscriptions_company_idx` ON `webhook_subscriptions` (`company_id`);