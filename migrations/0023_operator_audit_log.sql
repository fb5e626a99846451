CREATE TABLE `operator_audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text,
	`operation` text NOT NULL,
	`method` text NOT NULL,
	`path` text NOT NULL,
	`resource_type` text NOT NULL,
	`resource_id` text,
	`request_id` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `operator_audit_log_company_created_idx` ON `operator_audit_log` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `operator_audit_log_created_idx` ON `operator_audit_log` (`created_at`);