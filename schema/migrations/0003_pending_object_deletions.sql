CREATE TABLE `pending_object_deletions` (
	`object_key` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL
);
