ALTER TABLE `upload_tickets` ADD `stored_bytes` integer;--> statement-breakpoint
ALTER TABLE `upload_tickets` ADD `kept_until` integer;--> statement-breakpoint
CREATE INDEX `upload_tickets_client_idx` ON `upload_tickets` (`client_key`);