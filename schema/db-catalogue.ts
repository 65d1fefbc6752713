// The scheme catalogue staff keep (docs/decisions/072-staff-managed-catalogue.md): administrators
// and schemes, seeded on first start from schema/catalogue-seed.ts. Re-exported by db.ts, which
// drizzle-kit reads. Dates the catalogue records (`2021`, `2022-01`, `2026-06-01`) are text, since
// sources often give only a year or a month.
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { PostingChecklist } from './posting-checklist.ts';

const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });

export const catalogueAdministrators = sqliteTable('catalogue_administrators', {
  key: text('key').primaryKey(),
  label: text('label').notNull(),
  position: integer('position').notNull(),
  /** A stand-alone scheme: its one scheme row has the administrator's key. */
  selfAdministered: integer('self_administered', { mode: 'boolean' }).notNull(),
  sources: text('sources', { mode: 'json' }).$type<string[]>().notNull(),
  createdAt: timestamp('created_at').notNull(),
  updatedAt: timestamp('updated_at').notNull(),
});

export const catalogueSchemes = sqliteTable(
  'catalogue_schemes',
  {
    key: text('key').primaryKey(),
    administratorKey: text('administrator_key')
      .notNull()
      .references(() => catalogueAdministrators.key, { onDelete: 'restrict' }),
    label: text('label').notNull(),
    position: integer('position').notNull(),
    notes: text('notes'),
    sources: text('sources', { mode: 'json' }).$type<string[]>().notNull(),
    requiresHardCopy: integer('requires_hard_copy', { mode: 'boolean' }).notNull(),
    hardCopyNote: text('hard_copy_note').notNull(),
    administratorSince: text('administrator_since'),
    administratorUnconfirmed: integer('administrator_unconfirmed', { mode: 'boolean' })
      .notNull()
      .default(false),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    inactiveSince: text('inactive_since'),
    inactiveNote: text('inactive_note'),
    successor: text('successor'),
    /** What the scheme wants posted or signed by hand (schema/posting-checklist.ts); null: not said. */
    postingChecklist: text('posting_checklist', { mode: 'json' }).$type<PostingChecklist>(),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [index('catalogue_schemes_administrator_idx').on(t.administratorKey, t.position)],
);

/** One row (id 1): when staff last reviewed the catalogue, shown to practitioners as "as of". */
export const catalogueReviews = sqliteTable('catalogue_reviews', {
  id: integer('id').primaryKey(),
  reviewedOn: text('reviewed_on').notNull(),
  reviewedBy: text('reviewed_by'),
  updatedAt: timestamp('updated_at').notNull(),
});
