ALTER TABLE `whatsapp_messages` ADD `media_object_key` text;--> statement-breakpoint
ALTER TABLE `mailbox_messages` ADD `remote_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `mailbox_messages_company_mailbox_remote_idx` ON `mailbox_messages` (`company_id`,`mailbox_id`,`remote_id`);--> statement-breakpoint
ALTER TABLE `mailboxes` ADD `sync_state` text;--> statement-breakpoint
ALTER TABLE `mailboxes` ADD `import_state` text;--> statement-breakpoint
ALTER TABLE `mailboxes` ADD `import_position` integer DEFAULT 0 NOT NULL;