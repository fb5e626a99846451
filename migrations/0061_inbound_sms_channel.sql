ALTER TABLE `conversations` ADD `channel` text DEFAULT 'whatsapp' NOT NULL;--> statement-breakpoint
ALTER TABLE `whatsapp_messages` ADD `channel` text DEFAULT 'whatsapp' NOT NULL;