CREATE TABLE `enrolment_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`submission_id` text NOT NULL,
	`status_id` text NOT NULL,
	`staff_user_id` text,
	`actor` text NOT NULL,
	`changes` text NOT NULL,
	`bulk` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`status_id`) REFERENCES `medical_aid_statuses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`staff_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `enrolment_changes_status_idx` ON `enrolment_changes` (`status_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `medical_aid_statuses` ADD `reason` text;--> statement-breakpoint
ALTER TABLE `medical_aid_statuses` ADD `provider_number` text;--> statement-breakpoint
ALTER TABLE `medical_aid_statuses` ADD `effective_date` text;--> statement-breakpoint
ALTER TABLE `medical_aid_statuses` ADD `reason_detail` text;--> statement-breakpoint
ALTER TABLE `medical_aid_statuses` ADD `follow_up_on` text;--> statement-breakpoint
ALTER TABLE `medical_aid_statuses` ADD `owner_id` text REFERENCES staff_users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `medical_aid_statuses` ADD `internal_notes` text;--> statement-breakpoint
ALTER TABLE `medical_aid_statuses` ADD `hard_copies_received` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `medical_aid_statuses` ADD `outcome_at` integer;--> statement-breakpoint
CREATE INDEX `medical_aid_statuses_follow_up_idx` ON `medical_aid_statuses` (`follow_up_on`);