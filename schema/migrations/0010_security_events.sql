CREATE TABLE `security_events` (
	`id` text PRIMARY KEY NOT NULL,
	`action` text NOT NULL,
	`actor_type` text NOT NULL,
	`actor_id` text,
	`entity_type` text NOT NULL,
	`entity_id` text NOT NULL,
	`submission_id` text,
	`details` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `security_events_created_at_idx` ON `security_events` (`created_at`);--> statement-breakpoint
CREATE INDEX `security_events_submission_idx` ON `security_events` (`submission_id`);--> statement-breakpoint
CREATE TRIGGER `security_events_no_update` BEFORE UPDATE ON `security_events`
BEGIN SELECT RAISE(ABORT, 'the security log is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `security_events_no_delete` BEFORE DELETE ON `security_events`
BEGIN SELECT RAISE(ABORT, 'the security log is append-only'); END;
