// What `npm run deploy:check` proves against a real R2 bucket (and its tests against the local
// stand-in, decision 084): each behaviour the portal relies on, sent with the product's own
// signing code (the R2 adapter), so a row that fails names a promise R2 does not keep for us.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { PART_BYTES } from '../../schema/upload-parts.ts';
import { createS3Access, r2Multipart, type S3Options } from '../adapters/r2-multipart.ts';
import { presignUpload, signedPutHeaders } from '../adapters/s3-upload-url.ts';
import { PartsMismatchError } from '../ports.ts';

export type CheckRow = { behaviour: string; expected: string; got: string; ok: boolean };

export type R2CheckOptions = S3Options & {
  /** An origin in the bucket's CORS rule (deploy/r2-cors.json): the portal's PUBLIC_ORIGIN. */
  pageOrigin: string;
};

const PDF = 'application/pdf';

/** Whether a page could read the answer's ETag: CORS must expose it. */
function exposedEtag(res: Response): string {
  const exposed = (res.headers.get('Access-Control-Expose-Headers') ?? '').toLowerCase();
  if (!res.headers.get('ETag')) return 'no ETag';
  return exposed.split(',').some((name) => name.trim() === 'etag' || name.trim() === '*')
    ? 'exposed'
    : 'not in Access-Control-Expose-Headers';
}

/** PUTs half of a size-byte body to url, then drops the connection. */
function cutMidBody(url: URL, size: number): Promise<void> {
  return new Promise((resolve) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(url, { method: 'PUT', headers: { 'Content-Length': String(size) } });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(new Uint8Array(size / 2), () => setTimeout(() => req.destroy(), 200));
  });
}

