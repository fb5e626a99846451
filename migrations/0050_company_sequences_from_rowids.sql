-- Custom migration: the WhatsApp tables' seq moves from SQLite's AUTOINCREMENT (numbered per
-- database) to a sequence per company (src/core/db/sequences.ts), drawn from `sequences` under the
-- series `seq:<table>`. Before the tables are rebuilt (0051, which drops their sqlite_sequence
-- entries), every company's series starts at the database's high-water mark of that table: no
-- company is ever given a number it had before, even one whose newest rows were deleted, so a
-- polling cursor (`since`) a client holds never skips a message. Its existing rows keep their
-- numbers. A database that never numbered a row of the table has no mark: its companies start at 1.
INSERT INTO `sequences` (`company_id`, `series`, `last_value`)
SELECT `company_id`, 'seq:whatsapp_connections', (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = 'whatsapp_connections')
FROM (SELECT `id` AS `company_id` FROM `companies` UNION SELECT `company_id` FROM `whatsapp_connections`)
WHERE (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = 'whatsapp_connections') IS NOT NULL
ON CONFLICT (`company_id`, `series`) DO UPDATE SET `last_value` = max(`last_value`, excluded.`last_value`);
--> statement-breakpoint
INSERT INTO `sequences` (`company_id`, `series`, `last_value`)
SELECT `company_id`, 'seq:conversations', (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = 'conversations')
FROM (SELECT `id` AS `company_id` FROM `companies` UNION SELECT `company_id` FROM `conversations`)
WHERE (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = 'conversations') IS NOT NULL
ON CONFLICT (`company_id`, `series`) DO UPDATE SET `last_value` = max(`last_value`, excluded.`last_value`);
--> statement-breakpoint
INSERT INTO `sequences` (`company_id`, `series`, `last_value`)
SELECT `company_id`, 'seq:whatsapp_messages', (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = 'whatsapp_messages')
FROM (SELECT `id` AS `company_id` FROM `companies` UNION SELECT `company_id` FROM `whatsapp_messages`)
WHERE (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = 'whatsapp_messages') IS NOT NULL
ON CONFLICT (`company_id`, `series`) DO UPDATE SET `last_value` = max(`last_value`, excluded.`last_value`);
