CREATE TABLE `security_log_chain` (
	`seq` integer PRIMARY KEY NOT NULL,
	`event_id` text,
	`prev_hash` text NOT NULL,
	`hash` text NOT NULL,
	`sealed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `security_log_chain_event_id_unique` ON `security_log_chain` (`event_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `security_log_chain_hash_unique` ON `security_log_chain` (`hash`);--> statement-breakpoint
-- The genesis link (decision 109): hash = sha256('portal security log genesis'). Entries written
-- before this migration are not hashed here (SQLite has no SHA-256): the first seal after it
-- (the first maintenance run, start-up's run or a verify) links them, oldest written first,
-- and the chain vouches for them from that moment on.
INSERT INTO `security_log_chain` (`seq`, `event_id`, `prev_hash`, `hash`, `sealed_at`)
VALUES (0, NULL, '', 'cc295b3bf0893a1e183714b4b2a9d2ca1043af8b0f55bb9d5585e6b34804b312', CAST(strftime('%s', 'now') AS INTEGER) * 1000);--> statement-breakpoint
CREATE TRIGGER `security_log_chain_no_update` BEFORE UPDATE ON `security_log_chain`
BEGIN SELECT RAISE(ABORT, 'the security log chain is append-only'); END;--> statement-breakpoint
CREATE TRIGGER `security_log_chain_no_delete` BEFORE DELETE ON `security_log_chain`
BEGIN SELECT RAISE(ABORT, 'the security log chain is append-only'); END;
