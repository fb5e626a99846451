ALTER TABLE `companies` ADD `suspended_by` text;--> statement-breakpoint
CREATE INDEX `companies_suspended_by_idx` ON `companies` (`suspended_by`);