import { describe, expect, it } from 'vitest';
import { createToastQueue, showToast } from './toast-queue.ts';

const titles = (queue: ReturnType<typeof createToastQueue>) =>
  queue.visibleToasts.map((t) => t.content.title);

describe('toast queue', () => {
  it('shows the newest toast only', () => {
    const queue = createToastQueue();
    showToast(queue, { title: 'Older' });
    showToast(queue, { title: 'Newest' });
    expect(titles(queue)).toEqual(['Newest']);
  });

  it('does not bring an older toast back when the newest closes', () => {
    const queue = createToastQueue();
    showToast(queue, { title: 'Older' });
    const newest = showToast(queue, { title: 'Newest' });
    queue.close(newest);
    expect(titles(queue)).toEqual([]);
  });

  it('gives each toast the 5 s timeout', () => {
    const queue = createToastQueue();
    showToast(queue, { title: 'Saved' });
    expect(queue.visibleToasts[0]?.timeout).toBe(5000);
  });
});
