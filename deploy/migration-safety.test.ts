// A migration that would break the running version is refused unless it says why (decision
// 114). The migrations up to 0030 are grandfathered by name: each passes these rules today,
// and a later tightening of the rules must not ask for released history to be rewritten.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import journal from '../schema/migrations/meta/_journal.json' with { type: 'json' };
import { ROOT } from '../worker/testing/smoke-processes.ts';
import { migrationFindings } from './migration-safety.ts';

const GRANDFATHERED = new Set([
  '0000_init',
  '0001_submission_contact_snapshot',
  '0002_replacements_and_notices',
  '0003_pending_object_deletions',
  '0004_status_event_notes',
  '0005_application_id',
  '0006_upload_retention_and_budget',
  '0007_staff_catalogue',
  '0008_staff_mfa',
  '0009_uploads_in_parts',
  '0010_security_events',
  '0011_application_reference',
  '0012_registration_form_mappings',
  '0013_practitioner_profiles',
  '0014_enrolment_desk',
  '0015_staff_enrolment_codes',
  '0016_signed_scheme_forms',
  '0017_practitioner_requests',
  '0018_confirmed_addresses',
  '0019_posting_checklist',
  '0020_read_path_indexes',
  '0021_dashboard_search_and_counts',
  '0022_account_check',
  '0023_profile_proofs',
  '0024_api_keys',
  '0025_signing_stops',
  '0026_signed_forms_released',
  '0027_profile_attestation',
  '0028_webhooks',
  '0029_document_validity',
  '0030_security_log_chain',
]);

const rules = (sql: string) => migrationFindings(sql).map((finding) => finding.rule);

describe('migrations the running version survives', () => {
  it('holds for every migration after the grandfathered ones', async () => {
    const tags = journal.entries.map((entry) => entry.tag);
    for (const name of GRANDFATHERED) expect(tags, name).toContain(name);
    for (const tag of tags.filter((name) => !GRANDFATHERED.has(name))) {
      const sql = await readFile(join(ROOT, 'schema/migrations', `${tag}.sql`), 'utf8');
      expect(migrationFindings(sql), `${tag}.sql`).toEqual([]);
    }
  });

  it('takes what only adds', () => {
    const additive = [
      'CREATE TABLE `a` (`id` text PRIMARY KEY NOT NULL, `n` integer NOT NULL);',
      'ALTER TABLE `a` ADD `note` text;',
      "ALTER TABLE `a` ADD `kind` text DEFAULT 'x' NOT NULL;",
      'CREATE INDEX `a_n_idx` ON `a` (`n`);',
      'DROP INDEX `a_old_idx`;',
      "INSERT INTO `a` (`id`, `n`) VALUES ('k', 1);",
    ].join('--> statement-breakpoint\n');
    expect(migrationFindings(additive)).toEqual([]);
  });

  it('refuses drops, renames, NOT NULL without DEFAULT and table rebuilds', () => {
    expect(rules('DROP TABLE `a`;')).toEqual(['DROP TABLE']);
    expect(rules('ALTER TABLE `a` DROP COLUMN `n`;')).toEqual(['DROP COLUMN']);
    expect(rules('ALTER TABLE a DROP n;')).toEqual(['DROP COLUMN']);
    expect(rules('ALTER TABLE `a` RENAME TO `b`;')).toEqual(['RENAME']);
    expect(rules('ALTER TABLE `a` RENAME COLUMN `n` TO `m`;')).toEqual(['RENAME']);
    expect(rules('ALTER TABLE `a` ADD `m` integer NOT NULL;')).toEqual([
      'NOT NULL without DEFAULT',
    ]);
    // drizzle-kit's rebuild of a SQLite table, as it writes one.
    const rebuild = [
      'PRAGMA foreign_keys=OFF;',
      'CREATE TABLE `__new_a` (`id` text PRIMARY KEY NOT NULL);',
      'INSERT INTO `__new_a`("id") SELECT "id" FROM `a`;',
      'DROP TABLE `a`;',
      'ALTER TABLE `__new_a` RENAME TO `a`;',
      'PRAGMA foreign_keys=ON;',
    ].join('--> statement-breakpoint\n');
    expect(new Set(rules(rebuild))).toEqual(new Set(['table rebuild', 'DROP TABLE', 'RENAME']));
    expect(rules('CREATE TABLE b AS SELECT * FROM a;')).toEqual(['table rebuild']);
    // A comment naming DROP TABLE is not a statement.
    expect(rules('-- no DROP TABLE here\nALTER TABLE `a` ADD `x` text;')).toEqual([]);
  });

  it('takes a migration that says why it may do more', () => {
    const marked =
      '-- not additive: `a` has been unread since 0031 was deployed (decision 999)\nDROP TABLE `a`;';
    expect(migrationFindings(marked)).toEqual([]);
    expect(rules('-- not additive:\nDROP TABLE `a`;')).toEqual(['DROP TABLE']);
  });
});
