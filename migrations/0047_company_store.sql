ALTER TABLE `companies` ADD `store` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `companies_store_idx` ON `companies` (`store`);