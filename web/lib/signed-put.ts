// The headers a PUT to an upload URL must carry beyond its Content-Type: an R2 URL signed for
// the exact file signs `If-None-Match: *` (never over an existing object,
// worker/adapters/s3-upload-url.ts) and is refused without it; other URLs (the portal's own,
// part URLs) are sent without it.
export function conditionalPutHeaders(url: string): Record<string, string> {
  const signed = new URL(url, 'http://base').searchParams.get('X-Amz-SignedHeaders') ?? '';
  return signed.split(';').includes('if-none-match') ? { 'If-None-Match': '*' } : {};
}
