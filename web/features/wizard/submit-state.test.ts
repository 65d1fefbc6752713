import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import {
  nextSubmitState,
  type SubmitEvent,
  type SubmitState,
  submitEventAtom,
  submitStateAtom,
} from './submit-state.ts';

const run = (from: SubmitState, ...events: SubmitEvent[]) =>
  events.reduce<SubmitState>(nextSubmitState, from);

describe('submit state', () => {
  it('online: Submit sends, and the answer makes the wizard editable again', () => {
    expect(run('idle', 'submit')).toBe('submitting');
    expect(run('idle', 'submit', 'settle')).toBe('idle');
  });

  it('offline: it waits in the outbox and is sent when the connection is back', () => {
    expect(run('idle', 'submit', 'wait')).toBe('queued');
    expect(run('idle', 'submit', 'wait', 'resume')).toBe('submitting');
    expect(run('idle', 'submit', 'wait', 'resume', 'settle')).toBe('idle');
  });

  it('waiting for uploads: read-only until they settle, then Submit goes on', () => {
    expect(run('idle', 'await-uploads')).toBe('awaiting-uploads');
    expect(run('idle', 'await-uploads', 'submit')).toBe('awaiting-uploads');
    expect(run('idle', 'await-uploads', 'settle', 'submit')).toBe('submitting');
    expect(run('queued', 'await-uploads')).toBe('queued');
  });

  it('Submit does nothing while a submission is on its way', () => {
    for (const state of ['awaiting-uploads', 'submitting', 'queued', 'withdrawing'] as const) {
      expect(run(state, 'submit')).toBe(state);
    }
  });

  it('a waiting submission can be taken back, or stays queued when that fails', () => {
    expect(run('queued', 'take-back')).toBe('withdrawing');
    expect(run('queued', 'take-back', 'taken-back')).toBe('idle');
    expect(run('queued', 'take-back', 'take-back-failed')).toBe('queued');
    expect(run('submitting', 'take-back')).toBe('submitting');
    expect(run('idle', 'taken-back')).toBe('idle');
  });

  it('while it is being taken back, neither the connection nor an offline answer sends it', () => {
    expect(run('withdrawing', 'resume')).toBe('withdrawing');
    expect(run('withdrawing', 'wait')).toBe('withdrawing');
  });

  it('a queued submission gone from the outbox (another tab) makes the wizard editable', () => {
    expect(run('queued', 'gone')).toBe('idle');
    expect(run('submitting', 'gone')).toBe('submitting');
  });

  it('the event atom moves the state atom', () => {
    const store = createStore();
    store.set(submitEventAtom, 'submit');
    store.set(submitEventAtom, 'wait');
    expect(store.get(submitStateAtom)).toBe('queued');
  });
});
