CREATE TABLE `practice_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`practice_id` text NOT NULL,
	`section_key` text NOT NULL,
	`section_label` text NOT NULL,
	`file_name` text NOT NULL,
	`file_size` integer NOT NULL,
	`file_type` text NOT NULL,
	`object_key` text NOT NULL,
	`uploaded_at` integer NOT NULL,
	FOREIGN KEY (`practice_id`) REFERENCES `practices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `practice_documents_practice_idx` ON `practice_documents` (`practice_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `practice_documents_object_key_uq` ON `practice_documents` (`object_key`);--> statement-breakpoint
CREATE TABLE `practice_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`practice_id` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`sent_at` integer NOT NULL,
	`send_count` integer DEFAULT 1 NOT NULL,
	`withdrawn_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`practice_id`) REFERENCES `practices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `practice_invitations_token_uq` ON `practice_invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `practice_invitations_practice_idx` ON `practice_invitations` (`practice_id`);--> statement-breakpoint
CREATE TABLE `practice_submissions` (
	`invitation_id` text PRIMARY KEY NOT NULL,
	`practice_id` text NOT NULL,
	`submission_id` text NOT NULL,
	FOREIGN KEY (`invitation_id`) REFERENCES `practice_invitations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`practice_id`) REFERENCES `practices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `practice_submissions_submission_uq` ON `practice_submissions` (`submission_id`);--> statement-breakpoint
CREATE INDEX `practice_submissions_practice_idx` ON `practice_submissions` (`practice_id`);--> statement-breakpoint
CREATE TABLE `practices` (
	`id` text PRIMARY KEY NOT NULL,
	`manager_token_hash` text NOT NULL,
	`name` text NOT NULL,
	`practice_type` text NOT NULL,
	`practice_number` text,
	`address` text NOT NULL,
	`contact_phone` text NOT NULL,
	`contact_email` text NOT NULL,
	`manager_name` text NOT NULL,
	`manager_email` text NOT NULL,
	`selected_parents` text NOT NULL,
	`selected_schemes` text NOT NULL,
	`contract_preferences` text,
	`interested_in_contracts` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `practices_manager_token_uq` ON `practices` (`manager_token_hash`);--> statement-breakpoint
CREATE INDEX `practices_created_at_idx` ON `practices` (`created_at`);