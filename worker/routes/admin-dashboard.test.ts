// The dashboard's counts, list, paging and search over a known set of submissions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, manualClock, type TestApp } from '../testing/harness.ts';
import { addStaff, seedSubmission } from '../testing/staff-fixtures.ts';
import { signIn } from '../testing/staff-sign-in.ts';

const clock = manualClock();

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
        reference: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/),
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

  it('searches names, e-mail, practice number, tracking token and reference, ignoring case', async () => {
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
    // The short reference as read over the phone: any case, hyphen or not, O for 0, I/L for 1.
    const reference: string = one.submission.reference;
    const spoken = reference.toLowerCase().replace('-', '').replace(/0/g, 'o').replace(/1/g, 'l');
    expect(await ids(`q=${reference}`)).toEqual(['Last13']);
    expect(await ids(`q=${encodeURIComponent(spoken)}`)).toEqual(['Last13']);
    expect(await ids(`q=${reference.slice(0, 4)}-`)).toContain('Last13');
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
