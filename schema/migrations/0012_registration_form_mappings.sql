ALTER TABLE `medical_aid_documents` ADD `field_mappings` text;--> statement-breakpoint
ALTER TABLE `medical_aid_documents` ADD `mappings_confirmed_at` integer;