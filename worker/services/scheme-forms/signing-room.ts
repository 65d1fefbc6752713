// Room for one more signing of an application's scheme forms (security review M1), checked
// before anything is filled or stored.
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';
import { consume } from '../rate-limits/rate-limits.ts';
import { STORAGE_FULL_MESSAGE } from '../uploads/upload-budget.ts';

/** Signed PDFs are a scheme's form plus a signature image: a few MB, at most this. */
export const SIGNED_FORM_MAX_BYTES = 20 * 1024 * 1024;

/** Signings of one application in a day: a practitioner signs once, and corrects a few times. */
const SIGNINGS_PER_DAY = 3;

/**
 * Room for one more signing, before anything is filled or stored: the application's signings
 * today, and (on Node) the disk's free-space floor, as an upload ticket is held to it: signed
 * forms are up to 20 MB each and share the database's disk (decision 068).
 */
export async function checkSigningRoom(deps: Deps, submissionId: string, forms: number, now: Date) {
  const free = await deps.diskSpace.freeBytes();
  if (free !== null && free - forms * SIGNED_FORM_MAX_BYTES < deps.config.minFreeDiskBytes) {
    deps.logger.error('signing refused: free disk below the floor', { freeBytes: free });
    throw new ApiError(507, 'storage_full', STORAGE_FULL_MESSAGE);
  }
  const today = await consume(
    deps.db,
    { bucket: 'scheme_form_signing', limit: SIGNINGS_PER_DAY, windowMs: 24 * 60 * 60 * 1000 },
    submissionId,
    now,
  );
  if (!today.allowed) {
    throw new ApiError(
      429,
      'too_many_signings',
      'These forms were signed three times today already. Please sign again tomorrow, or call us if something is wrong.',
    );
  }
}
