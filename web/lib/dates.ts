// Dates as practitioners and staff read them (docs/product.md#limits: South African English).
// Everything is shown in South African time whatever the device's zone, so a date reads the
// same on a phone abroad, in the dashboard and in the bureau's letters.
//
// Written out here rather than with Intl.DateTimeFormat: a page's first formatter costs the
// browser its locale and time-zone data, 12-17 ms on a desktop and four times that on a cheap
// phone, in the task that starts the app (docs/performance.md). South African time has been
// UTC+2 all year since 1944 (no daylight saving), so the sum below is the zone's own rule;
// dates.test.ts holds the output to Intl's across 2015-2040.
import { MONTH_NAMES } from '../../schema/month-names.ts';

const SOUTH_AFRICAN_OFFSET_MS = 2 * 60 * 60 * 1000;

// Short month names as each locale has them: South African English writes 'Sept'.
const SHORT_MONTHS_ZA = MONTH_NAMES.map((m) => (m === 'September' ? 'Sept' : m.slice(0, 3)));
const SHORT_MONTHS_US = MONTH_NAMES.map((m) => m.slice(0, 3));

/** The wall-clock fields in South Africa, read off a date shifted by the zone's offset. */
function southAfricanTime(value: string | number | Date) {
  const date = value instanceof Date ? value : new Date(value);
  const time = date.getTime();
  if (Number.isNaN(time)) return null;
  const local = new Date(time + SOUTH_AFRICAN_OFFSET_MS);
  return {
    day: local.getUTCDate(),
    month: local.getUTCMonth(),
    year: local.getUTCFullYear(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  };
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** '19 January 2025' */
export function formatDate(value: string | number | Date): string {
  const t = southAfricanTime(value);
  return t ? `${t.day} ${MONTH_NAMES[t.month]} ${t.year}` : '';
}

/** '19 Jan 2025, 14:30', '05 Jan 2025, 09:05' (the day in two digits beside a time, as Intl's en-ZA has it) */
export function formatDateTime(value: string | number | Date): string {
  const t = southAfricanTime(value);
  return t
    ? `${twoDigits(t.day)} ${SHORT_MONTHS_ZA[t.month]} ${t.year}, ${twoDigits(t.hour)}:${twoDigits(t.minute)}`
    : '';
}

/** 'Jan 5, 2025' (dashboard tables: the US month-day order docs/product.md#screens-and-routes names) */
export function formatDashboardDate(value: string | number | Date): string {
  const t = southAfricanTime(value);
  return t ? `${SHORT_MONTHS_US[t.month]} ${t.day}, ${t.year}` : '';
}

/** The machine-readable value for a <time dateTime> attribute. */
export function isoDateTime(value: string | number | Date): string | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
