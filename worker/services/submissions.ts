// Creating a submission (SPEC §7 POST /api/submissions): checks everything the wizard promised
// on the server (schemes, sections, every referenced upload and its real bytes), then writes the
// practitioner, submission (with its own copy of the contact details), documents, consent, scheme
// statuses, first status event, audit row, the spent upload tickets and the idempotency record
// in one batch (one transaction).

import { desc, eq, inArray } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SubmitRequest, SubmitResponse } from '../../schema/api.ts';
import { findAdministrator, findScheme } from '../../schema/catalogue.ts';
import {
  auditLogs,
  consentRecords,
  documents,
  medicalAidStatuses,
  practitioners,
  statusEvents,
  submissions,
  uploadTickets,
} from '../../schema/db.ts';
import { selectionProblems } from '../../schema/rules.ts';
import {
  type DocumentSection,
  type FileKind,
  maxFilesFor,
  sectionsFor,
} from '../../schema/sections.ts';
import { TERMS_VERSION } from '../../schema/terms-version.ts';
import { newTrackingToken } from '../crypto/tracking-tokens.ts';
import type { Database } from '../db.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http.ts';
import { isUniqueViolation } from './constraint-violations.ts';
import { findStoredAnswer, recordAnswer, requestFingerprint } from './idempotency.ts';
import {
  type DetectedKind,
  detectFileKind,
  MAGIC_BYTES_LENGTH,
  MIME_OF_KIND,
} from './magic-bytes.ts';
import { objectKeyFromUploadUrl, UPLOAD_USABLE_MS } from './upload-tickets.ts';

export const SUBMITTED_MESSAGE = 'Your application has been submitted successfully.';
export const RECEIVED_EVENT = {
  eventType: 'submission_received',
  description: 'Application received. It is pending review by our team.',
} as const;
const IDEMPOTENCY_SCOPE = 'submission';

export type SubmissionContext = {
  clientAddress: string;
  userAgent: string | undefined;
  idempotencyKey: string | undefined;
};
export type SubmissionAnswer = { status: 201; body: SubmitResponse };

type SelectedScheme = { key: string; label: string; requiresHardCopy: boolean };
type VerifiedDocument = {
  fileName: string;
  section: DocumentSection;
  objectKey: string;
  fileType: string;
  fileSize: number;
  uploadedAt: Date;
};

const KIND_LABEL: Record<FileKind, string> = {
  pdf: 'PDF',
  jpg: 'JPG',
  png: 'PNG',
  doc: 'DOC',
  docx: 'DOCX',
};
const SECTION_KIND_OF: Record<DetectedKind, FileKind> = {
  pdf: 'pdf',
  jpeg: 'jpg',
  png: 'png',
  doc: 'doc',
  docx: 'docx',
};

function kindList(kinds: readonly FileKind[]): string {
  const labels = kinds.map((k) => KIND_LABEL[k]);
  return labels.length > 1
    ? `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`
    : (labels[0] ?? '');
}

const unique = (values: readonly string[]) => [...new Set(values)];

function checkConsent(input: SubmitRequest): void {
  if (input.consent && input.consent.termsVersion !== TERMS_VERSION) {
    throw new ApiError(
      400,
      'terms_outdated',
      `The terms have changed. Please read and accept the current terms (version ${TERMS_VERSION}).`,
      { 'consent.termsVersion': `The current terms version is ${TERMS_VERSION}` },
    );
  }
}

function checkSchemes(submission: SubmitRequest['submission']): SelectedScheme[] {
  const selectedParents = unique(submission.selectedParents);
  const selectedSchemes = unique(submission.selectedSchemes);
  const fields: Record<string, string> = {};
  if (selectedParents.some((key) => !findAdministrator(key)))
    fields['submission.selectedParents'] = 'Unknown medical aid administrator';
  if (selectedSchemes.some((key) => !findScheme(key)))
    fields['submission.selectedSchemes'] = 'Unknown medical aid scheme';
  if (
    Object.keys(fields).length === 0 &&
    selectionProblems({ selectedParents, selectedSchemes }).length > 0
  ) {
    fields['submission.selectedSchemes'] =
      'Every scheme must belong to a selected administrator, and every selected administrator needs at least one scheme';
  }
  if (Object.keys(fields).length > 0) {
    throw new ApiError(
      400,
      'invalid_scheme_selection',
      'The selected medical aid schemes do not match the scheme list. Please select them again.',
      fields,
    );
  }
  return selectedSchemes.map((key) => {
    const { scheme } = findScheme(key)!;
    return { key, label: scheme.label, requiresHardCopy: scheme.requiresHardCopy };
  });
}

