import { describe, expect, it } from 'vitest';
import { draftUploadUrls } from './keep-uploads.ts';
import type { QueuedFile } from './store.ts';

const file = (id: string, changes: Partial<QueuedFile> = {}): QueuedFile => ({
  id,
  sectionKey: 'certified_id',
  name: `${id}.pdf`,
  type: 'application/pdf',
  size: 4,
  originalSize: 4,
  addedAt: '2026-01-19T00:00:00.000Z',
  stage: 'done',
  bytesSent: 4,
  url: `/api/storage/uploads/${id}`,
  ...changes,
});

describe('the uploads a draft keeps alive', () => {
  it('are its uploaded files, in a stable order', () => {
    expect(
      draftUploadUrls([
        file('b'),
        file('a'),
        file('c', { stage: 'uploading', url: undefined }),
        file('d', { replacement: { token: 't', documentId: 'x' } as never }),
      ]),
    ).toEqual(['/api/storage/uploads/a', '/api/storage/uploads/b']);
  });
});
