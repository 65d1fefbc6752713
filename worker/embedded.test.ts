import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { registrationForms, staffUsers } from '../schema/db.ts';
import { type AdminSubmissionListItem, staffSubmissionDetail } from '../schema/staff-review-api.ts';
import { lookupResponse, trackingResponse } from '../schema/tracking-api.ts';
import { newTrackingToken } from './crypto/tracking-tokens.ts';
import { MIGRATIONS_FOLDER } from './embedded.ts';
import { saIdNumber } from './testing/fixtures.ts';
import { createTestApp } from './testing/harness.ts';
import { addStaff } from './testing/staff-fixtures.ts';
import { signIn } from './testing/staff-sign-in.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('the embedded server data directory', () => {
  it('keeps all data across a restart and does not re-run applied migrations', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portal-restart-'));
    dirs.push(dataDir);
    const first = await createTestApp({ dataDir });
    const migrations = await first.deps.db.all<{ n: number }>(
      sql`select count(*) as n from __drizzle_migrations`,
    );
    await first.deps.db.insert(registrationForms).values({
      id: 'doc-1',
      schemeKey: 'bestmed',
      schemeName: 'Bestmed',
      fileName: 'bestmed-2026.pdf',
      fileSize: 10,
      fileType: 'application/pdf',
      storagePath: 'forms/doc-1',
      createdAt: new Date(),
    });
    await first.stop();

    const second = await createTestApp({ dataDir });
    const res = await second.request('/api/medical-aid-documents');
    expect(await res.json()).toEqual([
      { id: 'doc-1', schemeKey: 'bestmed', fileName: 'bestmed-2026.pdf', description: null },
    ]);
    const after = await second.deps.db.all<{ n: number }>(
      sql`select count(*) as n from __drizzle_migrations`,
    );
    expect(after).toEqual(migrations);
    await second.stop();
  });

  it('gives submissions stored before migration 0001 the contact details of their practitioner', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portal-upgrade-'));
    dirs.push(dataDir);
    // A database as the first release left it: only 0000_init applied, rows written the old way.
    const initOnly = join(dataDir, 'migrations-0000');
    await mkdir(join(initOnly, 'meta'), { recursive: true });
    const journal = JSON.parse(
      await readFile(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
    );
    expect(journal.entries[0].tag).toBe('0000_init');
    await writeFile(
      join(initOnly, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: [journal.entries[0]] }),
    );
    await copyFile(join(MIGRATIONS_FOLDER, '0000_init.sql'), join(initOnly, '0000_init.sql'));
    const old = createClient({ url: `file:${join(dataDir, 'portal.db')}` });
    await migrate(drizzle(old), { migrationsFolder: initOnly });
    const idNumber = saIdNumber('720514', '5061');
    const tokens = [newTrackingToken(), newTrackingToken(), newTrackingToken()];
    const at = (day: number) => Date.parse(`2025-06-0${day}T09:00:00Z`);
    const submission = (id: string, practitionerId: string, token: string, time: number) => ({
      sql: `insert into submissions (id, practitioner_id, tracking_token, practice_type, status,
              practice_number, hpcsa_number, selected_parents, selected_schemes,
              contract_preferences, interested_in_contracts, additional_notes, created_at, updated_at)
            values (?, ?, ?, 'new', 'pending', null, null, '["medihelp"]', '["medihelp"]',
              null, 1, null, ?, ?)`,
      args: [id, practitionerId, token, time, time],
    });
    await old.batch(
      [
        {
          sql: `insert into practitioners (id, first_name, last_name, id_number, email, phone,
                  specialization, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          args: [
            'p-1',
            'Bongani',
            'Sithole',
            idNumber,
            'bongani@example.co.za',
            '082 555 0142',
            'Cardiology',
            at(1),
            at(2),
          ],
        },
        {
          sql: `insert into practitioners (id, first_name, last_name, id_number, email, phone,
                  specialization, created_at, updated_at) values (?, ?, ?, null, ?, ?, ?, ?, ?)`,
          args: [
            'p-2',
            'Ayesha',
            'Patel',
            'ayesha@example.co.za',
            '031 555 0190',
            'Dentistry',
            at(3),
            at(3),
          ],
        },
        submission('s-1', 'p-1', tokens[0]!, at(1)),
        submission('s-2', 'p-1', tokens[1]!, at(2)),
        submission('s-3', 'p-2', tokens[2]!, at(3)),
      ],
      'write',
    );
    old.close();

    const t = await createTestApp({ dataDir });
    try {
      const applied = await t.deps.db.all<{ n: number }>(
        sql`select count(*) as n from __drizzle_migrations`,
      );
      expect(applied).toEqual([{ n: journal.entries.length }]);
      const tracked = trackingResponse.parse(
        await (await t.request(`/api/submissions/${tokens[0]}`)).json(),
      );
      expect(tracked.practitioner).toEqual({
        firstName: 'Bongani',
        lastName: 'Sithole',
        email: 'bongani@example.co.za',
        phone: '082 555 0142',
        specialization: 'Cardiology',
      });

      await addStaff(t);
      const cookie = await signIn(t);
      const asStaff = (path: string) => t.request(path, { headers: { Cookie: cookie } });
      const detail = staffSubmissionDetail.parse(
        await (await asStaff('/api/admin/submissions/s-3')).json(),
      );
      expect(detail.practitioner).toEqual({
        id: 'p-2',
        firstName: 'Ayesha',
        lastName: 'Patel',
        idNumber: null,
        email: 'ayesha@example.co.za',
        phone: '031 555 0190',
        specialization: 'Dentistry',
      });
      // Migration 0011 gave each older submission its own short reference.
      const references = await t.deps.db.all<{ reference: string }>(
        sql`select reference from submissions order by id`,
      );
      expect(references).toHaveLength(3);
      for (const { reference } of references) {
        expect(reference).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
      }
      expect(new Set(references.map((r) => r.reference)).size).toBe(3);
      expect(detail.submission.reference).toBe(references[2]!.reference);
      const items: AdminSubmissionListItem[] = await (
        await asStaff('/api/admin/submissions?q=sithole')
      ).json();
      expect(items.map((i) => [i.submission.id, i.practitioner])).toEqual(
        ['s-2', 's-1'].map((id) => [
          id,
          { firstName: 'Bongani', lastName: 'Sithole', email: 'bongani@example.co.za' },
        ]),
      );
      const found = await t.request('/api/lookup', {
        method: 'POST',
        json: { identifier: idNumber, identifierType: 'id_number' },
      });
      expect(lookupResponse.parse(await found.json()).status.submittedDate).toBe(
        new Date(at(2)).toISOString(),
      );
    } finally {
      await t.stop();
    }
  });

  it('creates the ADMIN_EMAIL account once, with a hashed password', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portal-admin-'));
    dirs.push(dataDir);
    const env = { ADMIN_EMAIL: 'Staff@Bureau.co.za', ADMIN_PASSWORD: 'correct horse battery' };
    const first = await createTestApp({ dataDir, env });
    await first.stop();
    const second = await createTestApp({ dataDir, env });
    const rows = await second.deps.db.select().from(staffUsers);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.email).toBe('staff@bureau.co.za');
    expect(rows[0]!.passwordHash).toMatch(/^scrypt\$n=16384,r=8,p=5\$/);
    expect(rows[0]!.passwordHash).not.toContain('correct horse');
    await second.stop();
  });

  it('enforces foreign keys', async () => {
    const t = await createTestApp();
    const [row] = await t.deps.db.all<{ foreign_keys: number }>(sql`PRAGMA foreign_keys`);
    expect(row?.foreign_keys).toBe(1);
    await t.dispose();
  });

  it('waits for locks on every pooled connection instead of failing at once', async () => {
    const t = await createTestApp();
    const rows = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.deps.db.all<{ timeout: number }>(sql`PRAGMA busy_timeout`),
      ),
    );
    expect(rows.map((r) => r[0]?.timeout)).toEqual(Array(10).fill(5000));
    await t.dispose();
  });

  it('refuses to start with an invalid configuration', async () => {
    await expect(
      createTestApp({ env: { ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'short' } }),
    ).rejects.toThrow('ADMIN_PASSWORD must be at least 12 characters');
  });
});
