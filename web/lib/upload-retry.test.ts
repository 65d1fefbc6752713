import { describe, expect, it } from 'vitest';
import { isRetriableStatus, retryDelay } from './upload-retry.ts';

describe('upload retry policy', () => {
  it('retries the statuses SPEC §8 lists and no others', () => {
    for (const status of [408, 409, 418, 423, 429, 500, 502, 503, 504, 599]) {
      expect(isRetriableStatus(status), String(status)).toBe(true);
    }
    for (const status of [400, 401, 403, 404, 412, 413, 415, 501, 505]) {
      expect(isRetriableStatus(status), String(status)).toBe(false);
    }
  });

  it('waits 0, 1, 3 and 5 seconds, then hands over to waiting for the connection', () => {
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([0, 1000, 3000, 5000]);
    expect(retryDelay(5)).toBeNull();
  });
});
