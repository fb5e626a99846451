CREATE TABLE `billing_invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`number` text NOT NULL,
	`status` text NOT NULL,
	`period_start` text NOT NULL,
	`period_end` text NOT NULL,
	`subtotal_minor` integer NOT NULL,
	`tax_minor` integer NOT NULL,
	`total_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`issued_at` text NOT NULL,
	`due_at` text NOT NULL,
	`paid_at` text
);
--> statement-breakpoint
CREATE INDEX `billing_invoices_company_issued_idx` ON `billing_invoices` (`company_id`,`issued_at`,`id`);--> statement-breakpoint
CREATE INDEX `billing_invoices_company_status_idx` ON `billing_invoices` (`company_id`,`status`,`issued_at`,`id`);--> statement-breakpoint
CREATE TABLE `company_addons` (
	`company_id` text NOT NULL,
	`addon_type` text NOT NULL,
	`price_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`hired_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `company_addons_company_type_idx` ON `company_addons` (`company_id`,`addon_type`);--> statement-breakpoint
CREATE TABLE `number_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`country` text NOT NULL,
	`number_type` text NOT NULL,
	`e164` text,
	`status` text NOT NULL,
	`status_reason` text,
	`setup_price_minor` integer NOT NULL,
	`monthly_price_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `number_orders_company_status_idx` ON `number_orders` (`company_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `number_orders_company_created_idx` ON `number_orders` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `billing_payment_methods` (
	`company_id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`customer_id` text,
	`payment_method_id` text NOT NULL,
	`brand` text,
	`last4` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`company_id` text PRIMARY KEY NOT NULL,
	`plan` text NOT NULL,
	`cycle` text NOT NULL,
	`price_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`current_period_start` text NOT NULL,
	`current_period_end` text NOT NULL,
	`scheduled_plan` text,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`canceled_at` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `top_ups` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`payment_intent_id` text NOT NULL,
	`ledger_entry_id` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `top_ups_payment_intent_idx` ON `top_ups` (`payment_intent_id`);--> statement-breakpoint
CREATE INDEX `top_ups_company_created_idx` ON `top_ups` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `usage_records` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`kind` text NOT NULL,
	`quantity` integer NOT NULL,
	`cost_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`local_date` text NOT NULL,
	`occurred_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `usage_records_company_date_idx` ON `usage_records` (`company_id`,`local_date`,`kind`,`quantity`,`cost_minor`);