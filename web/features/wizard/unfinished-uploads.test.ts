import { describe, expect, it, vi } from 'vitest';
import { establishedSections } from '../../../schema/sections.ts';
import type { QueuedFile } from '../../lib/uploads/store.ts';

vi.mock('../../lib/device-store.ts', () => ({
  getBytes: async () => undefined,
  getJson: async () => undefined,
  putBytes: async () => {},
  putJson: async () => {},
  remove: async () => {},
}));
const { setUploads, patchUpload } = await import('../../lib/uploads/store.ts');
const { unfinishedUploads, uploadsFinished } = await import('./unfinished-uploads.ts');

const optional = establishedSections.find((s) => !s.required)!;
const required = establishedSections.find((s) => s.required)!;
const file = (id: string, sectionKey: string, stage: QueuedFile['stage']): QueuedFile => ({
  id,
  sectionKey,
  name: `${id}.pdf`,
  type: 'application/pdf',
  size: 4,
  originalSize: 4,
  addedAt: '2026-01-19T00:00:00.000Z',
  stage,
  bytesSent: 0,
});

describe('files not uploaded yet', () => {
  it('are found in every section of the application, required or optional', () => {
    const files = [
      file('a', required.key, 'done'),
      file('b', optional.key, 'uploading'),
      file('c', required.key, 'waiting'),
      file('d', optional.key, 'error'),
      file('e', 'not_a_section_of_this_practice_type', 'queued'),
      { ...file('f', optional.key, 'queued'), replacement: { token: 't' } as never },
    ];
    expect(unfinishedUploads(establishedSections, files)).toEqual([
      { id: 'b', name: 'b.pdf', sectionLabel: optional.label, moving: true },
      { id: 'c', name: 'c.pdf', sectionLabel: required.label, moving: true },
      { id: 'd', name: 'd.pdf', sectionLabel: optional.label, moving: false },
    ]);
  });

  it('are waited for until each is done or failed, offline too', async () => {
    setUploads([file('a', optional.key, 'uploading'), file('b', optional.key, 'waiting')]);
    let finished = false;
    const waiting = uploadsFinished(['a', 'b'], new AbortController().signal).then(() => {
      finished = true;
    });
    patchUpload('a', { stage: 'done' });
    await Promise.resolve();
    expect(finished).toBe(false);
    patchUpload('b', { stage: 'error' });
    await waiting;
    expect(finished).toBe(true);
  });

  it('stop being waited for when the practitioner stops waiting', async () => {
    setUploads([file('a', optional.key, 'uploading')]);
    const controller = new AbortController();
    const waiting = uploadsFinished(['a'], controller.signal);
    controller.abort();
    await waiting;
  });
});
