PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_conversations` (
	`seq` integer DEFAULT 0 NOT NULL,
	`id` text PRIMARY KEY NOT NULL,
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
INSERT INTO `__new_conversations`("seq", "id", "company_id", "connection_id", "contact_phone", "contact_name", "contact_id", "status", "mode", "taken_over_by_key_id", "taken_over_by_name", "taken_over_at", "last_message_at", "last_message_preview", "last_inbound_at", "unread_count", "created_at", "updated_at") SELECT "seq", "id", "company_id", "connection_id", "contact_phone", "contact_name", "contact_id", "status", "mode", "taken_over_by_key_id", "taken_over_by_name", "taken_over_at", "last_message_at", "last_message_preview", "last_inbound_at", "unread_count", "created_at", "updated_at" FROM `conversations`;--> statement-breakpoint
DROP TABLE `conversations`;--> statement-breakpoint
ALTER TABLE `__new_conversations` RENAME TO `conversations`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_company_connection_phone_idx` ON `conversations` (`company_id`,`connection_id`,`contact_phone`);--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_company_seq_idx` ON `conversations` (`company_id`,`seq`);--> statement-breakpoint
CREATE INDEX `conversations_company_status_seq_idx` ON `conversations` (`company_id`,`status`,`seq`);--> statement-breakpoint
CREATE INDEX `conversations_company_phone_idx` ON `conversations` (`company_id`,`contact_phone`,`last_inbound_at`);--> statement-breakpoint
CREATE TABLE `__new_whatsapp_messages` (
	`seq` integer DEFAULT 0 NOT NULL,
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`conversation_id` text NOT NULL,
	`connection_id` text NOT NULL,
	`direction` text NOT NULL,
	`type` text NOT NULL,
	`author` text NOT NULL,
	`text` text,
	`media_id` text,
	`media_mime_type` text,
	`media_object_key` text,
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
INSERT INTO `__new_whatsapp_messages`("seq", "id", "company_id", "conversation_id", "connection_id", "direction", "type", "author", "text", "media_id", "media_mime_type", "media_object_key", "template_name", "template_language", "template_parameters", "status", "provider_message_id", "error", "created_at", "sent_at", "delivered_at", "read_at", "failed_at", "updated_at") SELECT "seq", "id", "company_id", "conversation_id", "connection_id", "direction", "type", "author", "text", "media_id", "media_mime_type", "media_object_key", "template_name", "template_language", "template_parameters", "status", "provider_message_id", "error", "created_at", "sent_at", "delivered_at", "read_at", "failed_at", "updated_at" FROM `whatsapp_messages`;--> statement-breakpoint
DROP TABLE `whatsapp_messages`;--> statement-breakpoint
ALTER TABLE `__new_whatsapp_messages` RENAME TO `whatsapp_messages`;--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapp_messages_company_seq_idx` ON `whatsapp_messages` (`company_id`,`seq`);--> statement-breakpoint
CREATE INDEX `whatsapp_messages_company_conversation_seq_idx` ON `whatsapp_messages` (`company_id`,`conversation_id`,`seq`);--> statement-breakpoint
CREATE INDEX `whatsapp_messages_company_provider_id_idx` ON `whatsapp_messages` (`company_id`,`provider_message_id`);--> statement-breakpoint
CREATE TABLE `__new_whatsapp_connections` (
	`seq` integer DEFAULT 0 NOT NULL,
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`phone_number` text NOT NULL,
	`display_name` text NOT NULL,
	`phone_number_id` text NOT NULL,
	`business_account_id` text NOT NULL,
	`status` text NOT NULL,
	`credentials` text NOT NULL,
	`token_expires_at` text,
	`token_refreshed_at` text,
	`disabled_reason` text,
	`disabled_at` text,
	`version` integer DEFAULT 1 NOT NULL,
	`connected_at` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_whatsapp_connections`("seq", "id", "company_id", "phone_number", "display_name", "phone_number_id", "business_account_id", "status", "credentials", "token_expires_at", "token_refreshed_at", "disabled_reason", "disabled_at", "version", "connected_at", "created_at") SELECT "seq", "id", "company_id", "phone_number", "display_name", "phone_number_id", "business_account_id", "status", "credentials", "token_expires_at", "token_refreshed_at", "disabled_reason", "disabled_at", "version", "connected_at", "created_at" FROM `whatsapp_connections`;--> statement-breakpoint
DROP TABLE `whatsapp_connections`;--> statement-breakpoint
ALTER TABLE `__new_whatsapp_connections` RENAME TO `whatsapp_connections`;--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapp_connections_company_phone_idx` ON `whatsapp_connections` (`company_id`,`phone_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapp_connections_company_seq_idx` ON `whatsapp_connections` (`company_id`,`seq`);--> statement-breakpoint
CREATE INDEX `whatsapp_connections_phone_number_id_idx` ON `whatsapp_connections` (`phone_number_id`,`company_id`);