ALTER TABLE `billing_invoices` ADD `seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `billing_invoices` ADD `lines` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `billing_invoices` ADD `reference_type` text;--> statement-breakpoint
ALTER TABLE `billing_invoices` ADD `reference_id` text;--> statement-breakpoint
ALTER TABLE `billing_invoices` ADD `ledger_entry_id` text;--> statement-breakpoint
-- Hand-written backfill (drizzle-kit cannot know it): invoices issued before seq existed are numbered per company in issue order.
UPDATE `billing_invoices` SET `seq` = (SELECT count(*) FROM `billing_invoices` AS `earlier` WHERE `earlier`.`company_id` = `billing_invoices`.`company_id` AND (`earlier`.`issued_at` < `billing_invoices`.`issued_at` OR (`earlier`.`issued_at` = `billing_invoices`.`issued_at` AND `earlier`.`id` <= `billing_invoices`.`id`)));--> statement-breakpoint
CREATE UNIQUE INDEX `billing_invoices_company_seq_idx` ON `billing_invoices` (`company_id`,`seq`);--> statement-breakpoint
CREATE UNIQUE INDEX `billing_invoices_company_number_idx` ON `billing_invoices` (`company_id`,`number`);--> statement-breakpoint
ALTER TABLE `company_addons` ADD `status` text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE `company_addons` ADD `current_period_end` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `company_addons` ADD `renewal_id` text;--> statement-breakpoint
ALTER TABLE `company_addons` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Hand-written backfill: add-ons hired before renewals existed renew on their next anniversary after this migration.
UPDATE `company_addons` SET `current_period_end` = (SELECT CASE WHEN datetime(`hired_at`, '+' || m || ' months') > datetime('now') THEN strftime('%Y-%m-%dT%H:%M:%fZ', `hired_at`, '+' || m || ' months') ELSE strftime('%Y-%m-%dT%H:%M:%fZ', `hired_at`, '+' || (m + 1) || ' months') END FROM (SELECT max(1, (CAST(strftime('%Y', 'now') AS integer) - CAST(strftime('%Y', `hired_at`) AS integer)) * 12 + CAST(strftime('%m', 'now') AS integer) - CAST(strftime('%m', `hired_at`) AS integer)) AS m)), `renewal_id` = 'migrated-addon-' || `company_id` || '-' || `addon_type`;--> statement-breakpoint
INSERT INTO `due_work` (`id`, `company_id`, `kind`, `payload`, `due_at`, `created_at`) SELECT `renewal_id`, `company_id`, 'billing.renew_addon', json_object('addonType', `addon_type`), `current_period_end`, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM `company_addons` WHERE `renewal_id` LIKE 'migrated-addon-%';--> statement-breakpoint
ALTER TABLE `sip_trunks` ADD `status` text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE `sip_trunks` ADD `current_period_end` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `sip_trunks` ADD `renewal_id` text;--> statement-breakpoint
-- Hand-written backfill: SIP trunks created before renewals existed renew on their next anniversary after this migration.
UPDATE `sip_trunks` SET `current_period_end` = (SELECT CASE WHEN datetime(`created_at`, '+' || m || ' months') > datetime('now') THEN strftime('%Y-%m-%dT%H:%M:%fZ', `created_at`, '+' || m || ' months') ELSE strftime('%Y-%m-%dT%H:%M:%fZ', `created_at`, '+' || (m + 1) || ' months') END FROM (SELECT max(1, (CAST(strftime('%Y', 'now') AS integer) - CAST(strftime('%Y', `created_at`) AS integer)) * 12 + CAST(strftime('%m', 'now') AS integer) - CAST(strftime('%m', `created_at`) AS integer)) AS m)), `renewal_id` = 'migrated-trunk-' || `id`;--> statement-breakpoint
INSERT INTO `due_work` (`id`, `company_id`, `kind`, `payload`, `due_at`, `created_at`) SELECT `renewal_id`, `company_id`, 'sip-trunks.renew_trunk', json_object('trunkId', `id`), `current_period_end`, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM `sip_trunks` WHERE `renewal_id` LIKE 'migrated-trunk-%';
