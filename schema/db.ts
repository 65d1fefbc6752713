// Drizzle tables for the whole domain (SQLite dialect, libSQL driver).
// Times are stored as epoch milliseconds; ids are random UUIDs made by the services.
// Foreign keys are enforced (PRAGMA foreign_keys=ON per connection, see worker/db.ts):
// everything that belongs to a submission goes with it (ON DELETE CASCADE), and the
// delete service also removes stored bytes and writes one personal-data-free audit entry.

import { sql } from 'drizzle-orm';
import {
  type AnySQLiteColumn,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import { ENROLMENT_REASONS, SCHEME_STATUSES } from './enrolment.ts';
import type { FieldMapping } from './form-mapping-api.ts';

const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });

/** A practitioner's contact details: the profile's current ones, and each submission's own. */
const contactColumns = () => ({
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  idNumber: text('id_number'),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  specialization: text('specialization').notNull(),
});

export const practitioners = sqliteTable(
  'practitioners',
  {
    id: text('id').primaryKey(),
    ...contactColumns(),
    // When a submission's receipt link proved that whoever applied reads this address; only
    // then do later confirmed submissions with the address join this row (decision 100).
    // Until then each submission has a row of its own, so an address typed by a stranger
    // cannot rewrite a doctor's details, enter their export or change their lookup.
    emailConfirmedAt: timestamp('email_confirmed_at'),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [
    index('practitioners_email_idx').on(t.email),
    index('practitioners_id_number_idx').on(t.idNumber),
  ],
);

// Beside these tables, migration 0021 keeps submission_search (a trigram full-text index of
// what the staff search matches) and dashboard_counts by triggers: drizzle declares neither.
export const submissions = sqliteTable(
  'submissions',
  {
    id: text('id').primaryKey(),
    practitionerId: text('practitioner_id')
      .notNull()
      .references(() => practitioners.id, { onDelete: 'restrict' }),
    trackingToken: text('tracking_token').notNull(),
    // The practitioner's details as given with this submission. The practitioner row is
    // reused and updated by later submissions (same e-mail or ID number), so the tracking
    // view and staff views read these, never the live row (decision 016).
    ...contactColumns(),
    practiceType: text('practice_type', { enum: ['established', 'new'] }).notNull(),
    status: text('status', { enum: ['pending', 'under_review', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    practiceNumber: text('practice_number'),
    hpcsaNumber: text('hpcsa_number'),
    selectedParents: text('selected_parents', { mode: 'json' }).$type<string[]>().notNull(),
    selectedSchemes: text('selected_schemes', { mode: 'json' }).$type<string[]>().notNull(),
    contractPreferences: text('contract_preferences', { mode: 'json' }).$type<{
      keep: boolean;
      review: boolean;
      cancel: boolean;
      learnMore: boolean;
    }>(),
    interestedInContracts: integer('interested_in_contracts', { mode: 'boolean' }),
    additionalNotes: text('additional_notes'),
    // The application id the device made with its draft (decision 067), and the fingerprint of
    // the request that created this submission: a repeat of it, however late, gets this
    // submission's answer again; a changed one is refused. Null for clients that send none.
    applicationId: text('application_id'),
    requestHash: text('request_hash'),
    // The short reference shown to the practitioner and staff (XXXX-XXXX, decision 089). Set by
    // every insert; the column is nullable only because SQLite adds a NOT NULL column to a
    // table with rows only with a default (migration 0011 fills the older rows).
    reference: text('reference'),
    // The SHA-256 of the code only the receipt mail carries, and when that code came back
    // (decision 100). Null for submissions made before it, which are never confirmed.
    addressCodeHash: text('address_code_hash'),
    addressConfirmedAt: timestamp('address_confirmed_at'),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('submissions_tracking_token_uq').on(t.trackingToken),
    uniqueIndex('submissions_application_id_uq').on(t.applicationId),
    uniqueIndex('submissions_reference_uq').on(t.reference),
    // Newest first, ties by id: the list's order, walked without a sort (decision 103).
    index('submissions_created_at_idx').on(t.createdAt, t.id),
    // The list of one status, newest first, without walking the others (decision 103).
    index('submissions_status_created_idx').on(t.status, t.createdAt, t.id),
    index('submissions_practitioner_idx').on(t.practitionerId),
    index('submissions_practice_number_idx').on(t.practiceNumber),
    index('submissions_id_number_idx').on(t.idNumber),
  ],
);

export const documents = sqliteTable(
  'documents',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    sectionKey: text('section_key').notNull(),
    sectionLabel: text('section_label').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    fileType: text('file_type').notNull(),
    objectKey: text('object_key').notNull(),
    status: text('status', { enum: ['uploaded', 'approved', 'rejected'] })
      .notNull()
      .default('uploaded'),
    rejectionReason: text('rejection_reason'),
    uploadedAt: timestamp('uploaded_at').notNull(),
    reviewedAt: timestamp('reviewed_at'),
    // A practitioner's replacement of a rejected document names the one it replaces; that one
    // stays (rejected, superseded_at set) for the record. At most one replacement per document.
    replacesDocumentId: text('replaces_document_id').references(
      (): AnySQLiteColumn => documents.id,
      { onDelete: 'set null' },
    ),
    supersededAt: timestamp('superseded_at'),
    // The date the section's validity rule needs (certified on, dated, valid until, renewed on),
    // as the practitioner gave it or staff corrected it, and the last day the document is good
    // under the rule (schema/document-validity.ts, decision 118). Null: no date given, or a
    // section without a rule.
    validityDate: text('validity_date'),
    goodUntil: text('good_until'),
    // The first day the reminder run has something to send for this document (the next step's
    // day, or a past day whose step is still due), null when nothing more will be: written in
    // the batch of every change it follows from (worker/services/document-validity/
    // next-reminder-day.ts, decision 129), so the run reads only what is due.
    nextReminderDay: text('next_reminder_day'),
  },
  (t) => [
    index('documents_submission_idx').on(t.submissionId),
    // The desk's "Expiring" view walks the current documents by good-until, nearest first,
    // in the index's own order (decision 129); superseded ones are history, not in it.
    index('documents_current_good_until_idx')
      .on(t.goodUntil, t.id)
      .where(sql`superseded_at is null and good_until is not null`),
    // The reminder run reads the due ones only, nearest first.
    index('documents_next_reminder_idx')
      .on(t.nextReminderDay, t.id)
      .where(sql`next_reminder_day is not null`),
    uniqueIndex('documents_object_key_uq').on(t.objectKey),
    uniqueIndex('documents_replaces_uq').on(t.replacesDocumentId),
  ],
);

export const consentRecords = sqliteTable(
  'consent_records',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    termsVersion: text('terms_version').notNull(),
    consentedAt: timestamp('consented_at').notNull(),
    clientTimestamp: text('client_timestamp'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [index('consent_records_submission_idx').on(t.submissionId)],
);

export const medicalAidStatuses = sqliteTable(
  'medical_aid_statuses',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    schemeKey: text('scheme_key').notNull(),
    medicalAidName: text('medical_aid_name').notNull(),
    status: text('status', { enum: SCHEME_STATUSES }).notNull().default('pending'),
    requiresHardCopy: integer('requires_hard_copy', { mode: 'boolean' }).notNull().default(false),
    // The note marked for the practitioner: /track and the lookup's per-scheme notes show it.
    notes: text('notes'),
    lastUpdated: timestamp('last_updated').notNull(),
    // The enrolment desk (decision 088): a reason from the list in schema/enrolment.ts, what it
    // needs (provider number and effective date, the scheme's reason), a follow-up day, an owner
    // and staff-only notes. Each change is also an enrolment_changes row.
    reason: text('reason', { enum: ENROLMENT_REASONS }),
    providerNumber: text('provider_number'),
    /** YYYY-MM-DD, the day the scheme's approval takes effect. */
    effectiveDate: text('effective_date'),
    /** The scheme's own reason for a rejection, or what more information it wants. */
    reasonDetail: text('reason_detail'),
    /** YYYY-MM-DD, South African day. */
    followUpOn: text('follow_up_on'),
    ownerId: text('owner_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    internalNotes: text('internal_notes'),
    hardCopiesReceived: integer('hard_copies_received', { mode: 'boolean' })
      .notNull()
      .default(false),
    /** When the scheme answered (approved or rejected): the 'where time goes' view. */
    outcomeAt: timestamp('outcome_at'),
  },
  (t) => [
    index('medical_aid_statuses_submission_idx').on(t.submissionId),
    index('medical_aid_statuses_follow_up_idx').on(t.followUpOn),
  ],
);

/** Every change to an enrolment (a scheme of a submission): the application's own data. */
export const enrolmentChanges = sqliteTable(
  'enrolment_changes',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    statusId: text('status_id')
      .notNull()
      .references(() => medicalAidStatuses.id, { onDelete: 'cascade' }),
    staffUserId: text('staff_user_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    actor: text('actor').notNull(),
    /** Field name → [before, after], only the fields that changed. */
    changes: text('changes', { mode: 'json' })
      .$type<Record<string, [unknown, unknown]>>()
      .notNull(),
    /** Set when one bulk change made this entry with others. */
    bulk: integer('bulk', { mode: 'boolean' }).notNull().default(false),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [
    index('enrolment_changes_status_idx').on(t.statusId, t.createdAt),
    // The staff detail view reads one submission's history (decision 103).
    index('enrolment_changes_submission_idx').on(t.submissionId, t.createdAt),
  ],
);

/**
 * What staff asked a practitioner for while an enrolment waits on them (issue 27): the request,
 * optionally the document to send again (answered by its replacement), the reminders mailed
 * after 3 and 7 days, and the answer. The application's own data: deleted with it.
 */
export const practitionerRequests = sqliteTable(
  'practitioner_requests',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    statusId: text('status_id')
      .notNull()
      .references(() => medicalAidStatuses.id, { onDelete: 'cascade' }),
    request: text('request').notNull(),
    /** The document to send again: the request is answered by its replacement too. */
    documentId: text('document_id').references(() => documents.id, { onDelete: 'set null' }),
    requestedBy: text('requested_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at').notNull(),
    /** 0, 1 after the 3-day reminder, 2 after the 7-day one. */
    remindersSent: integer('reminders_sent').notNull().default(0),
    answeredAt: timestamp('answered_at'),
    answerNote: text('answer_note'),
    /** The replacement document that answered it, if one did. */
    answerDocumentId: text('answer_document_id').references(() => documents.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('practitioner_requests_status_idx').on(t.statusId, t.requestedAt),
    index('practitioner_requests_open_idx').on(t.answeredAt, t.requestedAt),
    // The tracking view and the staff detail view read one submission's requests (decision 103).
    index('practitioner_requests_submission_idx').on(t.submissionId, t.requestedAt),
  ],
);

export const statusEvents = sqliteTable(
  'status_events',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    description: text('description').notNull(),
    // A staff note written with the change: shown with the description to the token holder,
    // left out of the status-only lookup (decision 062).
    note: text('note'),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [index('status_events_submission_idx').on(t.submissionId, t.createdAt)],
);

export const staffUsers = sqliteTable(
  'staff_users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    disabled: integer('disabled', { mode: 'boolean' }).notNull().default(false),
    createdAt: timestamp('created_at').notNull(),
    lastLoginAt: timestamp('last_login_at'),
    // Staff MFA (decision 070). Secrets are AES-GCM sealed with a key derived from the signing
    // secret, so the database file alone does not reveal them. The pending secret is the one
    // shown at enrolment until its first code confirms it.
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    /** The last 30-second step whose code was accepted: no code is accepted twice. */
    totpLastStep: integer('totp_last_step'),
    /** SHA-256 of each unused recovery code. */
    recoveryCodeHashes: text('recovery_code_hashes', { mode: 'json' }).$type<string[]>(),
    // The one-time enrolment code an administrator (the CLI, or the start for ADMIN_EMAIL)
    // issued: without it a password alone cannot set up MFA (issue 25). SHA-256 only.
    enrolmentCodeHash: text('enrolment_code_hash'),
    enrolmentExpiresAt: timestamp('enrolment_expires_at'),
  },
  (t) => [uniqueIndex('staff_users_email_uq').on(t.email)],
);

// submissionId links an entry to the submission it is about, so the delete cascade removes
// it; the one entry recording a deletion has no submissionId and names the id in entityId.
export const auditLogs = sqliteTable(
  'audit_logs',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id').references(() => submissions.id, { onDelete: 'cascade' }),
    actor: text('actor').notNull(),
    staffUserId: text('staff_user_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [
    index('audit_logs_submission_idx').on(t.submissionId),
    index('audit_logs_created_at_idx').on(t.createdAt),
  ],
);

// The security log (worker/services/security-log/security-log.ts): append-only, outlives the submissions and
// accounts it names. No foreign keys, so no delete cascades into it, and no personal data:
// only ids, actions, actors (a staff account's id or a fixed word), times and plain details.
// Triggers in its migration refuse UPDATE and DELETE.
export const securityEvents = sqliteTable(
  'security_events',
  {
    id: text('id').primaryKey(),
    action: text('action').notNull(),
    /** 'staff' (actorId is the account's id), 'cli', 'retention', 'server' or 'anonymous'. */
    actorType: text('actor_type').notNull(),
    actorId: text('actor_id'),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** The submission acted on, kept as a plain id after the submission is deleted. */
    submissionId: text('submission_id'),
    details: text('details', { mode: 'json' }).$type<
      Record<string, string | number | boolean | null>
    >(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [
    index('security_events_created_at_idx').on(t.createdAt),
    index('security_events_submission_idx').on(t.submissionId),
  ],
);

// The security log's hash chain (worker/services/security-log/security-log-chain.ts, decision
// 109): one link per security_events row, in the order a single sealer wrote them. Each link
// holds the previous link's hash and the SHA-256 of that hash with the row's canonical
// encoding, so a row changed, removed or slipped in after sealing breaks the chain at that
// entry. seq 0 is the genesis (no entry). Append-only like the log (triggers in the migration);
// the unique seq is what makes two sealers at once retry instead of forking the chain.
export const securityLogChain = sqliteTable('security_log_chain', {
  seq: integer('seq').primaryKey(),
  eventId: text('event_id').unique(),
  prevHash: text('prev_hash').notNull(),
  hash: text('hash').notNull().unique(),
  sealedAt: timestamp('sealed_at').notNull(),
});

// The session id itself is never stored: only its SHA-256 hash.
export const sessions = sqliteTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    staffUserId: text('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at').notNull(),
    lastSeenAt: timestamp('last_seen_at').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
  },
  (t) => [index('sessions_staff_user_idx').on(t.staffUserId)],
);

export const passwordResets = sqliteTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  staffUserId: text('staff_user_id')
    .notNull()
    .references(() => staffUsers.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at').notNull(),
  expiresAt: timestamp('expires_at').notNull(),
  usedAt: timestamp('used_at'),
});

// An upload ticket is issued before bytes are sent; the object key is made by the server.
export const uploadTickets = sqliteTable(
  'upload_tickets',
  {
    objectKey: text('object_key').primaryKey(),
    purpose: text('purpose', { enum: ['submission_document', 'registration_form'] }).notNull(),
    requestedName: text('requested_name').notNull(),
    sectionKey: text('section_key'),
    allowedTypes: text('allowed_types', { mode: 'json' }).$type<string[]>().notNull(),
    maxBytes: integer('max_bytes').notNull(),
    clientKey: text('client_key'),
    createdAt: timestamp('created_at').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    usedAt: timestamp('used_at'),
    /** The arrived object's size once seen; 0 when nothing came in time (decision 068). */
    storedBytes: integer('stored_bytes'),
    /** Kept for a draft still alive on its device until then (decision 066). */
    keptUntil: timestamp('kept_until'),
    // Set for an upload in parts (docs/decisions/063-resumable-uploads.md): the store's own
    // upload id, the declared total and part size (each part URL is signed for its exact
    // size, so no more than the total can be stored), and when the parts were joined.
    multipartUploadId: text('multipart_upload_id'),
    totalBytes: integer('total_bytes'),
    partBytes: integer('part_bytes'),
    completedAt: timestamp('completed_at'),
  },
  (t) => [
    index('upload_tickets_created_at_idx').on(t.createdAt),
    index('upload_tickets_client_idx').on(t.clientKey),
  ],
);

// The practitioner profile scheme forms are filled from (schema/practitioner-profile.ts), sent
// after Submit from the tracking page. Sealed at rest (AES-GCM under a key derived from the
// signing key, bound to the submission id): a copy of the database alone does not show bank
// details. Goes with its submission (deletion, retention).
export const practitionerProfiles = sqliteTable('practitioner_profiles', {
  submissionId: text('submission_id')
    .primaryKey()
    .references(() => submissions.id, { onDelete: 'cascade' }),
  sealedProfile: text('sealed_profile').notNull(),
  /** 1 for the first profile sent, one more for each change. */
  version: integer('version').notNull(),
  updatedAt: timestamp('updated_at').notNull(),
  /** A keyed digest of the bank details (holder, bank, branch, account, type); null without. */
  bankFingerprint: text('bank_fingerprint'),
  // A staff member's record that the account number and holder match the bank letter reviewed
  // and that the holder is the practitioner or the practice: the bank details it was made for,
  // by whom and when. A change of bank details clears it; signed forms of other bank details
  // stay closed (decision 107).
  accountCheckedFingerprint: text('account_checked_fingerprint'),
  accountCheckedBy: text('account_checked_by').references(() => staffUsers.id, {
    onDelete: 'set null',
  }),
  accountCheckedAt: timestamp('account_checked_at'),
  /**
   * When the practitioner last said the profile is true: saving it, or confirming it with a
   * code when asked every so many days (issue 38, re-attestation); null for profiles saved
   * before, which count from updated_at.
   */
  attestedAt: timestamp('attested_at'),
  /** When the practitioner was last mailed to confirm it; null: not since the last confirmation. */
  attestationAskedAt: timestamp('attestation_asked_at'),
});
// Indexed on the last confirmation, coalesce(attested_at, updated_at), oldest first: the desk's
// list of lapses walks one index, the maintenance run a partial one of the profiles not asked
// since (decision 129). Written by hand in migration 0033: drizzle-kit splits an expression.

// Settings the bureau's staff keep for the desk (one row per setting, who changed it last and
// when; each change is in the security log): how often practitioners re-attest their profile.
export const deskSettings = sqliteTable('desk_settings', {
  key: text('key').primaryKey(),
  value: integer('value').notNull(),
  updatedBy: text('updated_by').references(() => staffUsers.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at').notNull(),
});

// One-time codes that prove the holder of a tracking link reads the application's confirmed
// address, asked for before bank details are changed or forms signed (decision 108). Stored
// hashed; valid ten minutes, single use, five tries. Go with their submission.
export const profileProofs = sqliteTable(
  'profile_proofs',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    failedTries: integer('failed_tries').notNull().default(0),
    /** When it was used, or spent by too many wrong tries; null while it may still be used. */
    spentAt: timestamp('spent_at'),
  },
  (t) => [index('profile_proofs_submission_idx').on(t.submissionId, t.createdAt)],
);

// "This was not me" (issue 35): every mail that tells the practitioner of a change of the
// profile or of a signing carries a link with a code of its own (stored as a keyed digest).
// Pressed, it stops signing and new bank details for the application until a staff member
// resumes them after speaking to the practitioner; open stops are listed at the enrolment desk.
export const signingStops = sqliteTable(
  'signing_stops',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    codeDigest: text('code_digest').notNull(),
    /** What the mail told of. */
    event: text('event', { enum: ['profile_changed', 'forms_signed'] }).notNull(),
    createdAt: timestamp('created_at').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    /** When the practitioner pressed it; null while the link is unused. */
    raisedAt: timestamp('raised_at'),
    /** What the practitioner wrote, if anything (personal data: goes with the submission). */
    note: text('note'),
    resumedAt: timestamp('resumed_at'),
    resumedBy: text('resumed_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    resumeNote: text('resume_note'),
  },
  (t) => [
    uniqueIndex('signing_stops_code_uq').on(t.codeDigest),
    index('signing_stops_submission_idx').on(t.submissionId, t.raisedAt),
    index('signing_stops_raised_idx').on(t.raisedAt, t.resumedAt),
  ],
);

// Each saved change of the practitioner profile, field by field, for staff to read as a diff
// before they check the account (issue 35). Sealed like the profile: it holds bank details.
export const profileChanges = sqliteTable(
  'profile_changes',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    /** The profile version this change made. */
    version: integer('version').notNull(),
    changedAt: timestamp('changed_at').notNull(),
    /** AES-GCM sealed JSON of the changed fields (schema/profile-diff.ts), bound to the row. */
    sealedChanges: text('sealed_changes').notNull(),
  },
  (t) => [index('profile_changes_submission_idx').on(t.submissionId, t.changedAt)],
);

export const registrationForms = sqliteTable(
  'medical_aid_documents',
  {
    id: text('id').primaryKey(),
    schemeKey: text('scheme_key').notNull(),
    schemeName: text('scheme_name').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    fileType: text('file_type').notNull(),
    storagePath: text('storage_path').notNull(),
    description: text('description'),
    year: integer('year'),
    uploadedBy: text('uploaded_by').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at').notNull(),
    /** How the form is filled from the practitioner profile; null until staff confirm one. */
    fieldMappings: text('field_mappings', { mode: 'json' }).$type<FieldMapping[]>(),
    mappingsConfirmedAt: timestamp('mappings_confirmed_at'),
    /**
     * Stored before uploads were cleaned (decision 110): never offered, filled or downloaded
     * until the maintenance run (or a staff mapping read) has put the clean copy in its place.
     */
    awaitingCleaning: integer('awaiting_cleaning', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    index('medical_aid_documents_scheme_idx').on(t.schemeKey),
    uniqueIndex('medical_aid_documents_path_uq').on(t.storagePath),
  ],
);

// A scheme's registration form filled from the practitioner profile and signed on the phone
// (decision 092): a document of the application of its own kind, never one of the spec's
// document sections, so it counts towards no section's readiness or the tracking page's
// progress. The bytes are stored like documents and go with the submission. The address the
// signing came from is personal data, so it is kept here (with the submission) and the
// security log gets only a keyed fingerprint of it.
export const signedSchemeForms = sqliteTable(
  'signed_scheme_forms',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    /** The staff-uploaded form it was filled from; null once that form is deleted. */
    registrationFormId: text('registration_form_id').references(() => registrationForms.id, {
      onDelete: 'set null',
    }),
    schemeKey: text('scheme_key').notNull(),
    schemeName: text('scheme_name').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    objectKey: text('object_key').notNull(),
    /** SHA-256 (hex) of the signed PDF's bytes, as the security log records it. */
    sha256: text('sha256').notNull(),
    profileVersion: integer('profile_version').notNull(),
    /** The profile's bank fingerprint the form was filled with; null for forms signed before. */
    bankFingerprint: text('bank_fingerprint'),
    signedFrom: text('signed_from').notNull(),
    signedAt: timestamp('signed_at').notNull(),
    /**
     * When staff were first given its download link (it may have gone to the scheme since);
     * null while unsent, and a new signing replaces the unsent set (review M1).
     */
    releasedAt: timestamp('released_at'),
  },
  (t) => [
    index('signed_scheme_forms_submission_idx').on(t.submissionId),
    uniqueIndex('signed_scheme_forms_object_key_uq').on(t.objectKey),
  ],
);

// What happened to a submission that its practitioner is to be told about (a status change, a
// document to replace). Written with the change; the notice dispatcher turns all of a
// submission's pending notices into one outbox message and sets settled_at (and outbox_id)
// in the same batch (decision 053). The payload holds only what the mail shows.
export const practitionerNotices = sqliteTable(
  'practitioner_notices',
  {
    id: text('id').primaryKey(),
    submissionId: text('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: [
        'submission_status',
        'scheme_status',
        'document_rejected',
        'practitioner_request',
        'request_reminder',
        'document_expiring',
      ],
    }).notNull(),
    payload: text('payload', { mode: 'json' }).$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at').notNull(),
    settledAt: timestamp('settled_at'),
    outboxId: text('outbox_id'),
  },
  (t) => [
    index('practitioner_notices_pending_idx').on(t.settledAt, t.submissionId),
    index('practitioner_notices_submission_idx').on(t.submissionId),
  ],
);

// Each reminder step mailed about a document (issue 38): the key makes a second mail of a step
// for the same good-until impossible; a document re-dated to a new good-until is reminded anew.
export const documentReminders = sqliteTable(
  'document_reminders',
  {
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    goodUntil: text('good_until').notNull(),
    /** 'run': the reminder run; otherwise the staff account that pressed "remind now". */
    sentBy: text('sent_by').notNull(),
    sentAt: timestamp('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.step, t.goodUntil] })],
);

export { apiKeys } from './db-api-keys.ts';
export { catalogueAdministrators, catalogueReviews, catalogueSchemes } from './db-catalogue.ts';
export { documentValidityRules, documentValiditySettings } from './db-document-validity.ts';
// Tables of the service's own machinery, kept in their own file; exported here too, so this
// module stays the one schema drizzle-kit and the services read.
export {
  idempotencyKeys,
  mailOutbox,
  pendingObjectDeletions,
  rateLimits,
} from './db-machinery.ts';
export { webhookDeliveries, webhookEndpoints, webhookEvents } from './db-webhooks.ts';
