ALTER TABLE `phone_numbers` ADD `provider_sid` text;--> statement-breakpoint
ALTER TABLE `phone_numbers` ADD `status` text DEFAULT 'active' NOT NULL;