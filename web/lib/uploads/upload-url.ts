// What an upload URL says about itself, read before it is used: the headers a PUT to it must
// carry, and when it stops working. A URL kept with a queued file (a phone back after a day)
// is replaced before it is sent once it has expired, rather than tried and refused: R2's
// refusal may not even reach the page as a status (decision 095).

/**
 * The headers a PUT must carry beyond its Content-Type: an R2 URL signed for the exact file
 * signs `If-None-Match: *` (never over an existing object, worker/adapters/s3-upload-url.ts)
 * and is refused without it; other URLs (the portal's own, part URLs) are sent without it.
 */
export function conditionalPutHeaders(url: string): Record<string, string> {
  const signed = new URL(url, 'http://base').searchParams.get('X-Amz-SignedHeaders') ?? '';
  return signed.split(';').includes('if-none-match') ? { 'If-None-Match': '*' } : {};
}

/**
 * When the URL stops working (ms since the epoch): a presigned S3 URL's X-Amz-Date plus
 * X-Amz-Expires, the portal's own `expires` (seconds); null when it does not say.
 */
export function urlExpiresAt(url: string): number | null {
  const query = new URL(url, 'http://base').searchParams;
  const date = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(query.get('X-Amz-Date') ?? '');
  const lifetime = Number(query.get('X-Amz-Expires'));
  if (date && Number.isFinite(lifetime)) {
    const [, y, mo, d, h, mi, s] = date.map(Number) as number[];
    return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) + lifetime * 1000;
  }
  const own = Number(query.get('expires'));
  return query.has('expires') && Number.isFinite(own) ? own * 1000 : null;
}

/** A minute's margin: the PUT must start before the URL expires. */
const MARGIN_MS = 60_000;

export function urlExpired(url: string, now = Date.now()): boolean {
  const at = urlExpiresAt(url);
  return at !== null && at - MARGIN_MS <= now;
}
