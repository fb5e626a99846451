ALTER TABLE `calls` ADD `transcript` text;--> statement-breakpoint
ALTER TABLE `calls` ADD `external_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `calls_company_external_idx` ON `calls` (`company_id`,`external_id`);--> statement-breakpoint
CREATE INDEX `recados_company_call_idx` ON `recados` (`company_id`,`call_id`);