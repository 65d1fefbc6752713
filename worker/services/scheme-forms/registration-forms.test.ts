import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, uploadTickets } from '../../../schema/db.ts';
import { createTestApp, manualClock, type TestApp } from '../../testing/harness.ts';
import { addStaff, PDF_BYTES, PNG_BYTES } from '../../testing/staff-fixtures.ts';
import { signIn } from '../../testing/staff-sign-in.ts';
import { REGISTRATION_FORM_MAX_BYTES } from './form-size-limit.ts';

const clock = manualClock();
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ clock });
  await addStaff(t);
  cookie = await signIn(t);
});
afterAll(() => t.dispose());

function asStaff(path: string, init: RequestInit & { json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  headers.set('Cookie', cookie);
  return t.request(path, { ...init, headers });
}

async function uploadSlot(): Promise<{ uploadUrl: string; storagePath: string }> {
  const res = await asStaff('/api/upload/presigned-url', {
    method: 'POST',
    json: { fileType: 'application/pdf' },
  });
  expect(res.status).toBe(200);
  return res.json();
}

function put(url: string, bytes: Uint8Array<ArrayBuffer>, contentType = 'application/pdf') {
  return t.request(url, { method: 'PUT', body: bytes, headers: { 'Content-Type': contentType } });
}

function register(storagePath: string, overrides: Record<string, unknown> = {}) {
  return asStaff('/api/admin/medical-aid-documents', {
    method: 'POST',
    json: {
      schemeKey: 'bestmed',
      schemeName: 'Bestmed',
      fileName: 'Bestmed provider application 2026.pdf',
      fileSize: PDF_BYTES.byteLength,
      fileType: 'application/pdf',
      storagePath,
      description: '2026 registration form',
      year: 2026,
      ...overrides,
    },
  });
}

describe('registration forms', () => {
  it('refuses anything but a PDF upload URL with the dashboard message', async () => {
    for (const fileType of ['image/png', 'application/x-pdf', undefined]) {
      const res = await asStaff('/api/upload/presigned-url', {
        method: 'POST',
        json: fileType ? { fileType } : {},
      });
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe('Only PDF files are allowed');
    }
  });

  it('issues a ticket and URL, stores the PDF and registers it for practitioners to see', async () => {
    const { uploadUrl, storagePath } = await uploadSlot();
    expect(storagePath).toMatch(/^forms\/[0-9a-f-]{36}$/);
    const [ticket] = await t.deps.db
      .select()
      .from(uploadTickets)
      .where(eq(uploadTickets.objectKey, storagePath));
    expect(ticket).toMatchObject({
      purpose: 'registration_form',
      allowedTypes: ['application/pdf'],
      maxBytes: REGISTRATION_FORM_MAX_BYTES,
      usedAt: null,
    });
    expect((await put(uploadUrl, PDF_BYTES)).status).toBe(200);

    const res = await register(storagePath, { schemeName: 'Something else' });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toEqual({
      id: expect.any(String),
      schemeKey: 'bestmed',
      schemeName: 'Bestmed',
      fileName: 'Bestmed provider application 2026.pdf',
      fileSize: PDF_BYTES.byteLength,
      fileType: 'application/pdf',
      storagePath,
      description: '2026 registration form',
      year: 2026,
      createdAt: clock.now().toISOString(),
      // Beside the spec's fields: no staff member has confirmed a fill-in mapping yet.
      mappingConfirmedAt: null,
    });

    const list = await (await asStaff('/api/admin/medical-aid-documents')).json();
    expect(list).toContainEqual(created);
    const publicList = await (await t.request('/api/medical-aid-documents')).json();
    expect(publicList).toContainEqual({
      id: created.id,
      schemeKey: 'bestmed',
      fileName: 'Bestmed provider application 2026.pdf',
      description: '2026 registration form',
    });
    const [audit] = await t.deps.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, created.id));
    expect(audit).toMatchObject({ action: 'registration_form_uploaded', submissionId: null });

    const again = await register(storagePath);
    expect(again.status).toBe(400);
  });

  it('accepts an administrator key, whose card the dashboard also shows', async () => {
    const { uploadUrl, storagePath } = await uploadSlot();
    await put(uploadUrl, PDF_BYTES);
    const res = await register(storagePath, { schemeKey: 'discovery', year: null });
    expect(res.status).toBe(201);
    expect((await res.json()).schemeName).toBe('Discovery Health');
  });

  it('refuses an unknown scheme, a path it never issued, and a missing upload', async () => {
    const { storagePath } = await uploadSlot();
    const unknown = await register(storagePath, { schemeKey: 'no_such_scheme' });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.code).toBe('unknown_scheme');

    expect((await register('forms/not-issued')).status).toBe(400);
    expect((await register('docs/some-practitioner-file')).status).toBe(400);

    const missing = await register(storagePath);
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.code).toBe('upload_missing');
  });

  it('refuses bytes that are not a PDF, removing them so the upload can be retried', async () => {
    const { uploadUrl, storagePath } = await uploadSlot();
    // The signed URL pins the declared type, not the content: a PNG can be sent as PDF.
    expect((await put(uploadUrl, PNG_BYTES)).status).toBe(200);
    const res = await register(storagePath);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(
      'The uploaded file is not a PDF. Only PDF files are allowed.',
    );
    expect(await t.deps.store.head(storagePath)).toBeNull();
    expect((await put(uploadUrl, PDF_BYTES)).status).toBe(200);
    expect((await register(storagePath)).status).toBe(201);
  });

  it('refuses an upload whose ticket has expired', async () => {
    const { uploadUrl, storagePath } = await uploadSlot();
    await put(uploadUrl, PDF_BYTES);
    clock.advance(60 * 60_000 + 1);
    expect((await register(storagePath)).status).toBe(400);
    cookie = await signIn(t);
  });

  it('deletes the record and its bytes', async () => {
    const { uploadUrl, storagePath } = await uploadSlot();
    await put(uploadUrl, PDF_BYTES);
    const created = await (await register(storagePath)).json();
    const res = await asStaff(`/api/admin/medical-aid-documents/${created.id}`, {
      method: 'DELETE',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(await t.deps.store.head(storagePath)).toBeNull();
    const list = await (await asStaff('/api/admin/medical-aid-documents')).json();
    expect(list.some((d: { id: string }) => d.id === created.id)).toBe(false);
    const again = await asStaff(`/api/admin/medical-aid-documents/${created.id}`, {
      method: 'DELETE',
    });
    expect(again.status).toBe(404);
  });
});
