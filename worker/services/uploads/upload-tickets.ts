// Upload tickets for practitioners' documents (docs/product.md#api POST /api/objects/upload). The
// server
// makes the object key; the section named in the requested filename decides which types the
// signed PUT accepts. A ticket is later spent by exactly one submission (services/submissions/submissions.ts).

import { uploadTickets } from '../../../schema/db.ts';
import {
  type DocumentSection,
  establishedSections,
  findAnySection,
  MAX_FILE_BYTES,
  mimeTypesFor,
  newPracticeSections,
} from '../../../schema/sections.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';
import { checkUploadRoom, type UploadAdmission } from './upload-budget.ts';

const UPLOAD_URL_EXPIRY_SECONDS = 60 * 60;
const UPLOAD_KEY_PREFIX = 'uploads/';
/** An upload no submission used within this time is an orphan: its bytes and ticket are removed. */
export const ORPHAN_UPLOAD_AGE_MS = 24 * 60 * 60_000;
/**
 * How long a submission may still use an upload. An hour short of the orphan age, so the
 * cleanup never removes bytes a submission in flight has just checked.
 */
export const UPLOAD_USABLE_MS = ORPHAN_UPLOAD_AGE_MS - 60 * 60_000;

/** How long a draft's uploads are kept after the device last said the draft is alive. */
export const DRAFT_KEEP_MS = 7 * 24 * 60 * 60_000;
/** No upload is kept longer than a draft lives on its device unused (decision 035). */
export const MAX_UPLOAD_KEEP_MS = 30 * 24 * 60 * 60_000;

/**
 * Whether a submission may still use an upload: within its first day, or while its draft keeps
 * it alive, in both cases with an hour to spare before the orphan sweep may remove it.
 */
export function uploadUsable(
  ticket: { createdAt: Date; keptUntil: Date | null },
  now: Date,
): boolean {
  const margin = ORPHAN_UPLOAD_AGE_MS - UPLOAD_USABLE_MS;
  return (
    ticket.createdAt.getTime() > now.getTime() - UPLOAD_USABLE_MS ||
    (ticket.keptUntil?.getTime() ?? 0) > now.getTime() + margin
  );
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const OBJECT_KEY_IN_PATH = new RegExp(`(?:^|/)(uploads/${UUID})$`);

// Longest first, so a key that prefixes another never shadows it.
const sectionKeys = [
  ...new Set([...establishedSections, ...newPracticeSections].map((s) => s.key)),
].sort((a, b) => b.length - a.length);

/**
 * The section a requested filename belongs to: docs/product.md#api sends the section key plus a
 * timestamp
 * ("certified_id_1737280000000"). The longest known key that prefixes the name wins, and it
 * must end at a separator so "bank_proofs" is not taken for "bank_proof".
 */
export function sectionFromFilename(filename: string): DocumentSection | undefined {
  const name = filename.trim();
  const key = sectionKeys.find(
    (k) => name.startsWith(k) && !/^[A-Za-z0-9]/.test(name.slice(k.length)),
  );
  return key ? findAnySection(key) : undefined;
}

/**
 * The object key inside the upload URL a client used: the path ends in uploads/<uuid> for the
 * app-served disk store (/api/storage/uploads/<uuid>) and for an R2 presigned URL
 * (/<bucket>/uploads/<uuid>) alike. A bare key is accepted too.
 */
export function objectKeyFromUploadUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url, 'http://relative.invalid').pathname;
  } catch {
    return null;
  }
  try {
    path = decodeURIComponent(path);
  } catch {
    return null;
  }
  return OBJECT_KEY_IN_PATH.exec(path)?.[1] ?? null;
}

export async function issueUploadTicket(
  deps: Deps,
  filename: string,
  /** The attempt admitUpload let through, with what the client already holds. */
  admission: UploadAdmission,
  /** The file's declared type and size, signed into the URL where the store can (R2). */
  exact?: { contentType: string; size: number },
): Promise<{ uploadURL: string; objectKey: string }> {
  const section = sectionFromFilename(filename);
  if (!section) {
    throw new ApiError(
      400,
      'unknown_section',
      'The filename must start with a document section key, e.g. certified_id_1737280000000.',
      { filename: 'Unknown document section' },
    );
  }
  const sizeRecords = await checkUploadRoom(deps, admission, MAX_FILE_BYTES);
  const now = deps.clock.now();
  const objectKey = `${UPLOAD_KEY_PREFIX}${crypto.randomUUID()}`;
  const contentTypes = mimeTypesFor(section);
  if (exact && !contentTypes.includes(exact.contentType)) {
    throw new ApiError(
      400,
      'unsupported_type',
      `${section.label} accepts ${contentTypes.join(', ')} files, not ${exact.contentType}.`,
      { contentType: 'File type not accepted for this section' },
    );
  }
  // Signed before the ticket is written: a refusal leaves no ticket behind.
  const uploadURL = await deps.store.createUploadUrl(objectKey, {
    contentTypes,
    maxBytes: MAX_FILE_BYTES,
    expiresInSeconds: UPLOAD_URL_EXPIRY_SECONDS,
    exact,
  });
  await deps.db.batch([
    deps.db.insert(uploadTickets).values({
      objectKey,
      purpose: 'submission_document',
      requestedName: filename.slice(0, 200),
      sectionKey: section.key,
      allowedTypes: contentTypes,
      maxBytes: MAX_FILE_BYTES,
      clientKey: admission.clientKey,
      createdAt: now,
      expiresAt: new Date(now.getTime() + UPLOAD_URL_EXPIRY_SECONDS * 1000),
    }),
    ...sizeRecords,
  ]);
  return { uploadURL, objectKey };
}
