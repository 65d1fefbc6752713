import { describe, expect, it } from 'vitest';
import { queuedText } from './sticky-footer.tsx';

describe('the queued submission notice', () => {
  it('promises sending with the app closed only where Background Sync can do it', () => {
    expect(queuedText(true)).toBe('We will send your application when you are back online');
    expect(queuedText(false)).toBe(
      'We will send your application when you are back online while this app is open. If you close it, open it again to send it.',
    );
  });
});
