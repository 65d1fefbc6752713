DROP INDEX `submissions_created_at_idx`;--> statement-breakpoint
CREATE INDEX `submissions_status_created_idx` ON `submissions` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `submissions_created_at_idx` ON `submissions` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `enrolment_changes_submission_idx` ON `enrolment_changes` (`submission_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `practitioner_requests_submission_idx` ON `practitioner_requests` (`submission_id`,`requested_at`);