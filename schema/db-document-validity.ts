// Documents that expire (issue 38, docs/decisions/118-validity-rules-kept-by-staff.md): the rule
// each document section follows, kept by staff with its source, and the bureau's reminder
// settings. Re-exported by db.ts, which drizzle-kit reads. The dates a document carries (the one
// the practitioner gave, its good-until) are columns of `documents`, and the
// reminders sent are `document_reminders` in db.ts (they go with their document).
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { ValidityRule } from './document-validity.ts';

const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });

export const documentValidityRules = sqliteTable('document_validity_rules', {
  sectionKey: text('section_key').primaryKey(),
  rule: text('rule', { mode: 'json' }).$type<ValidityRule>().notNull(),
  /** The page the rule comes from. */
  source: text('source').notNull(),
  /** The staff account that last changed it; null: as seeded. */
  updatedBy: text('updated_by'),
  createdAt: timestamp('created_at').notNull(),
  updatedAt: timestamp('updated_at').notNull(),
});

/** One row (id 1): the days before good-until a reminder goes (re-attestation's period is a
 * desk setting, decision 123). */
export const documentValiditySettings = sqliteTable('document_validity_settings', {
  id: integer('id').primaryKey(),
  reminderLeadDays: text('reminder_lead_days', { mode: 'json' }).$type<number[]>().notNull(),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at').notNull(),
});
