import { describe, expect, it } from 'vitest';
import { sectionBlockers } from '../../../schema/rules.ts';
import { establishedSections } from '../../../schema/sections.ts';
import type { QueuedFile, UploadStage } from '../../lib/uploads/store.ts';
import { blockerText, fileRowText, sectionsProgress } from './section-state.ts';

let n = 0;
const file = (sectionKey: string, stage: UploadStage): QueuedFile => ({
  id: String(++n),
  sectionKey,
  name: 'f.pdf',
  type: 'application/pdf',
  size: 1,
  originalSize: 1,
  addedAt: '2025-01-19T00:00:00.000Z',
  stage,
  bytesSent: 0,
});

describe('section status from the upload pipeline', () => {
  it('maps device, queue and server states onto the statuses of the product rules', () => {
    const progress = sectionsProgress(establishedSections, [
      file('bhf_form', 'compressing'),
      file('certified_id', 'waiting'),
      file('bank_proof', 'done'),
      file('discovery_pack', 'error'),
    ]);
    const byKey = Object.fromEntries(progress.map((p) => [p.key, p.status]));
    expect(byKey).toMatchObject({
      bhf_form: 'processing',
      certified_id: 'uploading',
      bank_proof: 'completed',
      discovery_pack: 'error',
      medscheme_pack: 'empty',
    });
  });

  it('lists required sections not yet on the server, with the footer texts', () => {
    const progress = sectionsProgress(establishedSections, [
      file('bhf_form', 'stored'),
      file('certified_id', 'uploading'),
      file('bank_proof', 'done'),
      file('bank_proof', 'error'),
    ]);
    expect(sectionBlockers(progress).map((p) => [p.key, blockerText(p)])).toEqual([
      ['bhf_form', 'Processing...'],
      ['certified_id', 'Uploading...'],
      ['bank_proof', 'Needs attention'],
    ]);
  });
});

describe('the status line of a file', () => {
  it("says 'No Internet connection' while the device is offline (docs/product.md#errors)", () => {
    for (const stage of ['queued', 'waiting', 'uploading'] as const) {
      expect(fileRowText(file('certified_id', stage), false)).toBe('No Internet connection');
    }
    expect(fileRowText(file('certified_id', 'waiting'), true)).toBe('No Internet connection');
  });

  it('keeps what the device and the server already did while offline', () => {
    expect(fileRowText(file('certified_id', 'compressing'), false)).toBe(
      'Compressing on this device…',
    );
    expect(fileRowText(file('certified_id', 'done'), false)).toBe('Uploaded');
    expect(fileRowText({ ...file('certified_id', 'error'), error: 'Too large' }, false)).toBe(
      'Too large',
    );
    expect(fileRowText(file('certified_id', 'error'), false)).toBe('Processing failed');
  });

  it('shows progress or the retry note online', () => {
    expect(fileRowText({ ...file('certified_id', 'uploading'), bytesSent: 1 }, true)).toBe(
      'Uploading… 100%',
    );
    expect(fileRowText(file('certified_id', 'queued'), true)).toBe('Queued for upload');
    expect(
      fileRowText(
        { ...file('certified_id', 'uploading'), note: 'Connection problem, trying again…' },
        true,
      ),
    ).toBe('Connection problem, trying again…');
  });
});
