ALTER TABLE `provider_intents` ADD `resource_id` text;--> statement-breakpoint
CREATE INDEX `provider_intents_resource_idx` ON `provider_intents` (`company_id`,`resource_id`);