CREATE TABLE `company_prices` (
	`company_id` text NOT NULL,
	`kind` text NOT NULL,
	`country` text NOT NULL,
	`number_type` text NOT NULL,
	`amount_micros` integer NOT NULL,
	`currency` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`company_id`, `kind`, `country`, `number_type`)
);
--> statement-breakpoint
CREATE TABLE `plan_prices` (
	`plan` text NOT NULL,
	`kind` text NOT NULL,
	`country` text NOT NULL,
	`number_type` text NOT NULL,
	`amount_micros` integer NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`plan`, `kind`, `country`, `number_type`)
);
--> statement-breakpoint
DROP TABLE `sms_rates`;--> statement-breakpoint
DROP TABLE `rate_costs`;--> statement-breakpoint
DROP TABLE `sale_rates`;