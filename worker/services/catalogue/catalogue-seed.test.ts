// The catalogue is seeded once, on the first read of an empty database; a restart does not
// write the seed over what staff changed.
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { publicCatalogue } from '../../../schema/catalogue-api.ts';
import { catalogueSchemes } from '../../../schema/db.ts';
import { createTestApp } from '../../testing/harness.ts';
import { addStaff } from '../../testing/staff-fixtures.ts';
import { staffRequest } from '../../testing/staff-requests.ts';
import { signIn } from '../../testing/staff-sign-in.ts';
import { ensureCatalogueSeeded } from './catalogue-seed.ts';

describe('seeding the catalogue', () => {
  it('happens once, also when first requests race, and survives a restart', async () => {
    const first = await createTestApp();
    const now = first.deps.clock.now();
    await Promise.all([1, 2, 3].map(() => ensureCatalogueSeeded(first.deps.db, now)));
    const [rows] = await first.deps.db.select({ n: count() }).from(catalogueSchemes);
    expect(rows?.n).toBe(48); // 40 administered schemes + 8 self-administered

    await addStaff(first);
    const cookie = await signIn(first);
    const res = await staffRequest(first, cookie, '/api/admin/catalogue/schemes/keyhealth', {
      method: 'PATCH',
      json: { label: 'KeyHealth Medical Scheme' },
    });
    expect(res.status).toBe(200);
    await first.stop();

    const again = await createTestApp({ dataDir: first.env.DATA_DIR });
    try {
      const list = publicCatalogue.parse(await (await again.request('/api/catalogue')).json());
      const pps = list.administrators.find((a) => a.key === 'pps');
      expect(pps?.administered.map((s) => s.label)).toContain('KeyHealth Medical Scheme');
      const [after] = await again.deps.db.select({ n: count() }).from(catalogueSchemes);
      expect(after?.n).toBe(48);
    } finally {
      await again.dispose();
    }
  });
});
