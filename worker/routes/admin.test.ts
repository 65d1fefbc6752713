import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminSubmissionListItem,
  type PractitionerInput,
  type StaffSubmissionDetail,
  submitResponse,
} from '../../schema/api.ts';
import { auditLogs, documents, mailOutbox, practitioners, submissions } from '../../schema/db.ts';
import { saIdNumber, submitApplication } from '../testing/fixtures.ts';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';
import { addStaff, PDF_BYTES, seedSubmission, signIn } from '../testing/staff-fixtures.ts';

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

async function detail(id: string): Promise<StaffSubmissionDetail> {
  const res = await asStaff(`/api/admin/submissions/${id}`);
  expect(res.status).toBe(200);
  return res.json();
}

const someId = '00000000-0000-4000-8000-000000000000';
const ROUTES: { method: string; path: string; json?: unknown }[] = [
  { method: 'GET', path: '/api/admin/stats' },
  { method: 'GET', path: '/api/admin/submissions' },
  { method: 'GET', path: `/api/admin/submissions/${someId}` },
  { method: 'PATCH', path: `/api/admin/submissions/${someId}`, json: { status: 'approved' } },
  {
    method: 'PATCH',
    path: `/api/admin/submissions/${someId}/schemes/${someId}`,
    json: { status: 'approved' },
  },
  { method: 'DELETE', path: `/api/admin/submissions/${someId}` },
  { method: 'PATCH', path: `/api/admin/documents/${someId}`, json: { status: 'approved' } },
  { method: 'GET', path: `/api/admin/documents/${someId}/download` },
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
  { method: 'DELETE', path: `/api/admin/medical-aid-documents/${someId}` },
  { method: 'POST', path: '/api/upload/presigned-url', json: { fileType: 'application/pdf' } },
];

