CREATE TABLE `document_archives` (
	`company_id` text PRIMARY KEY NOT NULL,
	`sealed_provider_settings` text,
	`connected_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `email_identities` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`address` text NOT NULL,
	`display_name` text NOT NULL,
	`verified` integer NOT NULL,
	`verified_at` text,
	`sealed_provider_settings` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_identities_company_address_idx` ON `email_identities` (`company_id`,`address`);--> statement-breakpoint
CREATE INDEX `email_identities_company_created_idx` ON `email_identities` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `email_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`identity_id` text NOT NULL,
	`from_address` text NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`status` text NOT NULL,
	`provider_message_id` text,
	`failure_reason` text,
	`created_at` text NOT NULL,
	`sent_at` text
);
--> statement-breakpoint
CREATE INDEX `email_messages_company_created_idx` ON `email_messages` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `email_messages_company_status_idx` ON `email_messages` (`company_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `mailbox_attachments` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`mailbox_id` text NOT NULL,
	`message_id` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`object_key` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `mailbox_attachments_company_message_idx` ON `mailbox_attachments` (`company_id`,`message_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `mailbox_folders` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`mailbox_id` text NOT NULL,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`remote_id` text,
	`position` integer NOT NULL,
	`total_count` integer NOT NULL,
	`unread_count` integer NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `mailbox_folders_company_mailbox_idx` ON `mailbox_folders` (`company_id`,`mailbox_id`,`position`);--> statement-breakpoint
CREATE TABLE `mailbox_grants` (
	`lineage_id` text NOT NULL,
	`mailbox_id` text NOT NULL,
	`company_id` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`lineage_id`, `mailbox_id`)
);
--> statement-breakpoint
CREATE INDEX `mailbox_grants_company_idx` ON `mailbox_grants` (`company_id`,`lineage_id`);--> statement-breakpoint
CREATE TABLE `mailbox_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`mailbox_id` text NOT NULL,
	`folder_id` text,
	`thread_id` text,
	`from_address` text NOT NULL,
	`from_name` text,
	`to` text NOT NULL,
	`cc` text NOT NULL,
	`subject` text NOT NULL,
	`snippet` text NOT NULL,
	`body_text` text NOT NULL,
	`body_html` text,
	`read` integer NOT NULL,
	`attachment_count` integer NOT NULL,
	`received_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `mailbox_messages_company_mailbox_idx` ON `mailbox_messages` (`company_id`,`mailbox_id`,`received_at`,`id`);--> statement-breakpoint
CREATE INDEX `mailbox_messages_company_folder_idx` ON `mailbox_messages` (`company_id`,`folder_id`,`received_at`,`id`);--> statement-breakpoint
CREATE INDEX `mailbox_messages_company_thread_idx` ON `mailbox_messages` (`company_id`,`thread_id`,`received_at`);--> statement-breakpoint
CREATE TABLE `mailbox_threads` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`mailbox_id` text NOT NULL,
	`subject` text NOT NULL,
	`message_count` integer NOT NULL,
	`last_message_at` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `mailbox_threads_company_mailbox_idx` ON `mailbox_threads` (`company_id`,`mailbox_id`,`last_message_at`,`id`);--> statement-breakpoint
CREATE TABLE `mailboxes` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`address` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`remote_account_id` text,
	`last_synced_at` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `mailboxes_company_created_idx` ON `mailboxes` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `recados` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`caller_name` text NOT NULL,
	`phone` text,
	`message` text NOT NULL,
	`call_id` text,
	`taken_at` text NOT NULL,
	`read` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `recados_company_taken_idx` ON `recados` (`company_id`,`taken_at`,`id`);--> statement-breakpoint
CREATE INDEX `recados_company_read_idx` ON `recados` (`company_id`,`read`,`taken_at`,`id`);--> statement-breakpoint
CREATE TABLE `workspaces` (
	`company_id` text PRIMARY KEY NOT NULL,
	`set_up_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sms_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`to_number` text NOT NULL,
	`country` text NOT NULL,
	`body` text NOT NULL,
	`encoding` text NOT NULL,
	`segments` integer NOT NULL,
	`price_per_segment_minor` integer NOT NULL,
	`cost_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`provider_message_id` text,
	`failure_reason` text,
	`refunded` integer NOT NULL,
	`created_at` text NOT NULL,
	`sent_at` text
);
--> statement-breakpoint
CREATE INDEX `sms_messages_company_created_idx` ON `sms_messages` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `sms_messages_company_status_idx` ON `sms_messages` (`company_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `sms_rates` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`country` text NOT NULL,
	`price_per_segment_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sms_rates_company_country_idx` ON `sms_rates` (`company_id`,`country`);