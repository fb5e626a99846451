ALTER TABLE `documents` ADD `source_document_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `documents_company_source_idx` ON `documents` (`company_id`,`source_document_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `fiscal_registry_company_number_idx` ON `fiscal_registry` (`company_id`,`fiscal_number`);