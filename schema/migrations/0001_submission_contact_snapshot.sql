-- Each submission keeps the contact details it was submitted with (decision 007).
-- Edited after drizzle-kit generate: SQLite adds a NOT NULL column to a table that has rows
-- only with a non-null default, so the columns get DEFAULT '' here (the schema in
-- schema/db.ts has none, so every insert must name them), and the existing rows are filled
-- from their practitioner row in this same migration.
ALTER TABLE `submissions` ADD `first_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `submissions` ADD `last_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `submissions` ADD `id_number` text;--> statement-breakpoint
ALTER TABLE `submissions` ADD `email` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `submissions` ADD `phone` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `submissions` ADD `specialization` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `submissions` SET
	`first_name` = `p`.`first_name`,
	`last_name` = `p`.`last_name`,
	`id_number` = `p`.`id_number`,
	`email` = `p`.`email`,
	`phone` = `p`.`phone`,
	`specialization` = `p`.`specialization`
FROM `practitioners` AS `p`
WHERE `p`.`id` = `submissions`.`practitioner_id`;--> statement-breakpoint
CREATE INDEX `submissions_id_number_idx` ON `submissions` (`id_number`);
