// A practice that onboards together (decision 120): the practice's part once (details, shared
// documents, schemes), the practitioners it invites, and the link from an invitation to the
// one submission its practitioner made. The submission itself is the spec's, unchanged: the
// link row lives here and goes with it (ON DELETE CASCADE), so the spec's cascade still
// deletes one practitioner's submission and nothing of the practice's.
// Not re-exported by db.ts (it imports db.ts: a cycle); drizzle.config.ts names both files.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { submissions } from './db.ts';
import type { ContractPreferences } from './submission-api.ts';

const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });

export const practices = sqliteTable(
  'practices',
  {
    id: text('id').primaryKey(),
    // The SHA-256 of the manager's link secret: a copy of the database opens no practice.
    managerTokenHash: text('manager_token_hash').notNull(),
    name: text('name').notNull(),
    practiceType: text('practice_type', {
      enum: ['established', 'new'],
    }).notNull(),
    // Required for an established practice, absent for a new one that has none yet.
    practiceNumber: text('practice_number'),
    address: text('address').notNull(),
    contactPhone: text('contact_phone').notNull(),
    contactEmail: text('contact_email').notNull(),
    managerName: text('manager_name').notNull(),
    managerEmail: text('manager_email').notNull(),
    selectedParents: text('selected_parents', { mode: 'json' }).$type<string[]>().notNull(),
    selectedSchemes: text('selected_schemes', { mode: 'json' }).$type<string[]>().notNull(),
    contractPreferences: text('contract_preferences', {
      mode: 'json',
    }).$type<ContractPreferences>(),
    interestedInContracts: integer('interested_in_contracts', {
      mode: 'boolean',
    }),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('practices_manager_token_uq').on(t.managerTokenHash),
    index('practices_created_at_idx').on(t.createdAt),
  ],
);

/** The practice's shared documents, uploaded once; each submission gets its own copy. */
export const practiceDocuments = sqliteTable(
  'practice_documents',
  {
    id: text('id').primaryKey(),
    practiceId: text('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    sectionKey: text('section_key').notNull(),
    sectionLabel: text('section_label').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    fileType: text('file_type').notNull(),
    objectKey: text('object_key').notNull(),
    uploadedAt: timestamp('uploaded_at').notNull(),
  },
  (t) => [
    index('practice_documents_practice_idx').on(t.practiceId),
    uniqueIndex('practice_documents_object_key_uq').on(t.objectKey),
  ],
);

export const practiceInvitations = sqliteTable(
  'practice_invitations',
  {
    id: text('id').primaryKey(),
    practiceId: text('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    // The SHA-256 of the secret in the mailed link; a re-send replaces it, so old links die.
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    sentAt: timestamp('sent_at').notNull(),
    sendCount: integer('send_count').notNull().default(1),
    withdrawnAt: timestamp('withdrawn_at'),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('practice_invitations_token_uq').on(t.tokenHash),
    index('practice_invitations_practice_idx').on(t.practiceId),
  ],
);

/** One submission per invitation, written in the submission's own batch. */
export const practiceSubmissions = sqliteTable(
  'practice_submissions',
  {
    invitationId: text('invitation_id')
      .primaryKey()
      .references(() => practiceInvitations.id, { onDelete: 'cascade' }),
    practiceId: text('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('practice_submissions_submission_uq').on(t.submissionId),
    index('practice_submissions_practice_idx').on(t.practiceId),
  ],
);
