ALTER TABLE `upload_tickets` ADD `multipart_upload_id` text;--> statement-breakpoint
ALTER TABLE `upload_tickets` ADD `total_bytes` integer;--> statement-breakpoint
ALTER TABLE `upload_tickets` ADD `part_bytes` integer;--> statement-breakpoint
ALTER TABLE `upload_tickets` ADD `completed_at` integer;