ALTER TABLE `email_messages` ADD `source` text DEFAULT 'api' NOT NULL;--> statement-breakpoint
ALTER TABLE `sms_messages` ADD `source` text DEFAULT 'api' NOT NULL;