/** Each document's section, and the per-section file counts SPEC §5 asks for. */
function checkSections(input: SubmitRequest): DocumentSection[] {
  const practiceType = input.submission.practiceType;
  const sections = sectionsFor(practiceType);
  const documentFields: Record<string, string> = {};
  const sectionOf = input.documents.map((doc, index) => {
    const section = sections.find((s) => s.key === doc.sectionKey);
    if (!section) {
      documentFields[`documents.${index}`] =
        `This document section is not part of a${practiceType === 'established' ? 'n established' : ' new'} practice application`;
    }
    return section;
  });
  if (Object.keys(documentFields).length > 0) {
    throw new ApiError(
      400,
      'invalid_document',
      'Some documents are filed under an unknown section.',
      documentFields,
    );
  }
  const fields: Record<string, string> = {};
  for (const section of sections) {
    const count = sectionOf.filter((s) => s === section).length;
    if (section.required && count < section.minFiles) {
      fields[`sections.${section.key}`] =
        `Upload at least ${section.minFiles} file${section.minFiles === 1 ? '' : 's'} for ${section.label}`;
    } else if (count > maxFilesFor(section.key)) {
      fields[`sections.${section.key}`] =
        `At most ${maxFilesFor(section.key)} files can be uploaded for ${section.label}`;
    }
  }
  if (Object.keys(fields).length > 0) {
    const missing = Object.values(fields).some((m) => m.startsWith('Upload at least'));
    throw new ApiError(
      400,
      missing ? 'missing_documents' : 'too_many_documents',
      missing
        ? 'Please complete all required document uploads before submitting'
        : 'Some sections have too many files.',
      fields,
    );
  }
  return sectionOf as DocumentSection[];
}

async function inBatches<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>) {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    results.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  }
  return results;
}

/**
 * Every document must name an upload this server ticketed, that arrived, is not spent, is
 * still within its usable time, and whose bytes are a type its section allows. The size and
 * type recorded are what the store holds, not what the client declared: the client may have
 * compressed a photo after reading its size, and only the bytes are evidence.
 */
async function verifyDocuments(
  deps: Deps,
  input: SubmitRequest,
  sectionOf: readonly DocumentSection[],
  now: Date,
): Promise<VerifiedDocument[]> {
  const keys = input.documents.map((doc) => objectKeyFromUploadUrl(doc.url));
  const known = keys.filter((k): k is string => k !== null);
  const tickets = known.length
    ? await deps.db.select().from(uploadTickets).where(inArray(uploadTickets.objectKey, known))
    : [];
  const used = new Set(
    known.length
      ? (
          await deps.db
            .select({ objectKey: documents.objectKey })
            .from(documents)
            .where(inArray(documents.objectKey, known))
        ).map((r) => r.objectKey)
      : [],
  );
  const ticketOf = new Map(tickets.map((t) => [t.objectKey, t]));
  const seen = new Set<string>();

  const problems = { invalid: {}, used: {}, missing: {} } as Record<
    'invalid' | 'used' | 'missing',
    Record<string, string>
  >;
  const MISSING = 'This file was not found or its upload has expired. Please upload it again.';

  const checked = await inBatches([...input.documents.keys()], 8, async (index) => {
    const doc = input.documents[index]!;
    const field = `documents.${index}`;
    const section = sectionOf[index]!;
    const key = keys[index] ?? null;
    if (!key) {
      problems.missing[field] = MISSING;
      return null;
    }
    if (seen.has(key)) {
      problems.invalid[field] = 'This file is listed more than once';
      return null;
    }
    seen.add(key);
    const ticket = ticketOf.get(key);
    if (
      ticket?.purpose !== 'submission_document' ||
      ticket.createdAt.getTime() <= now.getTime() - UPLOAD_USABLE_MS
    ) {
      problems.missing[field] = MISSING;
      return null;
    }
    if (ticket.usedAt || used.has(key)) {
      problems.used[field] =
        'This file already belongs to another submission. Please upload it again.';
      return null;
    }
    if (ticket.sectionKey !== section.key) {
      problems.invalid[field] = 'This file was uploaded for another document section';
      return null;
    }
    const [stored, head] = await Promise.all([
      deps.store.head(key),
      deps.store.readStart(key, MAGIC_BYTES_LENGTH),
    ]);
    if (!stored || !head) {
      problems.missing[field] = MISSING;
      return null;
    }
    // A presigned R2 PUT cannot cap the size, so the cap is enforced here as well.
    if (stored.size > ticket.maxBytes) {
      problems.invalid[field] =
        `This file is larger than the ${Math.ceil(ticket.maxBytes / 1_048_576)} MB limit`;
      return null;
    }
    const kind = detectFileKind(head);
    if (!kind || !section.types.includes(SECTION_KIND_OF[kind])) {
      problems.invalid[field] = `This file is not a valid ${kindList(section.types)} file`;
      return null;
    }
    return {
      fileName: doc.name,
      section,
      objectKey: key,
      fileType: MIME_OF_KIND[kind],
      fileSize: stored.size,
      uploadedAt: ticket.createdAt,
    } satisfies VerifiedDocument;
  });

  if (Object.keys(problems.invalid).length > 0) {
    throw new ApiError(
      400,
      'invalid_document',
      'Some files are not accepted. Please replace the files marked.',
      problems.invalid,
    );
  }
  if (Object.keys(problems.used).length > 0) {
    throw new ApiError(
      409,
      'upload_already_used',
      'Some files already belong to another submission. Please upload them again.',
      problems.used,
    );
  }
  if (Object.keys(problems.missing).length > 0) {
    throw new ApiError(
      409,
      'upload_missing',
      'Some files need to be uploaded again: they were not found or their upload has expired.',
      problems.missing,
    );
  }
  return checked as VerifiedDocument[];
}

