CREATE TABLE `announcements` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`publication_id` text NOT NULL,
	`category` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`published_at` text NOT NULL,
	`withdrawn_at` text
);
--> statement-breakpoint
CREATE INDEX `announcements_company_published_idx` ON `announcements` (`company_id`,`published_at`,`id`);--> statement-breakpoint
CREATE INDEX `announcements_publication_idx` ON `announcements` (`publication_id`);--> statement-breakpoint
CREATE TABLE `alerts` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`kind` text NOT NULL,
	`period` text,
	`threshold_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`silenced_until` text,
	`dismissed_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "alerts_threshold_positive" CHECK(threshold_minor > 0),
	CONSTRAINT "alerts_period_of_kind" CHECK((kind = 'spend' AND period IS NOT NULL) OR (kind <> 'spend' AND period IS NULL))
);
--> statement-breakpoint
CREATE INDEX `alerts_company_created_idx` ON `alerts` (`company_id`,`created_at`,`id`);