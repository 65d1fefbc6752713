ALTER TABLE `submissions` ADD `application_id` text;--> statement-breakpoint
ALTER TABLE `submissions` ADD `request_hash` text;--> statement-breakpoint
CREATE UNIQUE INDEX `submissions_application_id_uq` ON `submissions` (`application_id`);