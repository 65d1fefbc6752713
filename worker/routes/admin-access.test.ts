// Every staff route refuses a request without a session, and a state-changing one from another
// site even with the staff cookie.
import { describe, expect, it } from 'vitest';
import { manualClock } from '../testing/harness.ts';
import { seedSubmission } from '../testing/staff-fixtures.ts';
import { staffSession, UNKNOWN_ID } from '../testing/staff-requests.ts';

const clock = manualClock();
const staff = staffSession({ clock });

const asStaff = staff.request;
const detail = staff.detail;

const ROUTES: { method: string; path: string; json?: unknown }[] = [
  { method: 'GET', path: '/api/admin/stats' },
  { method: 'GET', path: '/api/admin/submissions' },
  { method: 'GET', path: `/api/admin/submissions/${UNKNOWN_ID}` },
  { method: 'PATCH', path: `/api/admin/submissions/${UNKNOWN_ID}`, json: { status: 'approved' } },
  {
    method: 'PATCH',
    path: `/api/admin/submissions/${UNKNOWN_ID}/schemes/${UNKNOWN_ID}`,
    json: { status: 'approved' },
  },
  { method: 'DELETE', path: `/api/admin/submissions/${UNKNOWN_ID}` },
  { method: 'PATCH', path: `/api/admin/documents/${UNKNOWN_ID}`, json: { status: 'approved' } },
  { method: 'GET', path: `/api/admin/documents/${UNKNOWN_ID}/download` },
  { method: 'GET', path: '/api/admin/medical-aid-documents' },
  {
    method: 'POST',
    path: '/api/admin/medical-aid-documents',
    json: {
      schemeKey: 'bestmed',
      schemeName: 'Bestmed',
      fileName: 'bestmed.pdf',
      fileSize: 10,
      fileType: 'application/pdf',
      storagePath: 'forms/x',
      description: null,
      year: null,
    },
  },
  { method: 'DELETE', path: `/api/admin/medical-aid-documents/${UNKNOWN_ID}` },
  { method: 'POST', path: '/api/upload/presigned-url', json: { fileType: 'application/pdf' } },
];

describe('staff-only routes', () => {
  it.each(ROUTES)('$method $path refuses a request without a session (401)', async (route) => {
    for (const sessionCookie of [undefined, 'portal_session=forged-session-id']) {
      const res = await staff.t.request(route.path, {
        method: route.method,
        json: route.json,
        headers: sessionCookie ? { Cookie: sessionCookie } : {},
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        error: { code: 'unauthorized', message: 'Please log in to continue.' },
      });
    }
  });

  it.each(ROUTES.filter((r) => r.method !== 'GET'))(
    '$method $path refuses a signed-in request from another site (403)',
    async (route) => {
      const res = await asStaff(route.path, {
        method: route.method,
        json: route.json,
        headers: { Origin: 'https://evil.example' },
      });
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe('forbidden_origin');
    },
  );

  it('does not let another site act on a real submission with the staff cookie', async () => {
    const seeded = await seedSubmission(staff.t);
    const res = await asStaff(`/api/admin/submissions/${seeded.submissionId}`, {
      method: 'DELETE',
      headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(res.status).toBe(403);
    expect((await detail(seeded.submissionId)).submission.id).toBe(seeded.submissionId);
  });
});
