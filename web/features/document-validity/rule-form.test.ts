// The rule form refuses what the server would, field by field, and makes the rule it shows.
import { describe, expect, it } from 'vitest';
import { reminderDaysOf } from './reminder-days.ts';
import { formOfRule, ruleUpdateOf } from './rule-form.ts';

const source = 'https://www.polmed.co.za';

describe('the rule form', () => {
  it('makes each kind of rule from the fields it shows', () => {
    const form = formOfRule({ kind: 'dated_within', months: 3 }, source);
    expect(ruleUpdateOf('bank_proof', { ...form, months: '2' })).toEqual({
      ok: true,
      update: { rule: { kind: 'dated_within', months: 2 }, source },
    });
    expect(
      ruleUpdateOf('bank_proof', { ...form, kind: 'renewed_yearly', day: '31', month: '3' }),
    ).toMatchObject({ ok: true, update: { rule: { kind: 'renewed_yearly', month: 3, day: 31 } } });
    expect(ruleUpdateOf('bank_proof', { ...form, kind: 'valid_until', months: 'x' })).toMatchObject(
      { ok: true, update: { rule: { kind: 'valid_until' } } },
    );
  });

  it('says which field is wrong', () => {
    const form = formOfRule({ kind: 'certified_within', months: 3 }, source);
    expect(ruleUpdateOf('certified_id', { ...form, months: '0' })).toEqual({
      ok: false,
      fields: { months: 'Give a whole number of months from 1 to 60.' },
    });
    expect(
      ruleUpdateOf('certified_id', { ...form, kind: 'renewed_yearly', day: '30', month: '2' }),
    ).toEqual({ ok: false, fields: { day: 'That day is not in that month every year.' } });
    expect(ruleUpdateOf('certified_id', { ...form, source: 'medihelp' })).toEqual({
      ok: false,
      fields: { source: 'Give the page the rule comes from, as a web address.' },
    });
  });
});

describe('the reminder days typed', () => {
  it('keeps each day once, furthest first', () => {
    expect(reminderDaysOf('7, 30 14, 7')).toEqual({ ok: true, days: [30, 14, 7] });
  });

  it('refuses what is not a day before, or too many', () => {
    expect(reminderDaysOf('30, soon')).toMatchObject({ ok: false });
    expect(reminderDaysOf('30, 0')).toEqual({
      ok: false,
      message: 'Each day must be from 1 to 365 days before.',
    });
    expect(reminderDaysOf('')).toEqual({ ok: false, message: 'Give at least one reminder day.' });
    expect(reminderDaysOf('1 2 3 4 5 6')).toEqual({
      ok: false,
      message: 'Give at most five reminder days.',
    });
  });
});
