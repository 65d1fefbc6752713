// Resumable uploads in parts (docs/decisions/063-resumable-uploads.md). Starting one issues a
// ticket as POST /api/objects/upload does (same filename rule, same rate limit, same key form
// uploads/<uuid>) and records the declared total; the upload's public id is that uuid. Part URLs
// are signed for each part's exact size, so the store never holds more than the total.
// Completing checks every part is there at its size, joins them, then checks the object's size
// and first bytes; a refused object is deleted, so nothing half-made stays.
import { and, eq, isNull } from 'drizzle-orm';
import { uploadTickets } from '../../../schema/db.ts';
import { MAX_FILE_BYTES, mimeTypesFor } from '../../../schema/sections.ts';
import { MAX_PARTS, PART_BYTES, partCountOf, partSizeOf } from '../../../schema/upload-parts.ts';
import { STORAGE_PATH } from '../../crypto/signed-urls.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';
import { PartsMismatchError, type StoredPart, UploadNotFoundError } from '../../ports.ts';
import { detectFileKind, MAGIC_BYTES_LENGTH, MIME_OF_KIND } from './magic-bytes.ts';
import { checkUploadRoom, type UploadAdmission } from './upload-budget.ts';
import {
  DRAFT_KEEP_MS,
  sectionFromFilename,
  UPLOAD_USABLE_MS,
  uploadUsable,
} from './upload-tickets.ts';

const PART_URL_EXPIRY_SECONDS = 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const notFound = () =>
  new ApiError(
    404,
    'upload_not_found',
    'This upload no longer exists or has expired. Please send the file again.',
  );

type Ticket = typeof uploadTickets.$inferSelect;
type Multipart = Ticket & { multipartUploadId: string; totalBytes: number; partBytes: number };

async function findUpload(deps: Deps, uploadId: string): Promise<Multipart> {
  if (!UUID.test(uploadId)) throw notFound();
  const [ticket] = await deps.db
    .select()
    .from(uploadTickets)
    .where(eq(uploadTickets.objectKey, `uploads/${uploadId}`));
  if (
    !ticket?.multipartUploadId ||
    ticket.totalBytes === null ||
    ticket.partBytes === null ||
    ticket.purpose !== 'submission_document' ||
    !uploadUsable(ticket, deps.clock.now())
  ) {
    throw notFound();
  }
  return ticket as Multipart;
}

function objectUrl(deps: Deps, key: string): string {
  return `${deps.config.publicOrigin}${STORAGE_PATH}${key}`;
}

export async function startMultipartUpload(
  deps: Deps,
  input: { filename: string; size: number; contentType: string },
  /** The attempt admitUpload let through, with what the client already holds. */
  admission: UploadAdmission,
) {
  const section = sectionFromFilename(input.filename);
  if (!section) {
    throw new ApiError(
      400,
      'unknown_section',
      'The filename must start with a document section key, e.g. certified_id_1737280000000.',
      { filename: 'Unknown document section' },
    );
  }
  const contentTypes = mimeTypesFor(section);
  const contentType = input.contentType.toLowerCase();
  if (!contentTypes.includes(contentType)) {
    throw new ApiError(
      415,
      'unsupported_type',
      `This file type is not accepted here. Allowed: ${contentTypes.join(', ')}`,
      { contentType: 'Not accepted for this section' },
    );
  }
  const partCount = partCountOf(input.size);
  if (input.size > MAX_FILE_BYTES || partCount > MAX_PARTS) {
    throw new ApiError(413, 'too_large', 'The file is larger than the 100 MB limit.');
  }
  // The same room checks as a single-PUT ticket (decision 068), for the declared size.
  const sizeRecords = await checkUploadRoom(deps, admission, input.size);
  const now = deps.clock.now();
  const uploadId = crypto.randomUUID();
  const objectKey = `uploads/${uploadId}`;
  const storeUploadId = await deps.store.createMultipartUpload(objectKey, { contentType });
  await deps.db.batch([
    deps.db.insert(uploadTickets).values({
      objectKey,
      purpose: 'submission_document',
      requestedName: input.filename.slice(0, 200),
      sectionKey: section.key,
      allowedTypes: contentTypes,
      // The declared total: what the budget counts while the parts arrive.
      maxBytes: input.size,
      clientKey: admission.clientKey,
      createdAt: now,
      expiresAt: new Date(now.getTime() + UPLOAD_USABLE_MS),
      // Kept like a live draft's upload (decision 066) from its start: a phone a day or more
      // offline resumes it rather than sending it all again.
      keptUntil: new Date(now.getTime() + DRAFT_KEEP_MS),
      multipartUploadId: storeUploadId,
      totalBytes: input.size,
      partBytes: PART_BYTES,
    }),
    ...sizeRecords,
  ]);
  return { uploadId, partSize: PART_BYTES, partCount };
}

function assertOpen(ticket: Multipart) {
  if (ticket.completedAt || ticket.usedAt) {
    throw new ApiError(409, 'upload_completed', 'This upload is already complete.');
  }
}

