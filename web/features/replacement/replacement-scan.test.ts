// Where a replacement's scan is kept on the device, and when it leaves.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { establishedSections, newPracticeSections } from '../../../schema/sections.ts';
import { WHOLE_PAGE } from '../scan/page-list.ts';

const device = new Map<string, unknown>();
vi.mock('../../lib/device-store.ts', () => ({
  getBytes: async (name: string) => device.get(name),
  putBytes: async (name: string, bytes: ArrayBuffer) => void device.set(name, bytes),
  getJson: async (name: string) => device.get(name),
  putJson: async (name: string, value: unknown) => void device.set(name, value),
  remove: async (...names: string[]) => {
    for (const name of names) device.delete(name);
  },
  recordNames: async (matches: (name: string) => boolean) => [...device.keys()].filter(matches),
}));

const { saveScan, keepPicture, loadScan } = await import('../scan/scan-store.ts');
const {
  forgetReplacementScans,
  replacementScanDocument,
  replacementScanRecords,
  replacementScanScope,
} = await import('./replacement-scan.ts');

const DOC_A = '0b6f3d9e-6c1a-4f55-9d3e-2f8a0c1b7e11';
const DOC_B = '5d2c8a41-93b7-4e0f-8a6d-7c1e9f0b3a22';

async function scanWith(scope: string, ...pageIds: string[]) {
  for (const id of pageIds) await keepPicture(id, new ArrayBuffer(8), new ArrayBuffer(2));
  await saveScan(
    scope,
    pageIds.map((id) => ({ id, width: 10, height: 20, size: 8, rotation: 0, corners: WHOLE_PAGE })),
  );
}

beforeEach(() => device.clear());

describe('the scope of a replacement scan', () => {
  it('belongs to one rejected document and never to a wizard section', () => {
    expect(replacementScanScope(DOC_A)).toBe(`replacement-${DOC_A}`);
    expect(replacementScanScope(DOC_A)).not.toBe(replacementScanScope(DOC_B));
    expect(replacementScanDocument(replacementScanScope(DOC_A))).toBe(DOC_A);
    for (const section of [...establishedSections, ...newPracticeSections]) {
      expect(replacementScanDocument(section.key)).toBeNull();
    }
    expect(replacementScanDocument('replacement-')).toBeNull();
  });
});

describe('forgetting replacement scans', () => {
  it("removes the scans of this application's documents that no longer await a replacement", async () => {
    await scanWith(replacementScanScope(DOC_A), 'p1', 'p2');
    await scanWith(replacementScanScope(DOC_B), 'p3');
    await scanWith('certified_id', 'p4');
    await scanWith(replacementScanScope('other-application-doc'), 'p5');

    await forgetReplacementScans(
      [{ id: DOC_A }, { id: DOC_B }, { id: 'approved-doc' }],
      new Set([DOC_B]),
    );

    expect(await loadScan(replacementScanScope(DOC_A))).toEqual([]);
    expect([...device.keys()].filter((n) => n.includes('p1') || n.includes('p2'))).toEqual([]);
    expect((await loadScan(replacementScanScope(DOC_B))).map((p) => p.id)).toEqual(['p3']);
    expect((await loadScan('certified_id')).map((p) => p.id)).toEqual(['p4']);
    expect(await loadScan(replacementScanScope('other-application-doc'))).toHaveLength(1);
  });

  it("lists every replacement scan's records for the draft's wipe to keep, and no section's", async () => {
    await scanWith(replacementScanScope(DOC_A), 'p1');
    await scanWith('bank_proof', 'p2');
    expect((await replacementScanRecords()).sort()).toEqual([
      `scan-pages:replacement-${DOC_A}`,
      'scan-picture:p1',
      'scan-thumbnail:p1',
    ]);
  });
});
