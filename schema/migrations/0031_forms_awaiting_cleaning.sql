ALTER TABLE `medical_aid_documents` ADD `awaiting_cleaning` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Every form stored so far was kept as uploaded: cleaned by the next maintenance run (decision 110).
UPDATE `medical_aid_documents` SET `awaiting_cleaning` = 1;
