-- Staff search and the dashboard's counts without reading every submission (issue 28,
-- decision 103). Custom SQL: drizzle cannot declare a virtual table or triggers.
--
-- submission_search: a trigram full-text index of exactly the texts the staff search matches
-- (name as "first last", e-mail, practice number, tracking token, reference). Its rowid is the
-- submission's rowid (VACUUM INTO and the backup's row copy keep rowids); submission_id is
-- stored, not indexed, so the search joins on the primary key. The search re-checks each
-- candidate with its original case-folded LIKE, so the index only narrows, never changes, what
-- matches.
CREATE VIRTUAL TABLE `submission_search` USING fts5(
  `submission_id` UNINDEXED, `name`, `email`, `practice_number`, `tracking_token`, `reference`,
  tokenize = 'trigram'
);--> statement-breakpoint
-- A deleted practitioner's trigrams leave the index at once, not at a later merge (POPIA, as
-- secure_delete does for the tables).
INSERT INTO `submission_search` (`submission_search`, `rank`) VALUES ('secure-delete', 1);--> statement-breakpoint
INSERT INTO `submission_search` (`rowid`, `submission_id`, `name`, `email`, `practice_number`, `tracking_token`, `reference`)
  SELECT `rowid`, `id`, `first_name` || ' ' || `last_name`, `email`, coalesce(`practice_number`, ''), `tracking_token`, coalesce(`reference`, '')
  FROM `submissions`;--> statement-breakpoint
CREATE TRIGGER `submission_search_insert` AFTER INSERT ON `submissions` BEGIN
  INSERT INTO `submission_search` (`rowid`, `submission_id`, `name`, `email`, `practice_number`, `tracking_token`, `reference`)
  VALUES (new.`rowid`, new.`id`, new.`first_name` || ' ' || new.`last_name`, new.`email`, coalesce(new.`practice_number`, ''), new.`tracking_token`, coalesce(new.`reference`, ''));
END;--> statement-breakpoint
CREATE TRIGGER `submission_search_update` AFTER UPDATE OF `first_name`, `last_name`, `email`, `practice_number`, `tracking_token`, `reference` ON `submissions` BEGIN
  UPDATE `submission_search` SET
    `name` = new.`first_name` || ' ' || new.`last_name`, `email` = new.`email`,
    `practice_number` = coalesce(new.`practice_number`, ''), `tracking_token` = new.`tracking_token`,
    `reference` = coalesce(new.`reference`, '')
  WHERE `rowid` = old.`rowid`;
END;--> statement-breakpoint
CREATE TRIGGER `submission_search_delete` AFTER DELETE ON `submissions` BEGIN
  DELETE FROM `submission_search` WHERE `rowid` = old.`rowid`;
END;--> statement-breakpoint
-- dashboard_counts: the stats' and the list's totals, kept by triggers in the same transaction
-- as every write that changes them. Names: 'submissions.<status>' and 'practitioners'.
CREATE TABLE `dashboard_counts` (
  `name` text PRIMARY KEY NOT NULL,
  `n` integer NOT NULL
);--> statement-breakpoint
INSERT INTO `dashboard_counts` (`name`, `n`) VALUES
  ('submissions.pending', 0), ('submissions.under_review', 0), ('submissions.approved', 0),
  ('submissions.rejected', 0), ('practitioners', 0);--> statement-breakpoint
UPDATE `dashboard_counts` SET `n` = (
  SELECT count(*) FROM `submissions` WHERE 'submissions.' || `submissions`.`status` = `dashboard_counts`.`name`
) WHERE `name` LIKE 'submissions.%';--> statement-breakpoint
UPDATE `dashboard_counts` SET `n` = (SELECT count(*) FROM `practitioners`) WHERE `name` = 'practitioners';--> statement-breakpoint
CREATE TRIGGER `submissions_counted_insert` AFTER INSERT ON `submissions` BEGIN
  INSERT INTO `dashboard_counts` (`name`, `n`) VALUES ('submissions.' || new.`status`, 1)
    ON CONFLICT (`name`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `submissions_counted_delete` AFTER DELETE ON `submissions` BEGIN
  UPDATE `dashboard_counts` SET `n` = `n` - 1 WHERE `name` = 'submissions.' || old.`status`;
END;--> statement-breakpoint
CREATE TRIGGER `submissions_counted_status` AFTER UPDATE OF `status` ON `submissions`
  WHEN old.`status` IS NOT new.`status` BEGIN
  UPDATE `dashboard_counts` SET `n` = `n` - 1 WHERE `name` = 'submissions.' || old.`status`;
  INSERT INTO `dashboard_counts` (`name`, `n`) VALUES ('submissions.' || new.`status`, 1)
    ON CONFLICT (`name`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `practitioners_counted_insert` AFTER INSERT ON `practitioners` BEGIN
  INSERT INTO `dashboard_counts` (`name`, `n`) VALUES ('practitioners', 1)
    ON CONFLICT (`name`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `practitioners_counted_delete` AFTER DELETE ON `practitioners` BEGIN
  UPDATE `dashboard_counts` SET `n` = `n` - 1 WHERE `name` = 'practitioners';
END;
