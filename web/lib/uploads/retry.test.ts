import { describe, expect, it } from 'vitest';
import { isRetriableStatus, MAX_UPLOAD_RETRIES, networkRetryDelay, retryDelay } from './retry.ts';

describe('upload retry policy', () => {
  it('retries the statuses docs/product.md#errors lists and no others', () => {
    for (const status of [408, 409, 418, 423, 429, 500, 502, 503, 504, 599]) {
      expect(isRetriableStatus(status), String(status)).toBe(true);
    }
    for (const status of [400, 401, 403, 404, 412, 413, 415, 501, 505]) {
      expect(isRetriableStatus(status), String(status)).toBe(false);
    }
  });

  it('waits 0, 1, 3 and 5 seconds, then every 5 seconds, and gives up after 10 retries', () => {
    expect(MAX_UPLOAD_RETRIES).toBe(10);
    expect(Array.from({ length: 10 }, (_, i) => retryDelay(i + 1))).toEqual([
      0, 1000, 3000, 5000, 5000, 5000, 5000, 5000, 5000, 5000,
    ]);
    expect(retryDelay(11)).toBeNull();
  });

  it('keeps trying after network errors, waiting longer each time, up to about 5 minutes', () => {
    expect(Array.from({ length: 12 }, (_, i) => networkRetryDelay(i + 1) / 1000)).toEqual([
      1, 3, 5, 10, 20, 40, 80, 160, 300, 300, 300, 300,
    ]);
    expect(networkRetryDelay(1000)).toBe(300_000);
  });
});
