ALTER TABLE `whatsapp_connections` ADD `token_expires_at` text;--> statement-breakpoint
ALTER TABLE `whatsapp_connections` ADD `token_refreshed_at` text;--> statement-breakpoint
ALTER TABLE `whatsapp_connections` ADD `disabled_reason` text;--> statement-breakpoint
ALTER TABLE `whatsapp_connections` ADD `disabled_at` text;--> statement-breakpoint
ALTER TABLE `whatsapp_connections` ADD `version` integer DEFAULT 1 NOT NULL;