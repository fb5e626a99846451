-- Compare-and-set for D1 batches (custom migration: drizzle's schema cannot express a trigger).
-- A write that depends on state it read inserts one row into this view inside its own batch:
-- INSERT INTO batch_preconditions (holds) VALUES (<condition>). Nothing is ever stored; when the
-- condition is false the trigger aborts the statement, and with it the whole batch (one
-- transaction), so the write, its audit entry and its events are all discarded together.
CREATE VIEW `batch_preconditions` AS SELECT 1 AS `holds`;
--> statement-breakpoint
CREATE TRIGGER `batch_preconditions_check` INSTEAD OF INSERT ON `batch_preconditions`
WHEN NOT NEW.`holds`
BEGIN
  SELECT RAISE(ABORT, 'batch precondition failed');
END;
