// Tracking tokens are bearer secrets: whoever holds one sees the full tracking view
// (docs/product.md#roles).
// 24 bytes (192 bits) from the platform CSPRNG, base64url so they sit safely in a URL.

const TRACKING_TOKEN_BYTES = 24;

export function newTrackingToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(TRACKING_TOKEN_BYTES));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Whether a value can be a tracking token at all, so malformed ones never reach the database. */
export function isWellFormedTrackingToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{22,64}$/.test(value);
}
