CREATE TABLE `practitioner_profiles` (
	`submission_id` text PRIMARY KEY NOT NULL,
	`sealed_profile` text NOT NULL,
	`version` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade
);
