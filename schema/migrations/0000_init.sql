CREATE TABLE `audit_logs` (
	`id` text PRIMARY KEY NOT NULL,
	`submission_id` text,
	`actor` text NOT NULL,
	`staff_user_id` text,
	`action` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text NOT NULL,
	`details` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`staff_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_logs_submission_idx` ON `audit_logs` (`submission_id`);--> statement-breakpoint
CREATE INDEX `audit_logs_created_at_idx` ON `audit_logs` (`created_at`);--> statement-breakpoint
CREATE TABLE `consent_records` (
	`id` text PRIMARY KEY NOT NULL,
	`submission_id` text NOT NULL,
	`terms_version` text NOT NULL,
	`consented_at` integer NOT NULL,
	`client_timestamp` text,
	`ip_address` text,
	`user_agent` text,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `consent_records_submission_idx` ON `consent_records` (`submission_id`);--> statement-breakpoint
CREATE TABLE `documents` (
	`id` text PRIMARY KEY NOT NULL,
	`submission_id` text NOT NULL,
	`section_key` text NOT NULL,
	`section_label` text NOT NULL,
	`file_name` text NOT NULL,
	`file_size` integer NOT NULL,
	`file_type` text NOT NULL,
	`object_key` text NOT NULL,
	`status` text DEFAULT 'uploaded' NOT NULL,
	`rejection_reason` text,
	`uploaded_at` integer NOT NULL,
	`reviewed_at` integer,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `documents_submission_idx` ON `documents` (`submission_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `documents_object_key_uq` ON `documents` (`object_key`);--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`key` text PRIMARY KEY NOT NULL,
	`scope` text NOT NULL,
	`request_hash` text NOT NULL,
	`response_status` integer NOT NULL,
	`response_body` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch() * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_pending_idx` ON `mail_outbox` (`sent_at`,`created_at`);--> statement-breakpoint
CREATE TABLE `medical_aid_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`scheme_key` text NOT NULL,
	`scheme_name` text NOT NULL,
	`file_name` text NOT NULL,
	`file_size` integer NOT NULL,
	`file_type` text NOT NULL,
	`storage_path` text NOT NULL,
	`description` text,
	`year` integer,
	`uploaded_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`uploaded_by`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `medical_aid_documents_scheme_idx` ON `medical_aid_documents` (`scheme_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `medical_aid_documents_path_uq` ON `medical_aid_documents` (`storage_path`);--> statement-breakpoint
CREATE TABLE `medical_aid_statuses` (
	`id` text PRIMARY KEY NOT NULL,
	`submission_id` text NOT NULL,
	`scheme_key` text NOT NULL,
	`medical_aid_name` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`requires_hard_copy` integer DEFAULT false NOT NULL,
	`notes` text,
	`last_updated` integer NOT NULL,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `medical_aid_statuses_submission_idx` ON `medical_aid_statuses` (`submission_id`);--> statement-breakpoint
CREATE TABLE `password_resets` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`staff_user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`staff_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `practitioners` (
	`id` text PRIMARY KEY NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`id_number` text,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`specialization` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `practitioners_email_uq` ON `practitioners` (`email`);--> statement-breakpoint
CREATE INDEX `practitioners_id_number_idx` ON `practitioners` (`id_number`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`bucket` text NOT NULL,
	`subject` text NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`bucket`, `subject`, `window_start`)
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`staff_user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`staff_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_staff_user_idx` ON `sessions` (`staff_user_id`);--> statement-breakpoint
CREATE TABLE `staff_users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`disabled` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`last_login_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_users_email_uq` ON `staff_users` (`email`);--> statement-breakpoint
CREATE TABLE `status_events` (
	`id` text PRIMARY KEY NOT NULL,
	`submission_id` text NOT NULL,
	`event_type` text NOT NULL,
	`description` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`submission_id`) REFERENCES `submissions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `status_events_submission_idx` ON `status_events` (`submission_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `submissions` (
	`id` text PRIMARY KEY NOT NULL,
	`practitioner_id` text NOT NULL,
	`tracking_token` text NOT NULL,
	`practice_type` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`practice_number` text,
	`hpcsa_number` text,
	`selected_parents` text NOT NULL,
	`selected_schemes` text NOT NULL,
	`contract_preferences` text,
	`interested_in_contracts` integer,
	`additional_notes` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`practitioner_id`) REFERENCES `practitioners`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `submissions_tracking_token_uq` ON `submissions` (`tracking_token`);--> statement-breakpoint
CREATE INDEX `submissions_created_at_idx` ON `submissions` (`created_at`);--> statement-breakpoint
CREATE INDEX `submissions_practitioner_idx` ON `submissions` (`practitioner_id`);--> statement-breakpoint
CREATE INDEX `submissions_practice_number_idx` ON `submissions` (`practice_number`);--> statement-breakpoint
CREATE TABLE `upload_tickets` (
	`object_key` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`requested_name` text NOT NULL,
	`section_key` text,
	`allowed_types` text NOT NULL,
	`max_bytes` integer NOT NULL,
	`client_key` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer
);
--> statement-breakpoint
CREATE INDEX `upload_tickets_created_at_idx` ON `upload_tickets` (`created_at`);