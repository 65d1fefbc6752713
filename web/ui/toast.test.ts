import { describe, expect, it } from 'vitest';
import { connectToastRegion, type ToastContentData, toast } from './toast.tsx';

describe('toast', () => {
  it('keeps toasts raised before the region loads and hands them over in order', () => {
    toast({ title: 'First' });
    toast({ title: 'Second', variant: 'destructive' });
    const delivered: ToastContentData[] = [];
    connectToastRegion((content) => delivered.push(content));
    expect(delivered.map((t) => t.title)).toEqual(['First', 'Second']);

    toast({ title: 'Third' });
    expect(delivered.map((t) => t.title)).toEqual(['First', 'Second', 'Third']);

    // Unmounted region: toasts wait again instead of being lost.
    connectToastRegion(null);
    toast({ title: 'Fourth' });
    const later: ToastContentData[] = [];
    connectToastRegion((content) => later.push(content));
    expect(later.map((t) => t.title)).toEqual(['Fourth']);
  });
});
