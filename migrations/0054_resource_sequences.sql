ALTER TABLE `calls` ADD `sequence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sms_messages` ADD `sequence` integer DEFAULT 0 NOT NULL;