CREATE TABLE `practitioner_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`submission_id` text NOT NULL,
	`status_id` text NOT NULL,
	`request` text NOT NULL,
	`document_id` text,
	`requested_by` text,
	`requested_at` integer NOT NULL,
	`reminders_sent` integer DEFAULT 0 NOT NULL,
	`answered_at` integer,
	`answer_note` text,
	`answer_document_id` text,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`status_id`) REFERENCES `medical_aid_statuses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`requested_by`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`answer_document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `practitioner_requests_status_idx` ON `practitioner_requests` (`status_id`,`requested_at`);--> statement-breakpoint
CREATE INDEX `practitioner_requests_open_idx` ON `practitioner_requests` (`answered_at`,`requested_at`);