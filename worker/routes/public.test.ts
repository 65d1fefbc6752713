import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAsCatalogue } from '../../schema/catalogue-seed.ts';
import { schemesResponse } from '../../schema/registration-form-api.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

describe('GET /api/schemes', () => {
  it('lists the live active administrators with their schemes in the shape of the product rules', async () => {
    const res = await t.request('/api/schemes');
    expect(res.status).toBe(200);
    const raw = await res.json();
    const list = schemesResponse.parse(raw);
    // The 15 of the seed less Resolution Health, inactive since 2023 (decision 072).
    expect(list).toHaveLength(14);
    expect(Object.keys(raw[0]).sort()).toEqual(['administered', 'parentKey', 'parentLabel']);
    const counts = Object.fromEntries(list.map((e) => [e.parentKey, e.administered.length]));
    expect(counts).toMatchObject({
      discovery: 12,
      medscheme: 10,
      medihelp: 0,
      bestmed: 0,
      engen: 0,
    });
    expect(list.filter((e) => e.administered.length > 0)).toHaveLength(7);
    const discovery = list.find((e) => e.parentKey === 'discovery')!;
    expect(discovery.parentLabel).toBe('Discovery Health');
    expect(discovery.administered[0]).toEqual({
      key: 'discovery_health_medical_scheme',
      label: 'Discovery Health Medical Scheme',
    });
    expect(list.map((e) => e.parentKey)).toEqual(seedAsCatalogue().map((a) => a.key));
  });
});
