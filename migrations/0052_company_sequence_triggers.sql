-- Custom migration (drizzle's schema cannot express a trigger): each row of these tables takes the
-- next number of its company's sequence (src/core/db/sequences.ts) in the statement that inserts
-- it. An insert leaves seq at its default 0; a row copied with its number (a company moving between
-- stores) keeps it. The UPDATE finds the row by its primary key.
CREATE TRIGGER `whatsapp_connections_seq` AFTER INSERT ON `whatsapp_connections` WHEN NEW.`seq` = 0 BEGIN
  INSERT INTO `sequences` (`company_id`, `series`, `last_value`) VALUES (NEW.`company_id`, 'seq:whatsapp_connections', 1)
    ON CONFLICT (`company_id`, `series`) DO UPDATE SET `last_value` = `last_value` + 1;
  UPDATE `whatsapp_connections` SET `seq` = (SELECT `last_value` FROM `sequences` WHERE `company_id` = NEW.`company_id` AND `series` = 'seq:whatsapp_connections') WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `conversations_seq` AFTER INSERT ON `conversations` WHEN NEW.`seq` = 0 BEGIN
  INSERT INTO `sequences` (`company_id`, `series`, `last_value`) VALUES (NEW.`company_id`, 'seq:conversations', 1)
    ON CONFLICT (`company_id`, `series`) DO UPDATE SET `last_value` = `last_value` + 1;
  UPDATE `conversations` SET `seq` = (SELECT `last_value` FROM `sequences` WHERE `company_id` = NEW.`company_id` AND `series` = 'seq:conversations') WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `whatsapp_messages_seq` AFTER INSERT ON `whatsapp_messages` WHEN NEW.`seq` = 0 BEGIN
  INSERT INTO `sequences` (`company_id`, `series`, `last_value`) VALUES (NEW.`company_id`, 'seq:whatsapp_messages', 1)
    ON CONFLICT (`company_id`, `series`) DO UPDATE SET `last_value` = `last_value` + 1;
  UPDATE `whatsapp_messages` SET `seq` = (SELECT `last_value` FROM `sequences` WHERE `company_id` = NEW.`company_id` AND `series` = 'seq:whatsapp_messages') WHERE `id` = NEW.`id`;
END;
