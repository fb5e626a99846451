CREATE TABLE `bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`contact_id` text,
	`agent_id` text,
	`title` text NOT NULL,
	`starts_at` text NOT NULL,
	`ends_at` text NOT NULL,
	`status` text NOT NULL,
	`notes` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `bookings_company_starts_idx` ON `bookings` (`company_id`,`starts_at`,`id`);--> statement-breakpoint
CREATE INDEX `bookings_company_status_starts_idx` ON `bookings` (`company_id`,`status`,`starts_at`,`id`);--> statement-breakpoint
CREATE TABLE `calendar_overrides` (
	`company_id` text NOT NULL,
	`date` text NOT NULL,
	`closed` integer NOT NULL,
	`intervals` text NOT NULL,
	`note` text,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`company_id`, `date`)
);
--> statement-breakpoint
CREATE TABLE `calendar_schedules` (
	`company_id` text PRIMARY KEY NOT NULL,
	`time_zone` text NOT NULL,
	`week` text NOT NULL,
	`updated_at` text NOT NULL
);
