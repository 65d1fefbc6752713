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

describe('dates written out, held to Intl', () => {
  const intl = {
    date: new Intl.DateTimeFormat('en-ZA', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Africa/Johannesburg',
    }),
    dateTime: new Intl.DateTimeFormat('en-ZA', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Africa/Johannesburg',
    }),
    dashboard: new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'Africa/Johannesburg',
    }),
  };

  it('match Intl in Africa/Johannesburg every fifth hour from 2015 to 2040 (every hour of the day met), minutes varied', () => {
    const step = 5 * 60 * 60 * 1000;
    const from = Date.UTC(2015, 0, 1);
    const to = Date.UTC(2041, 0, 1);
    let checked = 0;
    for (let t = from; t < to; t += step) {
      // A minute that walks through the hour, so every minute value is met.
      const at = new Date(t + ((checked * 7) % 60) * 60_000);
      expect(formatDate(at)).toBe(intl.date.format(at));
      expect(formatDateTime(at)).toBe(intl.dateTime.format(at));
      expect(formatDashboardDate(at)).toBe(intl.dashboard.format(at));
      checked++;
    }
    expect(checked).toBeGreaterThan(45_000);
  });
});
