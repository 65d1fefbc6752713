ALTER TABLE `staff_users` ADD `enrolment_code_hash` text;--> statement-breakpoint
ALTER TABLE `staff_users` ADD `enrolment_expires_at` integer;