import { describe, expect, it } from 'vitest';
import type { QueuedFile } from '../../lib/uploads/store.ts';
import {
  REPLACEMENT_PREPARING,
  REPLACEMENT_SENDING,
  REPLACEMENT_WAITING,
  replacementStatusText,
} from './replacement-status.ts';

const file = (stage: QueuedFile['stage']): QueuedFile => ({
  id: 'f1',
  sectionKey: 'certified_id',
  replacement: { token: 'T', documentId: 'd1' },
  name: 'id.jpg',
  type: 'image/jpeg',
  size: 10,
  originalSize: 10,
  addedAt: '2025-01-19T08:00:00.000Z',
  stage,
  bytesSent: 0,
});

describe('replacement status line', () => {
  it('says nothing before a file is picked or when the file shows its own error', () => {
    expect(replacementStatusText([], true)).toBe('');
    expect(replacementStatusText([file('error')], true)).toBe('');
  });

  it('says the file waits on the device while offline, uploaded or not', () => {
    expect(replacementStatusText([file('queued')], false)).toBe(REPLACEMENT_WAITING);
    expect(replacementStatusText([file('done')], false)).toBe(REPLACEMENT_WAITING);
  });

  it('says it is being prepared, then sent, while online', () => {
    expect(replacementStatusText([file('compressing')], true)).toBe(REPLACEMENT_PREPARING);
    expect(replacementStatusText([file('uploading')], true)).toBe(REPLACEMENT_SENDING);
    expect(replacementStatusText([file('done')], true)).toBe(REPLACEMENT_SENDING);
  });
});
