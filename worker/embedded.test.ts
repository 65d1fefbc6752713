import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { medicalAidDocuments, staffUsers } from '../schema/db.ts';
import { createTestApp } from './testing/harness.ts';

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
    await first.deps.db.insert(medicalAidDocuments).values({
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
