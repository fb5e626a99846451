CREATE TABLE `conversations` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`company_id` text NOT NULL,
	`connection_id` text NOT NULL,
	`contact_phone` text NOT NULL,
	`contact_name` text,
	`contact_id` text,
	`status` text NOT NULL,
	`mode` text NOT NULL,
	`taken_over_by_key_id` text,
	`taken_over_by_name` text,
	`taken_over_at` text,
	`last_message_at` text,
	`last_message_preview` text,
	`last_inbound_at` text,
	`unread_count` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_id_idx` ON `conversations` (`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_company_connection_phone_idx` ON `conversations` (`company_id`,`connection_id`,`contact_phone`);--> statement-breakpoint
CREATE INDEX `conversations_company_seq_idx` ON `conversations` (`company_id`,`seq`);--> statement-breakpoint
CREATE INDEX `conversations_company_status_seq_idx` ON `conversations` (`company_id`,`status`,`seq`);--> statement-breakpoint
CREATE INDEX `conversations_company_phone_idx` ON `conversations` (`company_id`,`contact_phone`,`last_inbound_at`);--> statement-breakpoint
CREATE TABLE `whatsapp_messages` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`company_id` text NOT NULL,
	`conversation_id` text NOT NULL,
	`connection_id` text NOT NULL,
	`direction` text NOT NULL,
	`type` text NOT NULL,
	`author` text NOT NULL,
	`text` text,
	`media_id` text,
	`media_mime_type` text,
	`template_name` text,
	`template_language` text,
	`template_parameters` text,
	`status` text,
	`provider_message_id` text,
	`error` text,
	`created_at` text NOT NULL,
	`sent_at` text,
	`delivered_at` text,
	`read_at` text,
	`failed_at` text,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapp_messages_id_idx` ON `whatsapp_messages` (`id`);--> statement-breakpoint
CREATE INDEX `whatsapp_messages_company_seq_idx` ON `whatsapp_messages` (`company_id`,`seq`);--> statement-breakpoint
CREATE INDEX `whatsapp_messages_company_conversation_seq_idx` ON `whatsapp_messages` (`company_id`,`conversation_id`,`seq`);--> statement-breakpoint
CREATE TABLE `whatsapp_connections` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`company_id` text NOT NULL,
	`phone_number` text NOT NULL,
	`display_name` text NOT NULL,
	`phone_number_id` text NOT NULL,
	`business_account_id` text NOT NULL,
	`status` text NOT NULL,
	`credentials` text NOT NULL,
	`connected_at` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapp_connections_id_idx` ON `whatsapp_connections` (`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapp_connections_company_phone_idx` ON `whatsapp_connections` (`company_id`,`phone_number`);--> statement-breakpoint
CREATE INDEX `whatsapp_connections_company_seq_idx` ON `whatsapp_connections` (`company_id`,`seq`);--> statement-breakpoint
CREATE TABLE `whatsapp_whitelist` (
	`company_id` text NOT NULL,
	`phone` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`company_id`, `phone`)
);
