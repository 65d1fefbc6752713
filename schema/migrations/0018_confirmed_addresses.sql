DROP INDEX `practitioners_email_uq`;--> statement-breakpoint
ALTER TABLE `practitioners` ADD `email_confirmed_at` integer;--> statement-breakpoint
CREATE INDEX `practitioners_email_idx` ON `practitioners` (`email`);--> statement-breakpoint
ALTER TABLE `submissions` ADD `address_code_hash` text;--> statement-breakpoint
ALTER TABLE `submissions` ADD `address_confirmed_at` integer;