describe('staff-only routes', () => {
  it.each(ROUTES)('$method $path refuses a request without a session (401)', async (route) => {
    for (const sessionCookie of [undefined, 'portal_session=forged-session-id']) {
      const res = await t.request(route.path, {
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
    const seeded = await seedSubmission(t);
    const res = await asStaff(`/api/admin/submissions/${seeded.submissionId}`, {
      method: 'DELETE',
      headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(res.status).toBe(403);
    expect((await detail(seeded.submissionId)).submission.id).toBe(seeded.submissionId);
  });
});

describe('dashboard data', () => {
  let d: TestApp;
  let staff: string;
  const day = 24 * 60 * 60_000;
  const base = new Date('2025-01-05T09:00:00Z').getTime();
  beforeAll(async () => {
    // A separate app so the counts are exactly what this block seeds.
    d = await createTestApp({ clock });
    await addStaff(d);
    staff = await signIn(d);
    const first = await seedSubmission(d, {
      firstName: 'Anele',
      lastName: 'Dlamini',
      email: 'anele@example.co.za',
      practiceNumber: '7654321',
      createdAt: new Date(base),
    });
    await seedSubmission(d, {
      practitionerId: first.practitionerId,
      email: 'anele@example.co.za',
      status: 'approved',
      createdAt: new Date(base + day),
    });
    for (let i = 2; i < 14; i++) {
      await seedSubmission(d, {
        firstName: `First${i}`,
        lastName: `Last${i}`,
        status: i % 3 === 0 ? 'under_review' : 'pending',
        createdAt: new Date(base + i * day),
      });
    }
  });
  afterAll(() => d.dispose());
  const get = (path: string) => d.request(path, { headers: { Cookie: staff } });

  it('counts submissions by status and practitioners', async () => {
    const res = await get('/api/admin/stats');
    expect(await res.json()).toEqual({
      totalSubmissions: 14,
      pendingSubmissions: 9,
      approvedSubmissions: 1,
      totalPractitioners: 13,
    });
  });

  it('lists submission and practitioner pairs newest first, with the total in a header', async () => {
    const res = await get('/api/admin/submissions?limit=10');
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Total-Count')).toBe('14');
    const items = await res.json();
    expect(items).toHaveLength(10);
    expect(items[0]).toEqual({
      submission: {
        id: expect.any(String),
        status: 'pending',
        practiceType: 'established',
        createdAt: new Date(base + 13 * day).toISOString(),
        trackingToken: expect.any(String),
      },
      practitioner: { firstName: 'First13', lastName: 'Last13', email: expect.any(String) },
    });
    const times = items.map((i: { submission: { createdAt: string } }) => i.submission.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('pages through everything with the cursor, without repeats or gaps', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(
        `/api/admin/submissions?limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      const items: { submission: { id: string } }[] = await res.json();
      seen.push(...items.map((i) => i.submission.id));
      cursor = res.headers.get('X-Next-Cursor');
    } while (cursor);
    expect(seen).toHaveLength(14);
    expect(new Set(seen).size).toBe(14);
    const all = await (await get('/api/admin/submissions')).json();
    expect(seen).toEqual(all.map((i: { submission: { id: string } }) => i.submission.id));
  });

  it('searches names, e-mail, practice number and tracking token, ignoring case', async () => {
    const ids = async (query: string) => {
      const res = await get(`/api/admin/submissions?${query}`);
      return (await res.json()).map(
        (i: { practitioner: { lastName: string } }) => i.practitioner.lastName,
      );
    };
    expect(await ids('q=dlAMini')).toEqual(['Dlamini', 'Dlamini']);
    expect(await ids('q=anele%20dlamini')).toEqual(['Dlamini', 'Dlamini']);
    expect(await ids('q=ANELE%40example')).toEqual(['Dlamini', 'Dlamini']);
    expect(await ids('q=7654321')).toEqual(['Dlamini']);
    expect(await ids('q=%25')).toEqual([]);
    const [one] = await (await get('/api/admin/submissions?limit=1')).json();
    expect(await ids(`q=${one.submission.trackingToken.toUpperCase()}`)).toEqual(['Last13']);
    const filtered = await get('/api/admin/submissions?status=under_review&q=last');
    expect(filtered.headers.get('X-Total-Count')).toBe('4');
  });

  it('refuses a bad limit, status or cursor with a 400', async () => {
    for (const query of ['limit=0', 'limit=101', 'status=done', 'cursor=nonsense']) {
      const res = await get(`/api/admin/submissions?${query}`);
      expect(res.status).toBe(400);
    }
  });
});

describe('one submission', () => {
  it('shows everything, with staff download links that work and expire', async () => {
    const seeded = await seedSubmission(t, { firstName: 'Sipho', lastName: 'Mokoena' });
    const body = await detail(seeded.submissionId);
    expect(body.practitioner).toMatchObject({
      id: seeded.practitionerId,
      firstName: 'Sipho',
      lastName: 'Mokoena',
      idNumber: '8001015009087',
    });
    expect(body.submission).toMatchObject({
      id: seeded.submissionId,
      status: 'pending',
      trackingToken: seeded.trackingToken,
      practiceNumber: '1234567',
      contractPreferences: { keep: true, review: false, cancel: false, learnMore: false },
    });
    expect(body.consent).toMatchObject({ termsVersion: '1.0.0' });
    expect(body.medicalAidStatuses.map((s) => s.medicalAidName)).toEqual([
      'Bestmed',
      'Discovery Health Medical Scheme',
    ]);
    expect(body.statusEvents.map((e) => e.eventType)).toEqual(['submission_received']);
    expect(body.auditLog.map((a) => a.action)).toEqual(['submission_created']);
    expect(body.documents).toHaveLength(2);
    const doc = body.documents[0]!;
    expect(doc).toMatchObject({
      sectionKey: 'certified_id',
      sectionLabel: 'Certified ID Copy',
      status: 'uploaded',
      fileType: 'application/pdf',
    });
    const file = await t.request(doc.downloadUrl);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF_BYTES);

    const fresh = await asStaff(`/api/admin/documents/${doc.id}/download`);
    const { downloadUrl } = await fresh.json();
    expect((await t.request(downloadUrl)).status).toBe(200);
    clock.advance(5 * 60_000 + 1000);
    expect((await t.request(downloadUrl)).status).toBe(403);
    await signInAgain();
  });

  it('answers 404 for an unknown submission or document', async () => {
    expect((await asStaff(`/api/admin/submissions/${someId}`)).status).toBe(404);
    expect((await asStaff(`/api/admin/documents/${someId}/download`)).status).toBe(404);
  });

  it('never serves a practitioner document without a signature', async () => {
    const seeded = await seedSubmission(t);
    const res = await t.request(`/api/storage/${seeded.objectKeys[0]}`);
    expect(res.status).toBe(403);
  });
});

/** The session idles out when a test moves the clock far; sign in again for later tests. */
async function signInAgain() {
  cookie = await signIn(t);
}

describe('the contact details a submission was made with', () => {
  it('stay on an earlier submission when a later one with the same ID number updates the practitioner', async () => {
    const idNumber = saIdNumber('690412', '5087');
    const submit = async (practitioner: Partial<PractitionerInput>) => {
      const { response } = await submitApplication(t, {
        practitioner: { idNumber, ...practitioner },
      });
      expect(response.status).toBe(201);
      const { trackingToken } = submitResponse.parse(await response.json());
      const [row] = await t.deps.db
        .select({ id: submissions.id, practitionerId: submissions.practitionerId })
        .from(submissions)
        .where(eq(submissions.trackingToken, trackingToken));
      return { trackingToken, ...row! };
    };
    const listed = async (q: string): Promise<AdminSubmissionListItem[]> => {
      const res = await asStaff(`/api/admin/submissions?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return res.json();
    };
    const stats = async () => (await asStaff('/api/admin/stats')).json();

    const first = await submit({
      firstName: 'Zanele',
      lastName: 'Mahlangu',
      email: 'zanele.mahlangu@example.co.za',
      phone: '082 555 0123',
      specialization: 'Psychiatry',
    });
    const detailBefore = await detail(first.id);
    const listedBefore = await listed('Zanele Mahlangu');
    expect(listedBefore).toEqual([
      {
        submission: expect.objectContaining({ id: first.id, trackingToken: first.trackingToken }),
        practitioner: {
          firstName: 'Zanele',
          lastName: 'Mahlangu',
          email: 'zanele.mahlangu@example.co.za',
        },
      },
    ]);
    const statsBefore = await stats();

    clock.advance(60_000);
    const second = await submit({
      firstName: 'Pieter',
      lastName: 'Venter',
      email: 'p.venter@example.org',
      phone: '021 555 0177',
      specialization: 'Radiology',
    });
    // Still one practitioner, linking both submissions.
    expect(second.practitionerId).toBe(first.practitionerId);
    expect(await stats()).toMatchObject({
      totalSubmissions: statsBefore.totalSubmissions + 1,
      totalPractitioners: statsBefore.totalPractitioners,
    });

    // The earlier submission's detail, list entry and search hits are what it was made with.
    const detailAfter = await detail(first.id);
    expect(detailAfter.practitioner).toEqual(detailBefore.practitioner);
    expect(detailAfter.practitioner).toEqual({
      id: first.practitionerId,
      firstName: 'Zanele',
      lastName: 'Mahlangu',
      idNumber,
      email: 'zanele.mahlangu@example.co.za',
      phone: '082 555 0123',
      specialization: 'Psychiatry',
    });
    expect(await listed('Zanele Mahlangu')).toEqual(listedBefore);
    expect((await listed('ZANELE.mahlangu@example')).map((i) => i.submission.id)).toEqual([
      first.id,
    ]);

    // The later one shows its own.
    expect((await detail(second.id)).practitioner).toEqual({
      id: first.practitionerId,
      firstName: 'Pieter',
      lastName: 'Venter',
      idNumber,
      email: 'p.venter@example.org',
      phone: '021 555 0177',
      specialization: 'Radiology',
    });
    expect(await listed('pieter venter')).toEqual([
      {
        submission: expect.objectContaining({ id: second.id }),
        practitioner: { firstName: 'Pieter', lastName: 'Venter', email: 'p.venter@example.org' },
      },
    ]);
    expect((await listed('p.venter@')).map((i) => i.submission.id)).toEqual([second.id]);

    // Deleting the later submission leaves the earlier one as it was.
    expect(
      (await asStaff(`/api/admin/submissions/${second.id}`, { method: 'DELETE' })).status,
    ).toBe(200);
    expect((await detail(first.id)).practitioner).toEqual(detailBefore.practitioner);
    expect(await listed('venter')).toEqual([]);
    // Nothing that came only with the deleted submission stays on the practitioner's profile.
    const [profile] = await t.deps.db
      .select()
      .from(practitioners)
      .where(eq(practitioners.id, first.practitionerId));
    expect(profile).toMatchObject({
      firstName: 'Zanele',
      lastName: 'Mahlangu',
      idNumber,
      email: 'zanele.mahlangu@example.co.za',
      phone: '082 555 0123',
      specialization: 'Psychiatry',
    });
    expect(JSON.stringify(profile)).not.toMatch(/Venter|0177|Radiology/);
  });
});

describe('review workflow', () => {
  it('changes the application status with an event the practitioner sees and an audit entry', async () => {
    const seeded = await seedSubmission(t);
    clock.advance(60_000);
    const res = await asStaff(`/api/admin/submissions/${seeded.submissionId}`, {
      method: 'PATCH',
      json: { status: 'under_review' },
    });
    expect(res.status).toBe(200);
    const body: StaffSubmissionDetail = await res.json();
    expect(body.submission.status).toBe('under_review');
    expect(body.submission.updatedAt).toBe(clock.now().toISOString());
    expect(body.statusEvents.at(-1)).toMatchObject({
      eventType: 'status_under_review',
      description: 'Application is under review',
      createdAt: clock.now().toISOString(),
    });

    await asStaff(`/api/admin/submissions/${seeded.submissionId}`, {
      method: 'PATCH',
      json: { status: 'approved', note: 'All schemes have confirmed' },
    });
    const after = await detail(seeded.submissionId);
    expect(after.statusEvents.at(-1)).toMatchObject({
      eventType: 'status_approved',
      description: 'Application approved: All schemes have confirmed',
    });
    const audit = await t.deps.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.submissionId, seeded.submissionId));
    const changes = audit.filter((a) => a.action === 'submission_status_changed');
    expect(changes).toHaveLength(2);
    expect(changes[1]).toMatchObject({
      actor: 'staff@bureau.co.za',
      staffUserId: expect.any(String),
      details: { from: 'under_review', to: 'approved', note: 'All schemes have confirmed' },
    });
  });

  it('changes a scheme status, its notes and hard-copy flag', async () => {
    const seeded = await seedSubmission(t);
    const discovery = seeded.schemeStatusIds[0]!;
    const res = await asStaff(
      `/api/admin/submissions/${seeded.submissionId}/schemes/${discovery}`,
      { method: 'PATCH', json: { status: 'approved' } },
    );
    expect(res.status).toBe(200);
    const body: StaffSubmissionDetail = await res.json();
    expect(body.medicalAidStatuses.find((s) => s.id === discovery)).toMatchObject({
      status: 'approved',
      lastUpdated: clock.now().toISOString(),
    });
    expect(body.statusEvents.at(-1)).toMatchObject({
      eventType: 'scheme_approved',
      description: 'Discovery Health Medical Scheme approved',
    });

    await asStaff(`/api/admin/submissions/${seeded.submissionId}/schemes/${discovery}`, {
      method: 'PATCH',
      json: { status: 'approved', requiresHardCopy: true, notes: 'Post the certified ID' },
    });
    const after = await detail(seeded.submissionId);
    expect(after.medicalAidStatuses.find((s) => s.id === discovery)).toMatchObject({
      requiresHardCopy: true,
      notes: 'Post the certified ID',
    });
    expect(after.statusEvents.at(-1)).toMatchObject({
      eventType: 'scheme_hard_copy_required',
      description: 'Discovery Health Medical Scheme: certified hard copy required',
    });
    expect(after.auditLog.filter((a) => a.action === 'scheme_status_changed')).toHaveLength(2);

    const other = await seedSubmission(t);
    const foreign = await asStaff(
      `/api/admin/submissions/${other.submissionId}/schemes/${discovery}`,
      { method: 'PATCH', json: { status: 'rejected' } },
    );
    expect(foreign.status).toBe(404);
  });

  it('rejects a document with a reason the tracking page shows, and approves one', async () => {
    const seeded = await seedSubmission(t);
    const [idCopy, bankLetter] = seeded.documentIds;
    const noReason = await asStaff(`/api/admin/documents/${idCopy}`, {
      method: 'PATCH',
      json: { status: 'rejected' },
    });
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).error.fields.reason).toBe(
      'Give a reason when rejecting a document',
    );

    const res = await asStaff(`/api/admin/documents/${idCopy}`, {
      method: 'PATCH',
      json: { status: 'rejected', reason: 'The certification stamp is not legible' },
    });
    expect(res.status).toBe(200);
    const body: StaffSubmissionDetail = await res.json();
    expect(body.documents.find((d) => d.id === idCopy)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The certification stamp is not legible',
    });
    expect(body.statusEvents.at(-1)).toMatchObject({
      eventType: 'document_rejected',
      description: 'Certified ID Copy: The certification stamp is not legible',
    });

    await asStaff(`/api/admin/documents/${bankLetter}`, {
      method: 'PATCH',
      json: { status: 'approved' },
    });
    const [row] = await t.deps.db.select().from(documents).where(eq(documents.id, bankLetter!));
    expect(row).toMatchObject({ status: 'approved', rejectionReason: null });
    const after = await detail(seeded.submissionId);
    expect(after.statusEvents.at(-1)).toMatchObject({
      eventType: 'document_approved',
      description: 'Bank Confirmation Letter approved',
    });
    expect(
      after.auditLog.filter((a) => a.action === 'document_status_changed').map((a) => a.entityId),
    ).toEqual([idCopy, bankLetter]);
  });

  it('refuses unknown statuses and unknown ids', async () => {
    const seeded = await seedSubmission(t);
    const bad = await asStaff(`/api/admin/submissions/${seeded.submissionId}`, {
      method: 'PATCH',
      json: { status: 'done' },
    });
    expect(bad.status).toBe(400);
    const [row] = await t.deps.db
      .select()
      .from(submissions)
      .where(eq(submissions.id, seeded.submissionId));
    expect(row!.status).toBe('pending');
    for (const path of [`/api/admin/submissions/${someId}`, `/api/admin/documents/${someId}`]) {
      const res = await asStaff(path, { method: 'PATCH', json: { status: 'approved' } });
      expect(res.status).toBe(404);
    }
  });
});

describe('deleting a submission', () => {
  /** Every row of every table, as text, to search for traces of the deleted submission. */
  async function everyRow(): Promise<{ table: string; row: string }[]> {
    const tables = await t.deps.db.all<{ name: string }>(
      sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%'`,
    );
    const rows: { table: string; row: string }[] = [];
    for (const { name } of tables) {
      const found = await t.deps.db.all<Record<string, unknown>>(
        sql.raw(`select * from "${name}"`),
      );
      for (const row of found) rows.push({ table: name, row: JSON.stringify(row) });
    }
    return rows;
  }

  it('leaves no row and no stored byte behind, keeps the practitioner while another application remains, and records who deleted it', async () => {
    const first = await seedSubmission(t, { firstName: 'Lindiwe', lastName: 'Zulu' });
    const second = await seedSubmission(t, {
      practitionerId: first.practitionerId,
      email: first.email,
    });
    const bystander = await seedSubmission(t);
    // Review activity adds events and audit entries that must go too.
    await asStaff(`/api/admin/documents/${first.documentIds[0]}`, {
      method: 'PATCH',
      json: { status: 'rejected', reason: 'Blurry' },
    });
    await asStaff(
      `/api/admin/submissions/${first.submissionId}/schemes/${first.schemeStatusIds[0]}`,
      {
        method: 'PATCH',
        json: { status: 'approved' },
      },
    );
    // The service must not rely on ON DELETE CASCADE.
    await t.deps.db.run(sql`PRAGMA foreign_keys = OFF`);
    try {
      const res = await asStaff(`/api/admin/submissions/${first.submissionId}`, {
        method: 'DELETE',
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true });
    } finally {
      await t.deps.db.run(sql`PRAGMA foreign_keys = ON`);
    }

    const traces = (await everyRow()).filter(
      ({ row }) =>
        row.includes(first.submissionId) ||
        row.includes(first.trackingToken) ||
        first.documentIds.some((id) => row.includes(id)) ||
        first.schemeStatusIds.some((id) => row.includes(id)) ||
        first.objectKeys.some((key) => row.includes(key)),
    );
    // The one trace allowed: the audit entry of the deletion itself.
    expect(traces).toHaveLength(1);
    expect(traces[0]!.table).toBe('audit_logs');
    expect(traces[0]!.row).toContain('submission_deleted');
    const [entry] = await t.deps.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entityId, first.submissionId));
    expect(entry).toMatchObject({
      action: 'submission_deleted',
      entityType: 'submission',
      submissionId: null,
      actor: 'staff@bureau.co.za',
      staffUserId: expect.any(String),
    });
    expect(JSON.stringify(entry)).not.toMatch(/Lindiwe|Zulu|@example\.co\.za|trk/);
    for (const key of first.objectKeys) expect(await t.deps.store.head(key)).toBeNull();

    // The practitioner stays while their second application exists.
    expect((await everyRow()).some(({ row }) => row.includes(first.practitionerId))).toBe(true);
    expect((await detail(second.submissionId)).practitioner.firstName).toBe('Lindiwe');

    expect(
      (await asStaff(`/api/admin/submissions/${second.submissionId}`, { method: 'DELETE' })).status,
    ).toBe(200);
    const left = (await everyRow()).filter(
      ({ row }) =>
        row.includes(first.practitionerId) ||
        row.includes(first.email) ||
        row.includes('Lindiwe') ||
        row.includes(second.trackingToken) ||
        second.objectKeys.some((key) => row.includes(key)),
    );
    expect(left).toEqual([]);
    for (const key of second.objectKeys) expect(await t.deps.store.head(key)).toBeNull();

    // Nothing of the other practitioner's application was touched.
    const untouched = await detail(bystander.submissionId);
    expect(untouched.documents).toHaveLength(2);
    for (const key of bystander.objectKeys) expect(await t.deps.store.head(key)).not.toBeNull();
  });

  it('removes queued mail to the address the deleted submission was made with once nobody uses it', async () => {
    const first = await seedSubmission(t, { email: 'earlier.address@example.co.za' });
    const second = await seedSubmission(t, {
      practitionerId: first.practitionerId,
      email: 'later.address@example.co.za',
    });
    const now = t.deps.clock.now();
    await t.deps.db.insert(mailOutbox).values(
      ['Earlier.Address@example.co.za', 'Later.Address@example.co.za'].map((to) => ({
        id: crypto.randomUUID(),
        to,
        subject: 'About your application',
        text: 'A message that names no tracking token',
        createdAt: now,
      })),
    );
    const res = await asStaff(`/api/admin/submissions/${second.submissionId}`, {
      method: 'DELETE',
    });
    expect(res.status).toBe(200);
    const left = await t.deps.db
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(
        inArray(sql`lower(${mailOutbox.to})`, [
          'earlier.address@example.co.za',
          'later.address@example.co.za',
        ]),
      );
    // The earlier submission (and its practitioner) still use the earlier address.
    expect(left.map((m) => m.to.toLowerCase()).sort()).toEqual([
      'earlier.address@example.co.za',
      'earlier.address@example.co.za',
    ]);
  });

  it('answers 404 for an unknown id and records nothing', async () => {
    const before = await t.deps.db.select().from(auditLogs);
    const res = await asStaff(`/api/admin/submissions/${someId}`, { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect(await t.deps.db.select().from(auditLogs)).toHaveLength(before.length);
  });

  it('updates the counts', async () => {
    const before = await (await asStaff('/api/admin/stats')).json();
    const seeded = await seedSubmission(t);
    expect((await (await asStaff('/api/admin/stats')).json()).totalSubmissions).toBe(
      before.totalSubmissions + 1,
    );
    await asStaff(`/api/admin/submissions/${seeded.submissionId}`, { method: 'DELETE' });
    expect(await (await asStaff('/api/admin/stats')).json()).toEqual(before);
  });
});
