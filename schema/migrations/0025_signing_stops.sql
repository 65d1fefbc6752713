CREATE TABLE `profile_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`submission_id` text NOT NULL,
	`version` integer NOT NULL,
	`changed_at` integer NOT NULL,
	`sealed_changes` text NOT NULL,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `profile_changes_submission_idx` ON `profile_changes` (`submission_id`,`changed_at`);--> statement-breakpoint
CREATE TABLE `signing_stops` (
	`id` text PRIMARY KEY NOT NULL,
	`submission_id` text NOT NULL,
	`code_digest` text NOT NULL,
	`event` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`raised_at` integer,
	`note` text,
	`resumed_at` integer,
	`resumed_by` text,
	`resume_note` text,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resumed_by`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `signing_stops_code_uq` ON `signing_stops` (`code_digest`);--> statement-breakpoint
CREATE INDEX `signing_stops_submission_idx` ON `signing_stops` (`submission_id`,`raised_at`);--> statement-breakpoint
CREATE INDEX `signing_stops_raised_idx` ON `signing_stops` (`raised_at`,`resumed_at`);