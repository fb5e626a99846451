CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`lineage_id` text NOT NULL,
	`name` text NOT NULL,
	`scopes` text NOT NULL,
	`environment` text NOT NULL,
	`key_hash` text NOT NULL,
	`key_prefix` text NOT NULL,
	`created_at` text NOT NULL,
	`revoked_at` text,
	`replaced_by` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_hash_idx` ON `api_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_company_idx` ON `api_keys` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`key_id` text NOT NULL,
	`operation` text NOT NULL,
	`method` text NOT NULL,
	`path` text NOT NULL,
	`resource_type` text NOT NULL,
	`resource_id` text,
	`request_id` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_company_created_idx` ON `audit_log` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `companies` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`plan` text NOT NULL,
	`parent_company_id` text,
	`capabilities` text DEFAULT '[]' NOT NULL,
	`spend_enabled` integer DEFAULT false NOT NULL,
	`default_vat_rate` real DEFAULT 21 NOT NULL,
	`default_currency` text,
	`default_validity` text,
	`default_region` text DEFAULT 'ES' NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `companies_parent_idx` ON `companies` (`parent_company_id`);--> statement-breakpoint
CREATE TABLE `sequences` (
	`company_id` text NOT NULL,
	`series` text NOT NULL,
	`last_value` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sequences_company_series_idx` ON `sequences` (`company_id`,`series`);--> statement-breakpoint
CREATE TABLE `document_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`document_id` text NOT NULL,
	`position` integer NOT NULL,
	`concept` text NOT NULL,
	`units` real NOT NULL,
	`unit_price` real NOT NULL,
	`unit_type` text,
	`iva_rate` real NOT NULL,
	`discount_type` text,
	`discount_value` real,
	`net_minor` integer NOT NULL,
	`iva_minor` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `document_lines_company_document_idx` ON `document_lines` (`company_id`,`document_id`,`position`);--> statement-breakpoint
CREATE TABLE `documents` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`document_type` text NOT NULL,
	`budget_number` text,
	`status` text NOT NULL,
	`payment_status` text,
	`paid_at` text,
	`date` text,
	`validity` text,
	`client_id` text,
	`client_name` text,
	`client_email` text,
	`client_phone` text,
	`description` text,
	`notes` text,
	`document_currency` text NOT NULL,
	`subtotal_minor` integer NOT NULL,
	`iva_amount_minor` integer NOT NULL,
	`total_minor` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `documents_company_type_created_idx` ON `documents` (`company_id`,`document_type`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `fiscal_registry` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`document_id` text NOT NULL,
	`fiscal_number` text NOT NULL,
	`record_hash` text NOT NULL,
	`registered_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `fiscal_registry_company_idx` ON `fiscal_registry` (`company_id`,`registered_at`);--> statement-breakpoint
CREATE TABLE `clients` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`cif` text,
	`email` text,
	`phone` text,
	`address` text,
	`location` text,
	`province` text,
	`country` text,
	`postal_code` text,
	`representative` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `clients_company_created_idx` ON `clients` (`company_id`,`created_at`,`id`);