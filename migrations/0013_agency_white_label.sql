CREATE TABLE `agency_prices` (
	`company_id` text PRIMARY KEY NOT NULL,
	`setup_price_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `subaccount_owners` (
	`company_id` text PRIMARY KEY NOT NULL,
	`agency_company_id` text NOT NULL,
	`owner_email` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subaccount_owners_agency_email_idx` ON `subaccount_owners` (`agency_company_id`,`owner_email`);--> statement-breakpoint
CREATE TABLE `white_labels` (
	`company_id` text PRIMARY KEY NOT NULL,
	`company_name` text,
	`primary_color` text,
	`logo_url` text,
	`custom_domain` text,
	`custom_domain_verified_at` text,
	`allow_signup` integer DEFAULT false NOT NULL,
	`hide_plans` integer DEFAULT false NOT NULL,
	`hide_addons` integer DEFAULT false NOT NULL,
	`branding_updated_at` text,
	`packaging_updated_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `white_labels_custom_domain_idx` ON `white_labels` (`custom_domain`);--> statement-breakpoint
DROP INDEX `companies_parent_idx`;--> statement-breakpoint
ALTER TABLE `companies` ADD `status` text DEFAULT 'active' NOT NULL;--> statement-breakpoint
CREATE INDEX `companies_parent_idx` ON `companies` (`parent_company_id`,`created_at`,`id`);