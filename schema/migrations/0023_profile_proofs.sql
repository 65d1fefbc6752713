CREATE TABLE `profile_proofs` (
	`id` text PRIMARY KEY NOT NULL,
	`submission_id` text NOT NULL,
	`code_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`failed_tries` integer DEFAULT 0 NOT NULL,
	`spent_at` integer,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `profile_proofs_submission_idx` ON `profile_proofs` (`submission_id`,`created_at`);