export async function runR2Checks(options: R2CheckOptions): Promise<CheckRow[]> {
  const rows: CheckRow[] = [];
  const s3 = createS3Access(options);
  const parts = r2Multipart(s3);
  const run = `deploy-check/${crypto.randomUUID()}`;
  const created: string[] = [];
  const row = (behaviour: string, expected: string, got: string | number) =>
    rows.push({ behaviour, expected, got: String(got), ok: String(got) === expected });
  const code = async (res: Response) =>
    /<Code>([^<]+)<\/Code>/.exec(await res.text())?.[1] ?? `HTTP ${res.status}`;
  const uploadUrl = (key: string, size: number, expiresIn = 600) =>
    presignUpload({ ...options, objectUrl: s3.objectUrl(key).toString() }, expiresIn, {
      contentType: PDF,
      size,
    });
  const put = (url: string, body: Uint8Array, headers: Record<string, string>) =>
    fetch(url, {
      method: 'PUT',
      headers: { Origin: options.pageOrigin, ...headers },
      body: body as Uint8Array<ArrayBuffer>,
    });
  const { 'Content-Length': _length, ...sent } = signedPutHeaders({ contentType: PDF, size: 16 });
  const file = new TextEncoder().encode('%PDF-1.4 check\n');
  const body = new Uint8Array(16);
  body.set(file);

  try {
    const key = `${run}/single`;
    created.push(key);
    const url = await uploadUrl(key, 16);
    const pre = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        Origin: options.pageOrigin,
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'content-type,if-none-match',
      },
    });
    await pre.body?.cancel();
    row(
      'CORS preflight for a PUT from the portal',
      options.pageOrigin,
      pre.headers.get('Access-Control-Allow-Origin') ?? `none (HTTP ${pre.status})`,
    );
    const longer = await put(url, new Uint8Array(17), sent);
    const longerCors = longer.headers.get('Access-Control-Allow-Origin');
    row('PUT longer than the size signed', 'SignatureDoesNotMatch', await code(longer));
    row('a refusal carries CORS headers', options.pageOrigin, longerCors ?? 'none');
    const html = await put(url, body, { ...sent, 'Content-Type': 'text/html' });
    row('PUT of another type than signed', 'SignatureDoesNotMatch', await code(html));
    const { 'If-None-Match': _inm, ...overwriting } = sent;
    const bare = await put(url, body, overwriting);
    row('PUT without the signed If-None-Match', 'SignatureDoesNotMatch', await code(bare));
    const first = await put(url, body, sent);
    await first.body?.cancel();
    row('PUT exactly as signed', '200', first.status);
    // What the browser lets the page read: the ETag only if CORS exposes it (Node's fetch
    // would show it either way).
    row('ETag exposed to the page', 'exposed', exposedEtag(first));
    const second = await put(url, body, sent);
    row('second PUT with If-None-Match: *', 'PreconditionFailed', await code(second));

    const lateKey = `${run}/late`;
    const late = await uploadUrl(lateKey, 16, 1);
    // Real R2's clock cannot be moved: the URL signed for one second must really have expired
    // (with a margin for clock skew) before R2 is asked to refuse it. Only deploy:check waits.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const expired = await put(late, body, sent);
    const expiredCors = expired.headers.get('Access-Control-Allow-Origin');
    row('PUT to an expired URL', '403', expired.status);
    await expired.body?.cancel();
    row('the expiry refusal carries CORS headers', options.pageOrigin, expiredCors ?? 'none');

    const download = await s3.presign('GET', key, 60, {
      'response-content-disposition': 'attachment; filename="check file.pdf"',
    });
    const got = await fetch(download);
    await got.body?.cancel();
    row('presigned GET with a space in a response-* value', '200', got.status);

    const big = `${run}/parts`;
    created.push(big);
    const uploadId = await parts.createMultipartUpload(big, { contentType: PDF });
    const partUrl = (n: number, size: number) =>
      parts.createPartUploadUrl(big, uploadId, { partNumber: n, size, expiresInSeconds: 600 });
    const wrongSize = await fetch(await partUrl(2, 1000), {
      method: 'PUT',
      body: new Uint8Array(1001),
    });
    row('part of another size than signed', 'SignatureDoesNotMatch', await code(wrongSize));
    // A part cut half way (a phone losing signal) must leave nothing listed, so it is sent again.
    await cutMidBody(new URL(await partUrl(1, PART_BYTES)), PART_BYTES);
    const afterCut = await parts.listParts(big, uploadId);
    row(
      'a part cut mid-body is not listed',
      'none',
      afterCut.map((p) => p.partNumber).join(' ') || 'none',
    );
    const one = await put(await partUrl(1, PART_BYTES), new Uint8Array(PART_BYTES), {});
    await one.body?.cancel();
    row(
      'a part PUT from the page carries CORS headers',
      options.pageOrigin,
      one.headers.get('Access-Control-Allow-Origin') ?? 'none',
    );
    row("a part's ETag exposed to the page", 'exposed', exposedEtag(one));
    const two = await put(await partUrl(2, 1000), new Uint8Array(1000), {});
    await two.body?.cancel();
    const etags = [one.headers.get('ETag') ?? '', two.headers.get('ETag') ?? ''];
    const listed = await parts.listParts(big, uploadId);
    row(
      'ListParts: numbers, sizes and ETags',
      `1:${PART_BYTES}:${etags[0]} 2:1000:${etags[1]}`,
      listed.map((p) => `${p.partNumber}:${p.size}:${p.etag}`).join(' '),
    );
    const wrong = await parts
      .completeMultipartUpload(big, uploadId, [
        { partNumber: 1, etag: etags[0]! },
        { partNumber: 2, etag: etags[0]! },
      ])
      .then(
        () => 'completed',
        (error: unknown) => (error instanceof PartsMismatchError ? 'refused' : String(error)),
      );
    row('complete naming a wrong part ETag', 'refused', wrong);
    const done = await parts.completeMultipartUpload(big, uploadId, [
      { partNumber: 1, etag: etags[0]! },
      { partNumber: 2, etag: etags[1]! },
    ]);
    row('complete with the parts sent', String(PART_BYTES + 1000), done.size);
  } finally {
    for (const key of created) {
      await s3.aws.fetch(s3.objectUrl(key), { method: 'DELETE' }).then(
        (res) => res.body?.cancel(),
        () => {},
      );
    }
  }
  return rows;
}

/** The rows as a plain text table. */
export function checkTable(rows: readonly CheckRow[]): string {
  const head = ['', 'R2 behaviour', 'expected', 'got'];
  const lines = rows.map((r) => [r.ok ? 'ok' : 'FAIL', r.behaviour, r.expected, r.got]);
  const widths = head.map((_, i) => Math.max(...[head, ...lines].map((l) => l[i]!.length)));
  const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  return [format(head), ...lines.map(format)].join('\n');
}
