CREATE TABLE `catalogue_administrators` (
	`key` text PRIMARY KEY NOT NULL,
	`label` text NOT NULL,
	`position` integer NOT NULL,
	`self_administered` integer NOT NULL,
	`sources` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `catalogue_reviews` (
	`id` integer PRIMARY KEY NOT NULL,
	`reviewed_on` text NOT NULL,
	`reviewed_by` text,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `catalogue_schemes` (
	`key` text PRIMARY KEY NOT NULL,
	`administrator_key` text NOT NULL,
	`label` text NOT NULL,
	`position` integer NOT NULL,
	`notes` text,
	`sources` text NOT NULL,
	`requires_hard_copy` integer NOT NULL,
	`hard_copy_note` text NOT NULL,
	`administrator_since` text,
	`administrator_unconfirmed` integer DEFAULT false NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`inactive_since` text,
	`inactive_note` text,
	`successor` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`administrator_key`) REFERENCES `catalogue_administrators`(`key`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `catalogue_schemes_administrator_idx` ON `catalogue_schemes` (`administrator_key`,`position`);