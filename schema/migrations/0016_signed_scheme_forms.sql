CREATE TABLE `signed_scheme_forms` (
	`id` text PRIMARY KEY NOT NULL,
	`submission_id` text NOT NULL,
	`registration_form_id` text,
	`scheme_key` text NOT NULL,
	`scheme_name` text NOT NULL,
	`file_name` text NOT NULL,
	`file_size` integer NOT NULL,
	`object_key` text NOT NULL,
	`sha256` text NOT NULL,
	`profile_version` integer NOT NULL,
	`signed_from` text NOT NULL,
	`signed_at` integer NOT NULL,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`registration_form_id`) REFERENCES `medical_aid_documents`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `signed_scheme_forms_submission_idx` ON `signed_scheme_forms` (`submission_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `signed_scheme_forms_object_key_uq` ON `signed_scheme_forms` (`object_key`);