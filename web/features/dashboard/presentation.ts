// Pure presentation rules of the staff dashboard: badge styles, labels, sizes and the notes
// the screens show. Kept free of React so they are unit-tested directly.
import { type SchemeStatus, submissionStatus } from '../../../schema/submission-api.ts';

export const SUBMISSION_STATUSES = submissionStatus.options;

/** The scheme statuses in the order of the work (the schema lists them in another order). */
export const SCHEME_STATUSES: readonly SchemeStatus[] = [
  'not_started',
  'pending',
  'approved',
  'rejected',
];

export const RECENT_LIMIT = 10;

/** docs/product.md#screens-and-routes: the note appears only when there are more submissions than
 * the table shows. */
export function recentSubmissionsNote(total: number): string | null {
  return total > RECENT_LIMIT
    ? `Showing ${RECENT_LIMIT} most recent submissions of ${total} total`
    : null;
}

/** docs/product.md#screens-and-routes: size in MB with two decimals. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** docs/product.md#validation: the year is parsed as an integer, or null when empty (or not a
 * number). */
export function parseYear(value: string): number | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const year = Number.parseInt(trimmed, 10);
  return Number.isNaN(year) ? null : year;
}

/** docs/product.md#validation: the description is null when empty. */
export function descriptionOrNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** docs/product.md#validation: a registration form must be exactly application/pdf. */
export function isRegistrationFormType(type: string): type is 'application/pdf' {
  return type === 'application/pdf';
}

export type SchemeCard = { key: string; label: string };

/** Staff find one of ~50 schemes by any part of its name or key. */
export function filterSchemes<T extends SchemeCard>(schemes: readonly T[], query: string): T[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...schemes];
  return schemes.filter((s) => {
    const haystack = `${s.label} ${s.key}`.toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}

/** The message a failed call shows: the server's words when it sent any, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object') {
    const server = (error as { serverMessage?: unknown }).serverMessage;
    if (typeof server === 'string' && server) return server;
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}

export function trackingPath(token: string): string {
  return `/track?token=${encodeURIComponent(token)}`;
}