export async function partUploadUrls(deps: Deps, uploadId: string, partNumbers: number[]) {
  const ticket = await findUpload(deps, uploadId);
  assertOpen(ticket);
  const count = partCountOf(ticket.totalBytes, ticket.partBytes);
  const beyond = partNumbers.find((n) => n > count);
  if (beyond !== undefined) {
    throw new ApiError(
      400,
      'no_such_part',
      `This upload has ${count} parts; there is no part ${beyond}.`,
      { partNumbers: `At most ${count}` },
    );
  }
  const parts = await Promise.all(
    [...new Set(partNumbers)].map(async (partNumber) => {
      const size = partSizeOf(partNumber, ticket.totalBytes, ticket.partBytes);
      const url = await deps.store.createPartUploadUrl(ticket.objectKey, ticket.multipartUploadId, {
        partNumber,
        size,
        expiresInSeconds: PART_URL_EXPIRY_SECONDS,
      });
      return { partNumber, size, url };
    }),
  );
  return { parts };
}

/** The parts the store holds at their expected size: those a client need not send again. */
async function heldParts(deps: Deps, ticket: Multipart): Promise<StoredPart[]> {
  try {
    const parts = await deps.store.listParts(ticket.objectKey, ticket.multipartUploadId);
    return parts.filter(
      (p) => p.size === partSizeOf(p.partNumber, ticket.totalBytes, ticket.partBytes),
    );
  } catch (error) {
    if (error instanceof UploadNotFoundError) throw notFound();
    throw error;
  }
}

export async function listUploadedParts(deps: Deps, uploadId: string) {
  const ticket = await findUpload(deps, uploadId);
  assertOpen(ticket);
  return { parts: await heldParts(deps, ticket) };
}

export async function completeMultipartUpload(
  deps: Deps,
  uploadId: string,
  named: { partNumber: number; etag: string }[],
) {
  const ticket = await findUpload(deps, uploadId);
  // The answer to an earlier complete was lost: the object is there, say so again.
  if (ticket.completedAt)
    return { url: objectUrl(deps, ticket.objectKey), size: ticket.totalBytes };
  assertOpen(ticket);
  const count = partCountOf(ticket.totalBytes, ticket.partBytes);
  const held = new Map((await heldParts(deps, ticket)).map((p) => [p.partNumber, p.etag]));
  const given = new Map(named.map((p) => [p.partNumber, p.etag.replaceAll('"', '')]));
  const missing: number[] = [];
  for (let n = 1; n <= count; n++) {
    const etag = held.get(n)?.replaceAll('"', '');
    if (!etag || given.get(n) !== etag) missing.push(n);
  }
  if (missing.length > 0 || named.length !== count) {
    throw new ApiError(
      409,
      'parts_missing',
      `Some parts of this file have not arrived (${missing.slice(0, 20).join(', ') || 'extra parts named'}). Please send them again.`,
      { parts: missing.join(',') },
    );
  }
  const parts = [...held]
    .sort(([a], [b]) => a - b)
    .map(([partNumber, etag]) => ({ partNumber, etag }));
  let size: number;
  try {
    ({ size } = await deps.store.completeMultipartUpload(
      ticket.objectKey,
      ticket.multipartUploadId,
      parts,
    ));
  } catch (error) {
    if (error instanceof UploadNotFoundError) throw notFound();
    if (error instanceof PartsMismatchError) {
      throw new ApiError(
        409,
        'parts_missing',
        'Some parts of this file have not arrived. Please send them again.',
      );
    }
    throw error;
  }
  const head = await deps.store.readStart(ticket.objectKey, MAGIC_BYTES_LENGTH);
  const kind = head ? detectFileKind(head) : null;
  const refusal =
    size !== ticket.totalBytes
      ? `The file arrived with ${size} bytes instead of ${ticket.totalBytes}. Please send it again.`
      : !kind || !ticket.allowedTypes.includes(MIME_OF_KIND[kind])
        ? `This file is not a valid ${ticket.allowedTypes.join(' or ')} file.`
        : null;
  if (refusal) {
    await deps.store.delete(ticket.objectKey);
    await deps.db.delete(uploadTickets).where(eq(uploadTickets.objectKey, ticket.objectKey));
    throw new ApiError(400, 'invalid_file', refusal);
  }
  await deps.db
    .update(uploadTickets)
    .set({ completedAt: deps.clock.now() })
    .where(and(eq(uploadTickets.objectKey, ticket.objectKey), isNull(uploadTickets.completedAt)));
  return { url: objectUrl(deps, ticket.objectKey), size };
}

export async function abortMultipartUpload(deps: Deps, uploadId: string) {
  const ticket = await findUpload(deps, uploadId).catch(() => null);
  if (!ticket || ticket.completedAt || ticket.usedAt) return;
  await deps.store.abortMultipartUpload(ticket.objectKey, ticket.multipartUploadId);
  await deps.db
    .delete(uploadTickets)
    .where(and(eq(uploadTickets.objectKey, ticket.objectKey), isNull(uploadTickets.usedAt)));
}
