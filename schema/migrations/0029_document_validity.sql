CREATE TABLE `document_reminders` (
	`document_id` text NOT NULL,
	`step` text NOT NULL,
	`good_until` text NOT NULL,
	`sent_by` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`document_id`, `step`, `good_until`),
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `document_validity_rules` (
	`section_key` text PRIMARY KEY NOT NULL,
	`rule` text NOT NULL,
	`source` text NOT NULL,
	`updated_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `document_validity_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`reminder_lead_days` text NOT NULL,
	`updated_by` text,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `documents` ADD `validity_date` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `good_until` text;--> statement-breakpoint
CREATE INDEX `documents_good_until_idx` ON `documents` (`good_until`);