import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import {
  LOOKUP_FAILED,
  LOOKUP_NOT_FOUND,
  LOOKUP_RATE_LIMITED,
  lookupErrorMessage,
} from './lookup-errors.ts';

describe('lookupErrorMessage', () => {
  it('maps the status codes of docs/product.md#errors', () => {
    expect(lookupErrorMessage(new ApiError('429: {"error":{}}', 429, null))).toBe(
      LOOKUP_RATE_LIMITED,
    );
    expect(lookupErrorMessage(new ApiError('404: Not Found', 404, null))).toBe(LOOKUP_NOT_FOUND);
    expect(lookupErrorMessage(new ApiError('500: oops', 500, null))).toBe(LOOKUP_FAILED);
    expect(lookupErrorMessage(new ApiError('400: bad', 400, null))).toBe(LOOKUP_FAILED);
  });

  it('reads the status from a plain error message too', () => {
    expect(lookupErrorMessage(new Error('429: Too Many Requests'))).toBe(LOOKUP_RATE_LIMITED);
    expect(lookupErrorMessage(new Error('404: Not Found'))).toBe(LOOKUP_NOT_FOUND);
  });

  it('does not mistake a number inside the body for the status', () => {
    expect(lookupErrorMessage(new Error('500: retry after 429 seconds'))).toBe(LOOKUP_FAILED);
    expect(lookupErrorMessage(new TypeError('Failed to fetch'))).toBe(LOOKUP_FAILED);
    expect(lookupErrorMessage('nope')).toBe(LOOKUP_FAILED);
  });
});
