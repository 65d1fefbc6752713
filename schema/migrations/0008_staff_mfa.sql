ALTER TABLE `staff_users` ADD `totp_secret` text;--> statement-breakpoint
ALTER TABLE `staff_users` ADD `totp_pending_secret` text;--> statement-breakpoint
ALTER TABLE `staff_users` ADD `totp_last_step` integer;--> statement-breakpoint
ALTER TABLE `staff_users` ADD `recovery_code_hashes` text;