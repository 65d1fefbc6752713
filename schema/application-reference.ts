// The application's short reference (decision 089): 8 characters of Crockford base32 shown as
// XXXX-XXXX, for reading over the phone and writing on an envelope. It names an application;
// it is not a credential and unlocks nothing (the tracking token and the lookup do that).
// Shared by the server (which makes and searches it) and the web app (which shows it).

/** Crockford's alphabet: digits and letters without I, L, O and U. */
export const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const REFERENCE_LENGTH = 8;

/** A new random reference, already in its shown form (XXXX-XXXX). */
export function newApplicationReference(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(REFERENCE_LENGTH));
  // 256 is a multiple of 32, so `% 32` keeps every character equally likely.
  const chars = Array.from(bytes, (b) => REFERENCE_ALPHABET[b % 32]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/**
 * What a person typed, as the stored reference (XXXX-XXXX), or null when it cannot be one.
 * Case does not matter, spaces and hyphens anywhere are ignored, and Crockford's confusables
 * are read as the digit they look like (I and L as 1, O as 0).
 */
export function normalizeApplicationReference(typed: string): string | null {
  const chars = typed.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  if (chars.length !== REFERENCE_LENGTH) return null;
  for (const ch of chars) if (!REFERENCE_ALPHABET.includes(ch)) return null;
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
}
