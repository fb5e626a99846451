ALTER TABLE `idempotent_answers` ADD `resource_type` text;--> statement-breakpoint
ALTER TABLE `idempotent_answers` ADD `resource_id` text;