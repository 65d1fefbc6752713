// How large a registration form this runtime can parse and fill. Node cleans each upload on a
// worker thread with a heap of its own; a Workers isolate holds 128 MB in all (its code, every
// request in flight and the PDF), and local workerd never enforces it, so an oversized form
// would only fail on Cloudflare, as an isolate ended mid-request (decision 125).
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http.ts';

/**
 * The spec leaves the size limit open; forms are a few pages, so 20 MB is generous without
 * letting the store fill with scans of whole binders.
 */
export const REGISTRATION_FORM_MAX_BYTES = 20 * 1024 * 1024;

/**
 * pdf-lib holds about four times a form's size while it cleans or fills it, and a fill that
 * needs the Unicode font some 35 MB more: a 20 MB scanned form peaks near 100-110 MB, an 8 MB
 * one near 60 MB (form-size-limit.test.ts measures it). 8 MB keeps one form's work well within
 * 80 MB, leaving the rest of the isolate's 128 MB to the app and the other requests it serves;
 * schemes' real forms are a few hundred kilobytes to two megabytes.
 */
export const WORKERS_REGISTRATION_FORM_MAX_BYTES = 8 * 1024 * 1024;

/** The largest registration form this runtime takes, cleans, maps and fills. */
export const registrationFormLimit = (deps: Deps): number =>
  deps.registrationFormMaxBytes ?? REGISTRATION_FORM_MAX_BYTES;

const megabytes = (bytes: number) => `${Math.round((bytes / 1048576) * 10) / 10} MB`;

/** Staff's message for a form past the limit: what the limit is and what to do. */
export function formTooLargeMessage(deps: Deps): string {
  const limit = registrationFormLimit(deps);
  if (limit === REGISTRATION_FORM_MAX_BYTES) {
    return `The file is larger than the ${megabytes(limit)} limit.`;
  }
  return `The file is larger than the ${megabytes(limit)} limit for registration forms on this server (the memory it fills them in is smaller). Save it with "Reduce file size" or print it to a new PDF, then upload it again.`;
}

/** Refuses (400 form_too_large) a form of `size` bytes past the limit. */
export function requireFormWithinLimit(deps: Deps, size: number): void {
  if (size > registrationFormLimit(deps)) {
    throw new ApiError(400, 'form_too_large', formTooLargeMessage(deps));
  }
}
