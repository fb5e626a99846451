PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_top_ups` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`payment_intent_id` text,
	`ledger_entry_id` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_top_ups`("id", "company_id", "amount_minor", "currency", "status", "payment_intent_id", "ledger_entry_id", "created_at") SELECT "id", "company_id", "amount_minor", "currency", "status", "payment_intent_id", "ledger_entry_id", "created_at" FROM `top_ups`;--> statement-breakpoint
DROP TABLE `top_ups`;--> statement-breakpoint
ALTER TABLE `__new_top_ups` RENAME TO `top_ups`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `top_ups_payment_intent_idx` ON `top_ups` (`payment_intent_id`);--> statement-breakpoint
CREATE INDEX `top_ups_company_created_idx` ON `top_ups` (`company_id`,`created_at`,`id`);