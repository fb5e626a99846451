CREATE TABLE `request_log` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`request_id` text NOT NULL,
	`key_id` text NOT NULL,
	`operation` text NOT NULL,
	`method` text NOT NULL,
	`path` text NOT NULL,
	`query` text,
	`status` integer NOT NULL,
	`duration_ms` real NOT NULL,
	`idempotency_key` text,
	`replayed` integer DEFAULT false NOT NULL,
	`request_body` text,
	`request_bytes` integer DEFAULT 0 NOT NULL,
	`response_body` text,
	`response_bytes` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `request_log_company_created_idx` ON `request_log` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `request_log_company_request_idx` ON `request_log` (`company_id`,`request_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `request_log_company_idempotency_idx` ON `request_log` (`company_id`,`idempotency_key`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `request_log_created_idx` ON `request_log` (`created_at`);--> statement-breakpoint
ALTER TABLE `provider_callbacks` ADD `resource_id` text;--> statement-breakpoint
CREATE INDEX `provider_callbacks_company_resource_idx` ON `provider_callbacks` (`company_id`,`resource_id`,`received_at`);--> statement-breakpoint
ALTER TABLE `provider_intents` ADD `request_id` text;--> statement-breakpoint
CREATE INDEX `provider_intents_request_idx` ON `provider_intents` (`company_id`,`request_id`);--> statement-breakpoint
ALTER TABLE `webhook_events` ADD `request_id` text;--> statement-breakpoint
CREATE INDEX `webhook_events_company_request_idx` ON `webhook_events` (`company_id`,`request_id`);--> statement-breakpoint
CREATE INDEX `webhook_attempts_company_delivery_idx` ON `webhook_attempts` (`company_id`,`delivery_id`,`attempt`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_company_event_idx` ON `webhook_deliveries` (`company_id`,`event_id`);