CREATE TABLE `desk_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` integer NOT NULL,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`updated_by`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `practitioner_profiles` ADD `attested_at` integer;--> statement-breakpoint
ALTER TABLE `practitioner_profiles` ADD `attestation_asked_at` integer;