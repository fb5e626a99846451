CREATE TABLE `wallet_ledger` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`seq` integer NOT NULL,
	`kind` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`balance_after_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`reference_type` text NOT NULL,
	`reference_id` text NOT NULL,
	`description` text,
	`created_at` text NOT NULL,
	CONSTRAINT "wallet_ledger_balance_after_not_negative" CHECK(balance_after_minor >= 0),
	CONSTRAINT "wallet_ledger_sign_of_kind" CHECK((kind IN ('top_up', 'refund') AND amount_minor > 0) OR (kind = 'charge' AND amount_minor < 0) OR (kind = 'adjustment' AND amount_minor <> 0))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wallet_ledger_company_seq_idx` ON `wallet_ledger` (`company_id`,`seq`);--> statement-breakpoint
CREATE INDEX `wallet_ledger_company_created_idx` ON `wallet_ledger` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `wallets` (
	`company_id` text PRIMARY KEY NOT NULL,
	`currency` text NOT NULL,
	`balance_minor` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	CONSTRAINT "wallets_balance_not_negative" CHECK(balance_minor >= 0)
);
