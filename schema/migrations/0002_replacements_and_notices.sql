CREATE TABLE `practitioner_notices` (
	`id` text PRIMARY KEY NOT NULL,
	`submission_id` text NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`created_at` integer NOT NULL,
	`settled_at` integer,
	`outbox_id` text,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `practitioner_notices_pending_idx` ON `practitioner_notices` (`settled_at`,`submission_id`);--> statement-breakpoint
CREATE INDEX `practitioner_notices_submission_idx` ON `practitioner_notices` (`submission_id`);--> statement-breakpoint
ALTER TABLE `documents` ADD `replaces_document_id` text REFERENCES documents(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `documents` ADD `superseded_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `documents_replaces_uq` ON `documents` (`replaces_document_id`);--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `html` text;