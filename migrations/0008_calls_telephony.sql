CREATE TABLE `call_assignments` (
	`company_id` text NOT NULL,
	`call_id` text NOT NULL,
	`member_id` text NOT NULL,
	`assigned_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `call_assignments_call_member_idx` ON `call_assignments` (`company_id`,`call_id`,`member_id`);--> statement-breakpoint
CREATE INDEX `call_assignments_company_member_idx` ON `call_assignments` (`company_id`,`member_id`);--> statement-breakpoint
CREATE TABLE `call_daily_totals` (
	`company_id` text NOT NULL,
	`local_date` text NOT NULL,
	`direction` text NOT NULL,
	`result` text NOT NULL,
	`calls` integer NOT NULL,
	`duration_seconds` integer NOT NULL,
	`cost_minor` integer NOT NULL,
	PRIMARY KEY(`company_id`, `local_date`, `direction`, `result`)
);
--> statement-breakpoint
CREATE TABLE `call_label_links` (
	`company_id` text NOT NULL,
	`call_id` text NOT NULL,
	`label_key` text NOT NULL,
	`labeled_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `call_label_links_call_label_idx` ON `call_label_links` (`company_id`,`call_id`,`label_key`);--> statement-breakpoint
CREATE TABLE `call_labels` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`color` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `call_labels_company_key_idx` ON `call_labels` (`company_id`,`key`);--> statement-breakpoint
CREATE INDEX `call_labels_company_created_idx` ON `call_labels` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `call_qualifications` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`call_id` text NOT NULL,
	`verdict` text NOT NULL,
	`score` integer NOT NULL,
	`reason` text,
	`qualified_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `call_qualifications_company_call_idx` ON `call_qualifications` (`company_id`,`call_id`);--> statement-breakpoint
CREATE INDEX `call_qualifications_company_qualified_idx` ON `call_qualifications` (`company_id`,`qualified_at`,`id`);--> statement-breakpoint
CREATE INDEX `call_qualifications_company_verdict_idx` ON `call_qualifications` (`company_id`,`verdict`,`qualified_at`,`id`);--> statement-breakpoint
CREATE TABLE `call_settings` (
	`company_id` text PRIMARY KEY NOT NULL,
	`time_zone` text,
	`retention_days` integer DEFAULT 365 NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `calls` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`direction` text NOT NULL,
	`from_number` text NOT NULL,
	`to_number` text NOT NULL,
	`agent_id` text,
	`result` text NOT NULL,
	`started_at` text NOT NULL,
	`ended_at` text NOT NULL,
	`local_date` text NOT NULL,
	`duration_seconds` integer NOT NULL,
	`cost_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`summary` text,
	`members_version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `calls_company_started_idx` ON `calls` (`company_id`,`started_at`,`id`,`result`,`duration_seconds`,`cost_minor`);--> statement-breakpoint
CREATE TABLE `phone_numbers` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`e164` text NOT NULL,
	`name` text NOT NULL,
	`country` text NOT NULL,
	`capabilities` text NOT NULL,
	`agent_id` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `phone_numbers_company_e164_idx` ON `phone_numbers` (`company_id`,`e164`);--> statement-breakpoint
CREATE INDEX `phone_numbers_company_created_idx` ON `phone_numbers` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `rate_costs` (
	`company_id` text NOT NULL,
	`prefix` text NOT NULL,
	`provider` text NOT NULL,
	`cost_per_minute_micros` integer NOT NULL,
	`currency` text NOT NULL,
	`multiplier_basis_points` integer NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rate_costs_company_prefix_idx` ON `rate_costs` (`company_id`,`prefix`);--> statement-breakpoint
CREATE TABLE `sale_rates` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`prefix` text NOT NULL,
	`country` text NOT NULL,
	`destination` text NOT NULL,
	`price_per_minute_micros` integer NOT NULL,
	`currency` text NOT NULL,
	`minimum_seconds` integer NOT NULL,
	`billing_increment_seconds` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sale_rates_company_prefix_idx` ON `sale_rates` (`company_id`,`prefix`);--> statement-breakpoint
CREATE INDEX `sale_rates_company_created_idx` ON `sale_rates` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `sale_rates_company_country_idx` ON `sale_rates` (`company_id`,`country`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `sip_extensions` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`extension` text NOT NULL,
	`name` text NOT NULL,
	`member_id` text,
	`profile_id` text,
	`status` text NOT NULL,
	`sip_username` text NOT NULL,
	`sip_domain` text NOT NULL,
	`sip_secret` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sip_extensions_company_extension_idx` ON `sip_extensions` (`company_id`,`extension`);--> statement-breakpoint
CREATE INDEX `sip_extensions_company_created_idx` ON `sip_extensions` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `sip_extensions_company_status_idx` ON `sip_extensions` (`company_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `telephony_profiles` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`transport` text NOT NULL,
	`codecs` text NOT NULL,
	`dtmf_mode` text NOT NULL,
	`srtp` integer NOT NULL,
	`recording` integer NOT NULL,
	`max_concurrent_calls` integer NOT NULL,
	`trunk_host` text,
	`trunk_username` text,
	`trunk_secret` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `telephony_profiles_company_created_idx` ON `telephony_profiles` (`company_id`,`created_at`,`id`);--> statement-breakpoint
-- call_daily_totals follows the calls table (custom part: drizzle's schema cannot express a
-- trigger). Every insert, change and removal of a call adjusts its day's totals in the same
-- statement, so the totals always equal an aggregate over calls, whatever writes the calls.
CREATE TRIGGER `calls_totals_insert` AFTER INSERT ON `calls`
BEGIN
  INSERT INTO `call_daily_totals` (`company_id`, `local_date`, `direction`, `result`, `calls`, `duration_seconds`, `cost_minor`)
  VALUES (NEW.`company_id`, NEW.`local_date`, NEW.`direction`, NEW.`result`, 1, NEW.`duration_seconds`, NEW.`cost_minor`)
  ON CONFLICT (`company_id`, `local_date`, `direction`, `result`) DO UPDATE SET
    `calls` = `calls` + 1,
    `duration_seconds` = `duration_seconds` + excluded.`duration_seconds`,
    `cost_minor` = `cost_minor` + excluded.`cost_minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `calls_totals_delete` AFTER DELETE ON `calls`
BEGIN
  UPDATE `call_daily_totals` SET
    `calls` = `calls` - 1,
    `duration_seconds` = `duration_seconds` - OLD.`duration_seconds`,
    `cost_minor` = `cost_minor` - OLD.`cost_minor`
  WHERE `company_id` = OLD.`company_id` AND `local_date` = OLD.`local_date` AND `direction` = OLD.`direction` AND `result` = OLD.`result`;
END;
--> statement-breakpoint
CREATE TRIGGER `calls_totals_update` AFTER UPDATE OF `company_id`, `local_date`, `direction`, `result`, `duration_seconds`, `cost_minor` ON `calls`
BEGIN
  UPDATE `call_daily_totals` SET
    `calls` = `calls` - 1,
    `duration_seconds` = `duration_seconds` - OLD.`duration_seconds`,
    `cost_minor` = `cost_minor` - OLD.`cost_minor`
  WHERE `company_id` = OLD.`company_id` AND `local_date` = OLD.`local_date` AND `direction` = OLD.`direction` AND `result` = OLD.`result`;
  INSERT INTO `call_daily_totals` (`company_id`, `local_date`, `direction`, `result`, `calls`, `duration_seconds`, `cost_minor`)
  VALUES (NEW.`company_id`, NEW.`local_date`, NEW.`direction`, NEW.`result`, 1, NEW.`duration_seconds`, NEW.`cost_minor`)
  ON CONFLICT (`company_id`, `local_date`, `direction`, `result`) DO UPDATE SET
    `calls` = `calls` + 1,
    `duration_seconds` = `duration_seconds` + excluded.`duration_seconds`,
    `cost_minor` = `cost_minor` + excluded.`cost_minor`;
END;
