// The reminder days staff type ("30, 7") as the list the settings contract takes, checked with
// that contract so the message is the server's.
import { validitySettings } from '../../../schema/document-validity-api.ts';

export function reminderDaysOf(
  typed: string,
): { ok: true; days: number[] } | { ok: false; message: string } {
  const parts = typed
    .split(/[,\s]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.some((p) => !/^\d+$/.test(p))) {
    return { ok: false, message: 'Give whole numbers of days, with commas: 30, 7' };
  }
  const days = [...new Set(parts.map(Number))].sort((a, b) => b - a);
  const parsed = validitySettings.safeParse({ reminderLeadDays: days });
  if (parsed.success) return { ok: true, days };
  const issue = parsed.error.issues[0];
  const message =
    issue?.path.length === 1 ? issue.message : 'Each day must be from 1 to 365 days before.';
  return { ok: false, message: message ?? 'Check the days.' };
}
