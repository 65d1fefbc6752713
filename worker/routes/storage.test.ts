import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';

const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.dispose());

const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

function uploadUrl(key: string, maxBytes = 1024, expiresInSeconds = 600) {
  return t.deps.store.createUploadUrl(key, {
    contentTypes: ['application/pdf', 'image/jpeg'],
    maxBytes,
    expiresInSeconds,
  });
}

function put(url: string, body: BodyInit, contentType = 'application/pdf') {
  return t.request(url, { method: 'PUT', body, headers: { 'Content-Type': contentType } });
}

describe('signed object storage served by the app', () => {
  it('stores an upload and serves it back through a signed download URL', async () => {
    const url = await uploadUrl('docs/a1');
    expect(url.startsWith('http://localhost:8787/api/storage/docs/a1?')).toBe(true);
    const res = await put(url, pdf);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ key: 'docs/a1', size: pdf.byteLength });
    expect(await t.deps.store.head('docs/a1')).toEqual({
      size: pdf.byteLength,
      contentType: 'application/pdf',
    });

    const download = await t.deps.store.createDownloadUrl('docs/a1', {
      fileName: 'Rég form.pdf',
      expiresInSeconds: 60,
    });
    const got = await t.request(download);
    expect(got.status).toBe(200);
    expect(got.headers.get('Content-Type')).toBe('application/pdf');
    expect(got.headers.get('Content-Disposition')).toBe(
      `attachment; filename="R_g form.pdf"; filename*=UTF-8''R%C3%A9g%20form.pdf`,
    );
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(pdf);
  });

  it('refuses a second PUT to the same URL and keeps the first bytes', async () => {
    const url = await uploadUrl('docs/a2');
    expect((await put(url, pdf)).status).toBe(200);
    const again = await put(url, new TextEncoder().encode('%PDF-other'));
    expect(again.status).toBe(412);
    expect(await again.json()).toMatchObject({
      error: { code: 'already_uploaded' },
      size: pdf.byteLength,
    });
    expect((await t.deps.store.readStart('docs/a2', 100))?.byteLength).toBe(pdf.byteLength);
  });

  it('refuses a content type the URL was not signed for', async () => {
    const res = await put(await uploadUrl('docs/a3'), pdf, 'text/html');
    expect(res.status).toBe(415);
    expect(await t.deps.store.head('docs/a3')).toBeNull();
  });

  it('refuses a tampered URL', async () => {
    const url = new URL(await uploadUrl('docs/a4', 10));
    url.searchParams.set('max', '104857600');
    expect((await put(url.toString(), pdf)).status).toBe(403);
    const otherKey = (await uploadUrl('docs/a5')).replace('docs/a5', 'docs/a6');
    expect((await put(otherKey, pdf)).status).toBe(403);
  });

  it('refuses an expired URL', async () => {
    const url = await uploadUrl('docs/a7', 1024, 60);
    clock.advance(61_000);
    const res = await put(url, pdf);
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('url_expired');
  });

  it('stops reading an oversize body and leaves no partial file behind', async () => {
    const url = await uploadUrl('docs/a8', 1000);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 512;
        if (sent > 100_000) controller.close();
        else controller.enqueue(new Uint8Array(512));
      },
    });
    const res = await t.request(url, {
      method: 'PUT',
      body,
      headers: { 'Content-Type': 'application/pdf' },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(100_000);
    expect(await t.deps.store.head('docs/a8')).toBeNull();
    expect(await readdir(join(t.dataDir, 'store', 'tmp'))).toEqual([]);
  });

  it('refuses a declared oversize body before reading it', async () => {
    const res = await t.request(await uploadUrl('docs/a9', 10), {
      method: 'PUT',
      body: pdf,
      headers: { 'Content-Type': 'application/pdf', 'Content-Length': String(pdf.byteLength) },
    });
    expect(res.status).toBe(413);
  });

  it('refuses an empty file', async () => {
    const res = await put(await uploadUrl('docs/a10'), new Uint8Array(0));
    expect(res.status).toBe(400);
    expect(await t.deps.store.head('docs/a10')).toBeNull();
  });

  it('does not serve a download without a valid signature', async () => {
    const download = new URL(
      await t.deps.store.createDownloadUrl('docs/a1', { fileName: 'a.pdf', expiresInSeconds: 60 }),
    );
    download.searchParams.set('name', 'other.pdf');
    expect((await t.request(download.toString())).status).toBe(403);
    expect((await t.request('/api/storage/docs/a1')).status).toBe(403);
  });
});
