CREATE TABLE `contact_list_members` (
	`list_id` text NOT NULL,
	`contact_id` text NOT NULL,
	`company_id` text NOT NULL,
	`added_at` text NOT NULL,
	PRIMARY KEY(`list_id`, `contact_id`)
);
--> statement-breakpoint
CREATE INDEX `contact_list_members_company_list_added_idx` ON `contact_list_members` (`company_id`,`list_id`,`added_at`,`contact_id`);--> statement-breakpoint
CREATE TABLE `contact_lists` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contact_lists_company_created_idx` ON `contact_lists` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `contacts` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`first_name` text,
	`last_name` text,
	`phone` text,
	`email` text,
	`company_name` text,
	`tags` text NOT NULL,
	`notes` text,
	`custom_fields` text NOT NULL,
	`source` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contacts_company_phone_idx` ON `contacts` (`company_id`,`phone`);--> statement-breakpoint
CREATE UNIQUE INDEX `contacts_company_email_idx` ON `contacts` (`company_id`,`email`);--> statement-breakpoint
CREATE INDEX `contacts_company_created_idx` ON `contacts` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `team_invites` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`email` text NOT NULL,
	`role_id` text,
	`invited_by` text,
	`status` text NOT NULL,
	`expires_at` text NOT NULL,
	`accepted_at` text,
	`revoked_at` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `team_invites_company_created_idx` ON `team_invites` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `team_invites_company_status_created_idx` ON `team_invites` (`company_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `team_members` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`handle` text NOT NULL,
	`role_id` text,
	`status` text NOT NULL,
	`last_active_at` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `team_members_company_created_idx` ON `team_members` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `team_members_company_status_created_idx` ON `team_members` (`company_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `team_members_company_role_idx` ON `team_members` (`company_id`,`role_id`);--> statement-breakpoint
CREATE TABLE `team_roles` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`permissions` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `team_roles_company_created_idx` ON `team_roles` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `team_seats` (
	`company_id` text PRIMARY KEY NOT NULL,
	`contracted` integer NOT NULL,
	`updated_at` text NOT NULL
);
