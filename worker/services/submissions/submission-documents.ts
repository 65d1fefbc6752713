// The uploaded files a submission names (docs/product.md#api POST /api/submissions): each must be
// an upload
// this server ticketed for its section, that arrived, is unspent and within its usable time,
// and whose stored bytes are within the size cap and a type the section allows.

import { inArray } from 'drizzle-orm';
import type { BatchResponse } from 'drizzle-orm/batch';
import { documents, uploadTickets } from '../../../schema/db.ts';
import type { DocumentSection, FileKind } from '../../../schema/sections.ts';
import type { SubmitRequest } from '../../../schema/submission-api.ts';
import type { Database } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';
import {
  type DetectedKind,
  detectFileKind,
  MAGIC_BYTES_LENGTH,
  MIME_OF_KIND,
} from '../uploads/magic-bytes.ts';
import { objectKeyFromUploadUrl, uploadUsable } from '../uploads/upload-tickets.ts';

export type VerifiedDocument = {
  fileName: string;
  section: DocumentSection;
  objectKey: string;
  fileType: string;
  fileSize: number;
  uploadedAt: Date;
  /** The date the section's validity rule needs, as the practitioner gave it. */
  validityDate: string | null;
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

const MISSING = 'This file was not found or its upload has expired. Please upload it again.';
const ALREADY_USED = 'This file already belongs to another submission. Please upload it again.';

function kindList(kinds: readonly FileKind[]): string {
  const labels = kinds.map((k) => KIND_LABEL[k]);
  return labels.length > 1
    ? `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`
    : (labels[0] ?? '');
}

function alreadyUsedError(fields: Record<string, string>): ApiError {
  return new ApiError(
    409,
    'upload_already_used',
    'Some files already belong to another submission. Please upload them again.',
    fields,
  );
}

async function inBatches<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>) {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    results.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  }
  return results;
}

/**
 * The tickets of the uploads a request names and the documents already made of them (builders,
 * for one batch: verifyDocuments runs them, or a caller that batches them with its own reads).
 */
export function uploadReads(db: Database, input: Pick<SubmitRequest, 'documents'>) {
  const known = input.documents
    .map((doc) => objectKeyFromUploadUrl(doc.url))
    .filter((k): k is string => k !== null);
  return [
    db.select().from(uploadTickets).where(inArray(uploadTickets.objectKey, known)),
    db
      .select({ objectKey: documents.objectKey })
      .from(documents)
      .where(inArray(documents.objectKey, known)),
  ] as const;
}

export type UploadRead = BatchResponse<ReturnType<typeof uploadReads>>;

/**
 * Every document's upload, checked as the top of this file says. The size and type recorded
 * are what the store holds, not what the client declared: the client may have compressed a
 * photo after reading its size, and only the bytes are evidence.
 */
export async function verifyDocuments(
  deps: Deps,
  input: Pick<SubmitRequest, 'documents'>,
  sectionOf: readonly DocumentSection[],
  now: Date,
  /** uploadReads' answers when the caller batched them with its own; read here otherwise. */
  read?: UploadRead,
): Promise<VerifiedDocument[]> {
  const keys = input.documents.map((doc) => objectKeyFromUploadUrl(doc.url));
  const [tickets, spent] = read ?? (await deps.db.batch(uploadReads(deps.db, input)));
  const used = new Set(spent.map((r) => r.objectKey));
  const ticketOf = new Map(tickets.map((t) => [t.objectKey, t]));
  const seen = new Set<string>();

  const problems = { invalid: {}, used: {}, missing: {} } as Record<
    'invalid' | 'used' | 'missing',
    Record<string, string>
  >;

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
    if (ticket?.purpose !== 'submission_document' || !uploadUsable(ticket, now)) {
      problems.missing[field] = MISSING;
      return null;
    }
    if (ticket.usedAt || used.has(key)) {
      problems.used[field] = ALREADY_USED;
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
      validityDate: doc.validityDate ?? null,
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
  if (Object.keys(problems.used).length > 0) throw alreadyUsedError(problems.used);
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

/** The 409 for documents a concurrent submission spent between our check and our write. */
export async function spentByAnotherSubmission(
  db: Database,
  input: SubmitRequest,
  verified: readonly VerifiedDocument[],
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
    if (key && taken.has(key)) fields[`documents.${index}`] = ALREADY_USED;
  });
  return alreadyUsedError(fields);
}
