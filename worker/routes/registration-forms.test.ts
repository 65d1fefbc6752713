import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../../schema/api-basics.ts';
import { registrationForms } from '../../schema/db.ts';
import { downloadResponse, publicRegistrationForm } from '../../schema/registration-form-api.ts';
import { pdfBytes } from '../testing/file-fixtures.ts';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';

const clock = manualClock();
let t: TestApp;
const form = pdfBytes('Bestmed provider registration 2026');

beforeAll(async () => {
  t = await createTestApp({ clock });
  await t.deps.store.put('forms/bestmed-2026', new Blob([form]).stream(), {
    contentType: 'application/pdf',
    maxBytes: 1_000_000,
  });
  await t.deps.db.insert(registrationForms).values([
    {
      id: 'form-bestmed',
      schemeKey: 'bestmed',
      schemeName: 'Bestmed',
      fileName: 'Bestmed registration 2026.pdf',
      fileSize: form.byteLength,
      fileType: 'application/pdf',
      storagePath: 'forms/bestmed-2026',
      description: '2026 registration form',
      year: 2026,
      createdAt: clock.now(),
    },
    {
      id: 'form-gone',
      schemeKey: 'bankmed',
      schemeName: 'Bankmed',
      fileName: 'bankmed.pdf',
      fileSize: 10,
      fileType: 'application/pdf',
      storagePath: 'forms/never-stored',
      description: null,
      year: null,
      createdAt: clock.now(),
    },
  ]);
});
afterAll(() => t.dispose());

describe('GET /api/medical-aid-documents', () => {
  it('lists the public fields only', async () => {
    const res = await t.request('/api/medical-aid-documents');
    const list = (await res.json()) as Record<string, unknown>[];
    expect(list.map((d) => publicRegistrationForm.parse(d))).toEqual([
      { id: 'form-gone', schemeKey: 'bankmed', fileName: 'bankmed.pdf', description: null },
      {
        id: 'form-bestmed',
        schemeKey: 'bestmed',
        fileName: 'Bestmed registration 2026.pdf',
        description: '2026 registration form',
      },
    ]);
    for (const d of list)
      expect(Object.keys(d).sort()).toEqual(['description', 'fileName', 'id', 'schemeKey']);
  });
});

describe('GET /api/medical-aid-documents/:id/download', () => {
  it('answers a signed download URL that serves the form as an attachment for 5 minutes', async () => {
    const res = await t.request('/api/medical-aid-documents/form-bestmed/download');
    expect(res.status).toBe(200);
    const { downloadUrl } = downloadResponse.parse(await res.json());
    const file = await t.request(downloadUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Type')).toBe('application/pdf');
    expect(file.headers.get('Content-Disposition')).toContain(
      'filename="Bestmed registration 2026.pdf"',
    );
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(form);

    clock.advance(5 * 60_000 + 1000);
    const late = await t.request(downloadUrl);
    expect(late.status).toBe(403);
    expect(errorBody.parse(await late.json()).error.code).toBe('url_expired');
  });

  it('answers 404 for an unknown form or one whose file is gone', async () => {
    for (const id of ['no-such-form', 'form-gone', 'x'.repeat(300)]) {
      const res = await t.request(`/api/medical-aid-documents/${id}/download`);
      expect(res.status).toBe(404);
      expect(errorBody.parse(await res.json()).error).toEqual({
        code: 'not_found',
        message: 'This registration form is no longer available.',
      });
    }
  });
});