/** Reuse the practitioner with this e-mail address, else the one with this ID number. */
async function findPractitioner(db: Database, email: string, idNumber: string | null) {
  const [byEmail] = await db.select().from(practitioners).where(eq(practitioners.email, email));
  if (byEmail || !idNumber) return byEmail;
  const [byIdNumber] = await db
    .select()
    .from(practitioners)
    .where(eq(practitioners.idNumber, idNumber))
    .orderBy(desc(practitioners.updatedAt))
    .limit(1);
  return byIdNumber;
}

async function write(
  deps: Deps,
  input: SubmitRequest,
  context: SubmissionContext,
  schemes: SelectedScheme[],
  verified: VerifiedDocument[],
  fingerprint: string | undefined,
  now: Date,
): Promise<SubmissionAnswer> {
  const { db } = deps;
  const p = input.practitioner;
  const s = input.submission;
  const email = p.email.toLowerCase();
  const idNumber = p.idNumber ? p.idNumber : null;
  const existing = await findPractitioner(db, email, idNumber);
  const practitionerId = existing?.id ?? crypto.randomUUID();
  const submissionId = crypto.randomUUID();
  const trackingToken = newTrackingToken();
  const answer: SubmissionAnswer = {
    status: 201,
    body: { message: SUBMITTED_MESSAGE, trackingToken },
  };
  const details = {
    firstName: p.firstName,
    lastName: p.lastName,
    email,
    phone: p.phone,
    specialization: p.specialization,
    updatedAt: now,
  };

  const statements: BatchItem<'sqlite'>[] = [];
  if (context.idempotencyKey && fingerprint) {
    statements.push(
      recordAnswer(db, {
        scope: IDEMPOTENCY_SCOPE,
        key: context.idempotencyKey,
        fingerprint,
        answer,
        now,
      }),
    );
  }
  statements.push(
    existing
      ? db
          .update(practitioners)
          .set({ ...details, idNumber: idNumber ?? existing.idNumber })
          .where(eq(practitioners.id, existing.id))
      : db
          .insert(practitioners)
          .values({ id: practitionerId, ...details, idNumber, createdAt: now }),
    db.insert(submissions).values({
      id: submissionId,
      practitionerId,
      trackingToken,
      // What this submission was made with: later submissions may update the practitioner row.
      firstName: p.firstName,
      lastName: p.lastName,
      idNumber,
      email,
      phone: p.phone,
      specialization: p.specialization,
      practiceType: s.practiceType,
      status: 'pending',
      practiceNumber: s.practiceType === 'established' ? s.practiceNumber : null,
      hpcsaNumber: s.practiceType === 'established' ? s.hpcsaNumber.toUpperCase() : null,
      selectedParents: unique(s.selectedParents),
      selectedSchemes: schemes.map((scheme) => scheme.key),
      contractPreferences: s.practiceType === 'established' ? s.contractPreferences : null,
      interestedInContracts: s.practiceType === 'new' ? s.interestedInContracts : null,
      additionalNotes: s.additionalNotes?.trim() ? s.additionalNotes.trim() : null,
      createdAt: now,
      updatedAt: now,
    }),
    db.insert(documents).values(
      verified.map((doc) => ({
        id: crypto.randomUUID(),
        submissionId,
        sectionKey: doc.section.key,
        sectionLabel: doc.section.label,
        fileName: doc.fileName,
        fileSize: doc.fileSize,
        fileType: doc.fileType,
        objectKey: doc.objectKey,
        status: 'uploaded' as const,
        uploadedAt: doc.uploadedAt,
      })),
    ),
    db
      .update(uploadTickets)
      .set({ usedAt: now })
      .where(
        inArray(
          uploadTickets.objectKey,
          verified.map((doc) => doc.objectKey),
        ),
      ),
    db.insert(consentRecords).values({
      id: crypto.randomUUID(),
      submissionId,
      termsVersion: TERMS_VERSION,
      consentedAt: now,
      clientTimestamp: input.consent?.timestamp ?? null,
      ipAddress: context.clientAddress,
      userAgent: (context.userAgent ?? input.consent?.userAgent ?? null)?.slice(0, 512) ?? null,
    }),
    db.insert(statusEvents).values({
      id: crypto.randomUUID(),
      submissionId,
      ...RECEIVED_EVENT,
      createdAt: now,
    }),
    db.insert(auditLogs).values({
      id: crypto.randomUUID(),
      submissionId,
      actor: 'practitioner',
      action: 'submission_created',
      entityType: 'submission',
      entityId: submissionId,
      details: {
        practiceType: s.practiceType,
        documents: verified.length,
        schemes: schemes.length,
        practitioner: existing ? 'existing' : 'new',
      },
      createdAt: now,
    }),
  );
  if (schemes.length > 0) {
    statements.push(
      db.insert(medicalAidStatuses).values(
        schemes.map((scheme) => ({
          id: crypto.randomUUID(),
          submissionId,
          schemeKey: scheme.key,
          medicalAidName: scheme.label,
          status: 'pending' as const,
          requiresHardCopy: scheme.requiresHardCopy,
          lastUpdated: now,
        })),
      ),
    );
  }
  await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return answer;
}

