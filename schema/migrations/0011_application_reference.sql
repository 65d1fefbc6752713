-- Each submission gets a short reference, XXXX-XXXX in Crockford base32 (decision 089).
-- Edited after drizzle-kit generate: the rows stored before it get a random reference here,
-- before the unique index is made (a clash among a few thousand rows out of 32^8 is
-- practically impossible; if one ever happened the index would fail and the migration with
-- it, and running it again draws new ones).
ALTER TABLE `submissions` ADD `reference` text;--> statement-breakpoint
UPDATE `submissions` SET `reference` =
	substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (random() & 31) + 1, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (random() & 31) + 1, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (random() & 31) + 1, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (random() & 31) + 1, 1) || '-' ||
	substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (random() & 31) + 1, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (random() & 31) + 1, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (random() & 31) + 1, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (random() & 31) + 1, 1)
WHERE `reference` IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `submissions_reference_uq` ON `submissions` (`reference`);