// What the store accepts and refuses from the upload URLs the R2 adapter hands out (r2-store.ts's
// createUploadUrl: presignUpload over the bucket's object URL for the key), sent as a browser
// sends them to the local stand-in for R2 (decision 095). The stand-in recomputes every V4
// signature with AWS's own signer (sigv4-check.ts), not with aws4fetch, which signs here: a URL
// signed wrongly is refused as R2 refuses it, and every status below is the store's answer.
import { describe, expect, it } from 'vitest';
import { localR2 } from '../testing/local-r2.ts';
import { LOCAL_S3_KEY } from '../workers-local/object-server.ts';
import { presignUpload, signedPutHeaders } from './s3-upload-url.ts';

/** How far the store's clock runs ahead of this one (to pass a URL's expiry). */
let storeClockAhead = 0;
const r2 = localR2({ now: () => new Date(Date.now() + storeClockAhead) });

const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.4 ${text}`);
const bytes = pdf('abc');
const file = { contentType: 'application/pdf', size: bytes.byteLength };
// fetch sets Content-Length from the body itself, as a browser does.
const { 'Content-Length': _fromBody, ...headers } = signedPutHeaders(file);
const EXPIRES = 3600;

/** The URL the adapter makes for a new upload's key (as r2-store.ts's createUploadUrl). */
function uploadUrl(exact: typeof file | 'nothing declared' = file) {
  const key = `uploads/${crypto.randomUUID()}`;
  const objectUrl = r2.s3.objectUrl(key).toString();
  return presignUpload(
    { ...LOCAL_S3_KEY, objectUrl },
    EXPIRES,
    exact === 'nothing declared' ? undefined : exact,
  ).then((url) => ({
    url,
    key,
  }));
}
const put = (url: string, sent: Record<string, string> = headers, body: Uint8Array = bytes) =>
  fetch(url, { method: 'PUT', headers: sent, body: body as Uint8Array<ArrayBuffer> });
/** The store's status and S3 error code for a PUT. */
async function answer(res: Response) {
  const text = await res.text();
  return { status: res.status, code: /<Code>([^<]+)<\/Code>/.exec(text)?.[1] };
}
/** What the store holds under key, or null. */
async function stored(key: string): Promise<string | null> {
  const res = await fetch(await r2.s3.presign('GET', key, 60));
  if (res.status === 404) return null;
  expect(res.status).toBe(200);
  return res.text();
}
const mismatch = { status: 403, code: 'SignatureDoesNotMatch' };

describe('what the store does with an upload URL signed for the declared file', () => {
  it('takes the declared file (200) and stores its bytes; a second PUT is refused (412) and changes nothing', async () => {
    const { url, key } = await uploadUrl();
    const first = await put(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('ETag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(await stored(key)).toBe('%PDF-1.4 abc');
    const again = await answer(await put(url, headers, pdf('xyz')));
    expect(again).toEqual({ status: 412, code: 'PreconditionFailed' });
    expect(await stored(key)).toBe('%PDF-1.4 abc');
  });

  it('refuses a body of another length, longer or shorter (403), and stores nothing', async () => {
    const { url, key } = await uploadUrl();
    expect(await answer(await put(url, headers, pdf('abcd')))).toEqual(mismatch);
    expect(await answer(await put(url, headers, pdf('ab')))).toEqual(mismatch);
    expect(await stored(key)).toBeNull();
  });

  it('refuses another type, and a PUT without If-None-Match (403), storing nothing', async () => {
    const { url, key } = await uploadUrl();
    expect(await answer(await put(url, { ...headers, 'Content-Type': 'text/html' }))).toEqual(
      mismatch,
    );
    const { 'If-None-Match': _dropped, ...overwriting } = headers;
    expect(await answer(await put(url, overwriting))).toEqual(mismatch);
    expect(await stored(key)).toBeNull();
    // The refusals used nothing up: the declared file still goes in.
    expect((await put(url)).status).toBe(200);
  });

  it('refuses the URL once it has expired (403), storing nothing', async () => {
    const { url, key } = await uploadUrl();
    storeClockAhead = (EXPIRES + 1) * 1000;
    try {
      const late = await put(url);
      expect(late.status).toBe(403);
      expect(await late.text()).toContain('Request has expired');
    } finally {
      storeClockAhead = 0;
    }
    expect(await stored(key)).toBeNull();
  });

  it('refuses a URL whose query or object was changed after signing (403)', async () => {
    const { url, key } = await uploadUrl();
    const changed = (edit: (url: URL) => void) => {
      const copy = new URL(url);
      edit(copy);
      return copy.toString();
    };
    // A longer life, the size and type dropped from the signed headers, another object.
    const longer = changed((u) => u.searchParams.set('X-Amz-Expires', '604800'));
    const hostOnly = changed((u) => u.searchParams.set('X-Amz-SignedHeaders', 'host'));
    const elsewhere = changed((u) => {
      u.pathname = u.pathname.replace(key, `uploads/${crypto.randomUUID()}`);
    });
    expect(await answer(await put(longer))).toEqual(mismatch);
    expect(await answer(await put(hostOnly, {}, new Uint8Array(4096)))).toEqual(mismatch);
    expect(await answer(await put(elsewhere))).toEqual(mismatch);
    expect(await stored(key)).toBeNull();
  });

  it('signed for the host only (nothing declared) takes any size and type: why R2 tickets declare', async () => {
    const { url } = await uploadUrl('nothing declared');
    expect((await put(url, { 'Content-Type': 'text/html' }, new Uint8Array(4096))).status).toBe(
      200,
    );
    // A streamed body without Content-Length: R2 answers 411.
    const chunked = await fetch((await uploadUrl('nothing declared')).url, {
      method: 'PUT',
      body: new Blob([bytes]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(411);
  });
});
