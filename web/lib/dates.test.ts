import { describe, expect, it } from 'vitest';
import { formatDashboardDate, formatDate, formatDateTime, isoDateTime } from './dates.ts';

describe('dates', () => {
  it('formats dates in South African English', () => {
    expect(formatDate('2025-01-19T08:00:00Z')).toBe('19 January 2025');
    expect(formatDateTime('2025-01-19T12:30:00Z')).toBe('19 Jan 2025, 14:30');
  });

  it('uses South African time, not UTC or the device zone', () => {
    // 22:30 UTC on 5 January is already 6 January in Johannesburg.
    expect(formatDate('2025-01-05T22:30:00Z')).toBe('6 January 2025');
    expect(formatDashboardDate('2025-01-05T22:30:00Z')).toBe('Jan 6, 2025');
  });

  it('formats dashboard dates like Jan 5, 2025', () => {
    expect(formatDashboardDate('2025-01-05T10:00:00Z')).toBe('Jan 5, 2025');
    expect(formatDashboardDate(new Date('2024-12-31T12:00:00Z'))).toBe('Dec 31, 2024');
  });

  it('shows nothing for a value that is not a date', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(isoDateTime('nope')).toBeUndefined();
    expect(isoDateTime('2025-01-19T08:00:00Z')).toBe('2025-01-19T08:00:00.000Z');
  });
});
