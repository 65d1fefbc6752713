// When a document stops being good (issue 38): the rule a document section follows, the date the
// practitioner gives for it, the "good until" date that follows, and which reminder is due on a
// day. Pure and shared: the upload form asks for the date the rule needs, the worker's reminder
// run and the desk's "Expiring" view date documents with the same functions.
import { z } from 'zod/mini';
import { MONTH_NAMES } from './month-names.ts';

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const isoDate = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Give the date as YYYY-MM-DD.'),
  z.refine(
    (date) => !Number.isNaN(Date.parse(date)) && new Date(date).toISOString().startsWith(date),
    'That day is not in the calendar.',
  ),
);

export const validityRuleSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('certified_within'),
      months: z.number().check(z.int(), z.minimum(1), z.maximum(60)),
    }),
    z.object({
      kind: z.literal('dated_within'),
      months: z.number().check(z.int(), z.minimum(1), z.maximum(60)),
    }),
    z.object({ kind: z.literal('valid_until') }),
    z.object({
      kind: z.literal('renewed_yearly'),
      month: z.number().check(z.int(), z.minimum(1), z.maximum(12)),
      day: z.number().check(z.int(), z.minimum(1), z.maximum(31)),
    }),
  ])
  .check(
    // 29 Feb would make the deadline skip three years in four.
    z.refine(
      (rule) => rule.kind !== 'renewed_yearly' || rule.day <= (DAYS_IN_MONTH[rule.month - 1] ?? 0),
      { message: 'That day is not in that month every year.', path: ['day'] },
    ),
  );
export type ValidityRule = z.infer<typeof validityRuleSchema>;

/** The one date the practitioner gives when adding the file, by the rule's kind. */
export const VALIDITY_DATE_LABELS: Record<ValidityRule['kind'], string> = {
  certified_within: 'Certified on',
  dated_within: 'Dated',
  valid_until: 'Valid until',
  renewed_yearly: 'Renewed on',
};

export function describeRule(rule: ValidityRule): string {
  switch (rule.kind) {
    case 'certified_within':
      return `Certified within ${rule.months} months`;
    case 'dated_within':
      return `Dated within ${rule.months} months`;
    case 'valid_until':
      return 'Valid until the date on it';
    case 'renewed_yearly':
      return `Renewed every year by ${rule.day} ${MONTH_NAMES[rule.month - 1]?.slice(0, 3)}`;
  }
}

/** A rule as staff keep it for one document section, with where it comes from. */
export const sectionValidityRuleSchema = z.object({
  sectionKey: z.string().check(z.minLength(1)),
  rule: validityRuleSchema,
  source: z.url('Give the page the rule comes from, as a web address.'),
});
export type SectionValidityRule = z.infer<typeof sectionValidityRuleSchema>;

/** The rules the bureau starts with; staff change them in the catalogue's manner afterwards. */
export const VALIDITY_RULE_SEED: SectionValidityRule[] = [
  {
    sectionKey: 'certified_id',
    rule: { kind: 'certified_within', months: 3 },
    source: 'https://www.medihelp.co.za',
  },
  {
    sectionKey: 'bank_proof',
    rule: { kind: 'dated_within', months: 3 },
    source: 'https://www.polmed.co.za',
  },
  {
    sectionKey: 'practice_number',
    rule: { kind: 'renewed_yearly', month: 3, day: 31 },
    source: 'https://www.bhfglobal.com',
  },
  {
    sectionKey: 'hpcsa_certificate',
    rule: { kind: 'renewed_yearly', month: 4, day: 1 },
    source: 'https://www.hpcsa.co.za',
  },
  {
    sectionKey: 'indemnity_cover',
    rule: { kind: 'valid_until' },
    source: 'https://www.hpcsa.co.za',
  },
];

function utc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

function iso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The same day N months on; a day the month lacks (31 Feb) becomes the month's last day. */
export function addMonths(date: string, months: number): string {
  const d = utc(date);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return iso(target);
}

export function addDays(date: string, days: number): string {
  return iso(new Date(utc(date).getTime() + days * 86_400_000));
}

export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to).getTime() - utc(from).getTime()) / 86_400_000);
}

// A renewal made in the three months before the deadline is the next year's (councils open
// renewals early); one made later than that counts for the year under way.
const EARLY_RENEWAL_MONTHS = 3;

/** The last day the document is good, from the date the practitioner gave for it. */
export function goodUntil(rule: ValidityRule, given: string): string {
  switch (rule.kind) {
    case 'certified_within':
    case 'dated_within':
      return addMonths(given, rule.months);
    case 'valid_until':
      return given;
    case 'renewed_yearly': {
      const from = addMonths(given, EARLY_RENEWAL_MONTHS);
      const year = Number(from.slice(0, 4));
      const deadline = (y: number) =>
        `${y}-${String(rule.month).padStart(2, '0')}-${String(rule.day).padStart(2, '0')}`;
      return deadline(year) >= from ? deadline(year) : deadline(year + 1);
    }
  }
}

export const DEFAULT_REMINDER_LEAD_DAYS = [30, 7] as const;

/** `before_30`, `before_7`: N days ahead; `on_the_day`: the day it stops being good. */
export type ReminderStep = `before_${number}` | 'on_the_day';

/**
 * The one reminder to send today, or null. Only the latest step due is sent, and only if its day
 * came after the date was given: a bank letter added 12 days before it passes gets the 7-day mail,
 * never a late 30-day one. A step already sent is never sent again.
 */
export function reminderDue(input: {
  goodUntil: string;
  givenOn: string;
  today: string;
  leadDays: readonly number[];
  sent: readonly ReminderStep[];
}): ReminderStep | null {
  const steps: { step: ReminderStep; on: string }[] = [
    ...[...input.leadDays]
      .sort((a, b) => b - a)
      .map((days) => ({
        step: `before_${days}` as ReminderStep,
        on: addDays(input.goodUntil, -days),
      })),
    { step: 'on_the_day', on: input.goodUntil },
  ];
  const due = steps.filter((s) => s.on <= input.today).at(-1);
  if (!due || due.on < input.givenOn || input.sent.includes(due.step)) return null;
  return due.step;
}

export const validityDateSchema = isoDate;

/** Where a document stands on a day for the desk's "Expiring" view, or null if not near. */
export function expiryStanding(
  until: string,
  today: string,
  windowDays = 30,
): 'overdue' | 'expiring' | null {
  if (until < today) return 'overdue';
  return daysBetween(today, until) <= windowDays ? 'expiring' : null;
}

/** Whether every dated document of an application is still good today (none dated: true). */
export function fullyValidOn(goodUntils: readonly string[], today: string): boolean {
  return goodUntils.every((until) => until >= today);
}

/** The South African calendar day of a moment (SAST is UTC+2 all year), as YYYY-MM-DD. */
export function validityDay(at: Date): string {
  return new Date(at.getTime() + 2 * 60 * 60_000).toISOString().slice(0, 10);
}
