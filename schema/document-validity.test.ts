import { describe, expect, it } from 'vitest';
import {
  addDays,
  describeRule,
  expiryStanding,
  fullyValidOn,
  goodUntil,
  reminderDue,
  VALIDITY_RULE_SEED,
  validityRuleSchema,
} from './document-validity.ts';
import { findAnySection } from './sections.ts';

const lead = [30, 7];

describe('good until', () => {
  it('counts months from the date given, the month end kept', () => {
    expect(goodUntil({ kind: 'dated_within', months: 3 }, '2026-02-14')).toBe('2026-05-14');
    expect(goodUntil({ kind: 'certified_within', months: 3 }, '2026-11-30')).toBe('2027-02-28');
    expect(goodUntil({ kind: 'valid_until' }, '2027-06-30')).toBe('2027-06-30');
  });

  it('asks a yearly renewal again the next year', () => {
    const bhf = { kind: 'renewed_yearly', month: 3, day: 31 } as const;
    expect(goodUntil(bhf, '2026-06-10')).toBe('2027-03-31');
    // Renewed early, in the weeks before the deadline: good for the year after it.
    expect(goodUntil(bhf, '2027-03-02')).toBe('2028-03-31');
    expect(describeRule(bhf)).toBe('Renewed every year by 31 Mar');
  });
});

describe('the reminder due on a day', () => {
  const today = '2026-11-28';
  const given = addDays(today, -80);
  const until = goodUntil({ kind: 'dated_within', months: 3 }, given);

  it('sends a bank letter dated 80 days ago the 7-day mail, not the 30-day, then the day', () => {
    // 9 Sep + 3 months = 9 Dec: 11 days left, inside the 30-day window, outside the 7-day one.
    const daysLeft = 11;
    expect(until).toBe(addDays(today, daysLeft));
    // Added today: the 30-day mark had passed before anyone knew the date.
    expect(reminderDue({ goodUntil: until, givenOn: today, today, leadDays: lead, sent: [] })).toBe(
      null,
    );
    const sevenAhead = addDays(until, -7);
    expect(
      reminderDue({
        goodUntil: until,
        givenOn: today,
        today: sevenAhead,
        leadDays: lead,
        sent: [],
      }),
    ).toBe('before_7');
    expect(
      reminderDue({
        goodUntil: until,
        givenOn: today,
        today: sevenAhead,
        leadDays: lead,
        sent: ['before_7'],
      }),
    ).toBe(null);
    expect(
      reminderDue({
        goodUntil: until,
        givenOn: today,
        today: until,
        leadDays: lead,
        sent: ['before_7'],
      }),
    ).toBe('on_the_day');
    expect(
      reminderDue({
        goodUntil: until,
        givenOn: today,
        today: addDays(until, 5),
        leadDays: lead,
        sent: ['before_7', 'on_the_day'],
      }),
    ).toBe(null);
  });

  it('sends the 30-day mail to a document known well ahead', () => {
    const early = addDays(until, -60);
    expect(
      reminderDue({
        goodUntil: until,
        givenOn: early,
        today: addDays(until, -30),
        leadDays: lead,
        sent: [],
      }),
    ).toBe('before_30');
  });
});

describe('the seeded rules', () => {
  it('name a known section, a valid rule and a source each', () => {
    for (const seeded of VALIDITY_RULE_SEED) {
      expect(findAnySection(seeded.sectionKey), seeded.sectionKey).toBeDefined();
      expect(validityRuleSchema.safeParse(seeded.rule).success).toBe(true);
      expect(seeded.source).toMatch(/^https:\/\//);
    }
  });

  it('refuse a rule a person could not follow', () => {
    expect(validityRuleSchema.safeParse({ kind: 'dated_within', months: 0 }).success).toBe(false);
    expect(
      validityRuleSchema.safeParse({ kind: 'renewed_yearly', month: 13, day: 1 }).success,
    ).toBe(false);
    expect(
      validityRuleSchema.safeParse({ kind: 'renewed_yearly', month: 2, day: 29 }).success,
    ).toBe(false);
  });
});

describe("the desk's standing of a document", () => {
  it('is overdue after its last good day, expiring within 30 days, else not shown', () => {
    const today = '2026-11-28';
    expect(expiryStanding('2026-11-27', today)).toBe('overdue');
    expect(expiryStanding(today, today)).toBe('expiring');
    expect(expiryStanding('2026-12-28', today)).toBe('expiring');
    expect(expiryStanding('2026-12-29', today)).toBe(null);
    expect(fullyValidOn(['2026-11-28', '2027-03-31'], today)).toBe(true);
    expect(fullyValidOn(['2026-11-27', '2027-03-31'], today)).toBe(false);
    expect(fullyValidOn([], today)).toBe(true);
  });
});
