ALTER TABLE `practitioner_profiles` ADD `bank_fingerprint` text;--> statement-breakpoint
ALTER TABLE `practitioner_profiles` ADD `account_checked_fingerprint` text;--> statement-breakpoint
ALTER TABLE `practitioner_profiles` ADD `account_checked_by` text REFERENCES staff_users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `practitioner_profiles` ADD `account_checked_at` integer;--> statement-breakpoint
ALTER TABLE `signed_scheme_forms` ADD `bank_fingerprint` text;