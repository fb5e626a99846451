CREATE TABLE `dialled_calls` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`agent_id` text NOT NULL,
	`to_number` text NOT NULL,
	`from_number` text,
	`country` text NOT NULL,
	`status` text NOT NULL,
	`rate_per_minute_micros` integer NOT NULL,
	`minimum_seconds` integer NOT NULL,
	`billing_increment_seconds` integer NOT NULL,
	`currency` text NOT NULL,
	`reserved_minor` integer NOT NULL,
	`reserved_seconds` integer NOT NULL,
	`provider_call_id` text,
	`result` text,
	`duration_seconds` integer,
	`cost_minor` integer,
	`failure_reason` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`ended_at` text
);
--> statement-breakpoint
CREATE INDEX `dialled_calls_company_status_idx` ON `dialled_calls` (`company_id`,`status`);--> statement-breakpoint
CREATE INDEX `dialled_calls_company_created_idx` ON `dialled_calls` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `sip_trunk_numbers` (
	`company_id` text NOT NULL,
	`trunk_id` text NOT NULL,
	`number_id` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sip_trunk_numbers_company_number_idx` ON `sip_trunk_numbers` (`company_id`,`number_id`);--> statement-breakpoint
CREATE INDEX `sip_trunk_numbers_company_trunk_idx` ON `sip_trunk_numbers` (`company_id`,`trunk_id`);--> statement-breakpoint
CREATE TABLE `sip_trunks` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`host` text NOT NULL,
	`port` integer NOT NULL,
	`transport` text NOT NULL,
	`username` text NOT NULL,
	`password_sealed` text NOT NULL,
	`caller_id` text,
	`channels` integer NOT NULL,
	`monthly_price_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sip_trunks_company_name_idx` ON `sip_trunks` (`company_id`,`name`);--> statement-breakpoint
CREATE INDEX `sip_trunks_company_created_idx` ON `sip_trunks` (`company_id`,`created_at`,`id`);