export async function createSubmission(
  deps: Deps,
  input: SubmitRequest,
  context: SubmissionContext,
): Promise<SubmissionAnswer> {
  const key = context.idempotencyKey;
  const fingerprint = key ? await requestFingerprint(input) : undefined;
  if (key && fingerprint) {
    const stored = await findStoredAnswer<SubmitResponse>(
      deps.db,
      IDEMPOTENCY_SCOPE,
      key,
      fingerprint,
    );
    if (stored) return stored as SubmissionAnswer;
  }
  checkConsent(input);
  const schemes = checkSchemes(input.submission);
  const sectionOf = checkSections(input);
  const now = deps.clock.now();
  const verified = await verifyDocuments(deps, input, sectionOf, now);

  // A lost race on a unique value is retried: another request created this practitioner a
  // moment ago (reuse it now), or, in theory, drew the same tracking token.
  for (let attempt = 1; ; attempt++) {
    try {
      return await write(deps, input, context, schemes, verified, fingerprint, now);
    } catch (error) {
      if (key && fingerprint && isUniqueViolation(error, 'idempotency_keys.key')) {
        const stored = await findStoredAnswer<SubmitResponse>(
          deps.db,
          IDEMPOTENCY_SCOPE,
          key,
          fingerprint,
        );
        if (stored) return stored as SubmissionAnswer;
      }
      if (isUniqueViolation(error, 'documents.object_key')) {
        throw await alreadyUsed(deps.db, input, verified);
      }
      const retryable =
        isUniqueViolation(error, 'practitioners.email') ||
        isUniqueViolation(error, 'submissions.tracking_token');
      if (!retryable || attempt >= 3) throw error;
    }
  }
}

/** The 409 for documents a concurrent submission spent between our check and our write. */
async function alreadyUsed(
  db: Database,
  input: SubmitRequest,
  verified: VerifiedDocument[],
): Promise<ApiError> {
  const rows = await db
    .select({ objectKey: documents.objectKey })
    .from(documents)
    .where(
      inArray(
        documents.objectKey,
        verified.map((doc) => doc.objectKey),
      ),
    );
  const taken = new Set(rows.map((r) => r.objectKey));
  const fields: Record<string, string> = {};
  input.documents.forEach((doc, index) => {
    const key = objectKeyFromUploadUrl(doc.url);
    if (key && taken.has(key))
      fields[`documents.${index}`] =
        'This file already belongs to another submission. Please upload it again.';
  });
  return new ApiError(
    409,
    'upload_already_used',
    'Some files already belong to another submission. Please upload them again.',
    fields,
  );
}
