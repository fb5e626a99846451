ALTER TABLE `document_archives` ADD `base_url` text;--> statement-breakpoint
ALTER TABLE `email_identities` ADD `provider_domain_id` integer;--> statement-breakpoint
ALTER TABLE `email_identities` ADD `provider_sender_id` integer;--> statement-breakpoint
ALTER TABLE `email_identities` ADD `dns_records` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `email_identities` ADD `checked_at` text;--> statement-breakpoint
ALTER TABLE `mailboxes` ADD `sealed_credentials` text;--> statement-breakpoint
ALTER TABLE `mailboxes` ADD `inbound_address` text;--> statement-breakpoint
CREATE UNIQUE INDEX `mailboxes_inbound_address_idx` ON `mailboxes` (`inbound_address`);