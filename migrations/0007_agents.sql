CREATE TABLE `agent_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`agent_id` text NOT NULL,
	`number` integer NOT NULL,
	`base_version` integer NOT NULL,
	`status` text NOT NULL,
	`source` text NOT NULL,
	`yaml` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `agent_versions_agent_number_idx` ON `agent_versions` (`agent_id`,`number`);--> statement-breakpoint
CREATE INDEX `agent_versions_company_agent_number_idx` ON `agent_versions` (`company_id`,`agent_id`,`number`,`id`);--> statement-breakpoint
CREATE TABLE `agents` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`language` text NOT NULL,
	`voice_id` text NOT NULL,
	`greeting` text NOT NULL,
	`prompt` text NOT NULL,
	`status` text NOT NULL,
	`template_id` text,
	`latest_version` integer NOT NULL,
	`published_version` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`row_version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `agents_company_created_idx` ON `agents` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `agents_company_status_created_idx` ON `agents` (`company_id`,`status`,`created_at`,`id`);