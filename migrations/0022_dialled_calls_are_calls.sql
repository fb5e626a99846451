-- A dialled call is a row of `calls` from the moment it is dialled (status queued), not only once
-- it ended: calls gains `status`, and `result` and `ended_at` are null until the call ends.
-- SQLite cannot relax NOT NULL in place, so calls is rebuilt (drizzle-kit's generated steps, with
-- the new status column left to its default for the calls that exist: they all ended).
CREATE TABLE `__new_calls` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`direction` text NOT NULL,
	`from_number` text NOT NULL,
	`to_number` text NOT NULL,
	`agent_id` text,
	`status` text DEFAULT 'completed' NOT NULL,
	`result` text,
	`started_at` text NOT NULL,
	`ended_at` text,
	`local_date` text NOT NULL,
	`duration_seconds` integer DEFAULT 0 NOT NULL,
	`cost_minor` integer DEFAULT 0 NOT NULL,
	`currency` text NOT NULL,
	`summary` text,
	`members_version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_calls`("id", "company_id", "direction", "from_number", "to_number", "agent_id", "result", "started_at", "ended_at", "local_date", "duration_seconds", "cost_minor", "currency", "summary", "members_version") SELECT "id", "company_id", "direction", "from_number", "to_number", "agent_id", "result", "started_at", "ended_at", "local_date", "duration_seconds", "cost_minor", "currency", "summary", "members_version" FROM `calls`;--> statement-breakpoint
DROP TABLE `calls`;--> statement-breakpoint
ALTER TABLE `__new_calls` RENAME TO `calls`;--> statement-breakpoint
CREATE INDEX `calls_company_started_idx` ON `calls` (`company_id`,`started_at`,`id`,`result`,`duration_seconds`,`cost_minor`);--> statement-breakpoint
CREATE INDEX `calls_company_status_idx` ON `calls` (`company_id`,`status`);--> statement-breakpoint
-- call_daily_totals follows the calls table (custom part: drizzle's schema cannot express a
-- trigger; the rebuild above dropped 0008's). Every insert, change and removal of a call adjusts
-- its day's totals in the same statement. Only ended calls count: a call without a result yet
-- (queued, ringing, in progress) adds nothing, and is added when its result is written.
CREATE TRIGGER `calls_totals_insert` AFTER INSERT ON `calls` WHEN NEW.`result` IS NOT NULL
BEGIN
  INSERT INTO `call_daily_totals` (`company_id`, `local_date`, `direction`, `result`, `calls`, `duration_seconds`, `cost_minor`)
  VALUES (NEW.`company_id`, NEW.`local_date`, NEW.`direction`, NEW.`result`, 1, NEW.`duration_seconds`, NEW.`cost_minor`)
  ON CONFLICT (`company_id`, `local_date`, `direction`, `result`) DO UPDATE SET
    `calls` = `calls` + 1,
    `duration_seconds` = `duration_seconds` + excluded.`duration_seconds`,
    `cost_minor` = `cost_minor` + excluded.`cost_minor`;
END;
--> statement-breakpoint
CREATE TRIGGER `calls_totals_delete` AFTER DELETE ON `calls` WHEN OLD.`result` IS NOT NULL
BEGIN
  UPDATE `call_daily_totals` SET
    `calls` = `calls` - 1,
    `duration_seconds` = `duration_seconds` - OLD.`duration_seconds`,
    `cost_minor` = `cost_minor` - OLD.`cost_minor`
  WHERE `company_id` = OLD.`company_id` AND `local_date` = OLD.`local_date` AND `direction` = OLD.`direction` AND `result` = OLD.`result`;
END;
--> statement-breakpoint
CREATE TRIGGER `calls_totals_update` AFTER UPDATE OF `company_id`, `local_date`, `direction`, `result`, `duration_seconds`, `cost_minor` ON `calls`
BEGIN
  UPDATE `call_daily_totals` SET
    `calls` = `calls` - 1,
    `duration_seconds` = `duration_seconds` - OLD.`duration_seconds`,
    `cost_minor` = `cost_minor` - OLD.`cost_minor`
  WHERE OLD.`result` IS NOT NULL
    AND `company_id` = OLD.`company_id` AND `local_date` = OLD.`local_date` AND `direction` = OLD.`direction` AND `result` = OLD.`result`;
  INSERT INTO `call_daily_totals` (`company_id`, `local_date`, `direction`, `result`, `calls`, `duration_seconds`, `cost_minor`)
  SELECT NEW.`company_id`, NEW.`local_date`, NEW.`direction`, NEW.`result`, 1, NEW.`duration_seconds`, NEW.`cost_minor`
  WHERE NEW.`result` IS NOT NULL
  ON CONFLICT (`company_id`, `local_date`, `direction`, `result`) DO UPDATE SET
    `calls` = `calls` + 1,
    `duration_seconds` = `duration_seconds` + excluded.`duration_seconds`,
    `cost_minor` = `cost_minor` + excluded.`cost_minor`;
END;
--> statement-breakpoint
-- Dialled calls still in progress become calls now (those that ended already have their row).
-- Their local date is read in UTC: the company's time zone is not known to SQL.
INSERT INTO `calls` ("id", "company_id", "direction", "from_number", "to_number", "agent_id", "status", "result", "started_at", "ended_at", "local_date", "duration_seconds", "cost_minor", "currency")
SELECT d."id", d."company_id", 'outbound', coalesce(d."from_number", ''), d."to_number", d."agent_id", d."status", NULL, d."created_at", NULL, substr(d."created_at", 1, 10), 0, 0, d."currency"
FROM `dialled_calls` d
WHERE d."status" IN ('queued', 'ringing', 'in_progress') AND d."id" NOT IN (SELECT "id" FROM `calls`);--> statement-breakpoint
DROP INDEX `dialled_calls_company_status_idx`;--> statement-breakpoint
ALTER TABLE `dialled_calls` DROP COLUMN `agent_id`;--> statement-breakpoint
ALTER TABLE `dialled_calls` DROP COLUMN `to_number`;--> statement-breakpoint
ALTER TABLE `dialled_calls` DROP COLUMN `from_number`;--> statement-breakpoint
ALTER TABLE `dialled_calls` DROP COLUMN `status`;--> statement-breakpoint
ALTER TABLE `dialled_calls` DROP COLUMN `result`;--> statement-breakpoint
ALTER TABLE `dialled_calls` DROP COLUMN `duration_seconds`;--> statement-breakpoint
ALTER TABLE `dialled_calls` DROP COLUMN `cost_minor`;--> statement-breakpoint
ALTER TABLE `dialled_calls` DROP COLUMN `ended_at`;
