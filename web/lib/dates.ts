// Dates as practitioners and staff read them (docs/product.md#limits: South African English).
// Everything is shown in South African time whatever the device's zone, so a date reads the
// same on a phone abroad, in the dashboard and in the bureau's letters.
export const DISPLAY_TIME_ZONE = 'Africa/Johannesburg';

const dateFormat = new Intl.DateTimeFormat('en-ZA', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: DISPLAY_TIME_ZONE,
});
const dateTimeFormat = new Intl.DateTimeFormat('en-ZA', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: DISPLAY_TIME_ZONE,
});
// The dashboard's table uses the 'Jan 5, 2025' form (docs/product.md#screens-and-routes), which is
// US month-day order.
const dashboardFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: DISPLAY_TIME_ZONE,
});

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '19 January 2025' */
export function formatDate(value: string | number | Date): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '';
}

/** '19 Jan 2025, 14:30' */
export function formatDateTime(value: string | number | Date): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : '';
}

/** 'Jan 5, 2025' (dashboard tables) */
export function formatDashboardDate(value: string | number | Date): string {
  const date = toDate(value);
  return date ? dashboardFormat.format(date) : '';
}

/** The machine-readable value for a <time dateTime> attribute. */
export function isoDateTime(value: string | number | Date): string | undefined {
  return toDate(value)?.toISOString();
}
