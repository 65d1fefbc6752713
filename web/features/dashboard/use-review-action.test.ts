import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { performReview, UPDATE_FAILED_FALLBACK } from './use-review-action.ts';

describe('performReview', () => {
  it('is ok when the save resolves', async () => {
    expect(await performReview(async () => ({ id: 's1' }))).toEqual({ ok: true });
  });

  it("fails with the server's words when it sent any", async () => {
    const error = new ApiError('409: conflict', 409, {
      error: { code: 'conflict', message: 'The submission was deleted' },
    });
    expect(await performReview(() => Promise.reject(error))).toEqual({
      ok: false,
      message: 'The submission was deleted',
    });
  });

  it('falls back to a plain sentence when the failure has no words', async () => {
    expect(await performReview(() => Promise.reject(null))).toEqual({
      ok: false,
      message: UPDATE_FAILED_FALLBACK,
    });
  });
});
