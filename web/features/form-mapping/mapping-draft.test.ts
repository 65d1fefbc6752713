import { describe, expect, it } from 'vitest';
import type { FormField } from '../../../schema/form-mapping-api.ts';
import {
  asKind,
  clampBox,
  placedBox,
  withAnswer,
  withChoice,
  withoutIndex,
  withProfileField,
} from './mapping-draft.ts';

const accType: FormField = { name: 'AccType', kind: 'radio', options: ['C', 'S'], box: null };
const A4 = { width: 595, height: 842 };

describe('editing a mapping on the staff screen', () => {
  it('maps, re-maps and unmaps a field, proposing the answers afresh', () => {
    const start = [{ formField: 'Surname', profileField: 'lastName' as const }];
    const mapped = withProfileField(start, accType, 'accountType');
    expect(mapped).toEqual([...start, { formField: 'AccType', profileField: 'accountType' }]);
    const paired = withChoice(
      withChoice(mapped, 'AccType', 'S', 'Savings'),
      'AccType',
      'C',
      'Cheque / current',
    );
    expect(paired[1]).toEqual({
      formField: 'AccType',
      profileField: 'accountType',
      choices: [
        { option: 'S', answer: 'Savings' },
        { option: 'C', answer: 'Cheque / current' },
      ],
    });
    // Unpairing the last option leaves no empty list behind.
    const unpaired = withChoice(withChoice(paired, 'AccType', 'S', ''), 'AccType', 'C', '');
    expect(unpaired[1]).toEqual({ formField: 'AccType', profileField: 'accountType' });
    expect(withProfileField(paired, accType, '')).toEqual(start);
  });

  it("sets and clears a checkbox's answer", () => {
    const box = [{ formField: 'F', profileField: 'gender' as const }];
    expect(withAnswer(box, 'F', 'Female')).toEqual([{ ...box[0], answer: 'Female' }]);
    expect(withAnswer(withAnswer(box, 'F', 'Female'), 'F', '')).toEqual(box);
  });

  it('places a box centred where staff clicked, kept on the page', () => {
    expect(placedBox('text', 'lastName', { page: 0, x: 300, y: 700 }, A4)).toEqual({
      placed: { page: 0, x: 210, y: 691, width: 180, height: 18 },
      profileField: 'lastName',
    });
    expect(placedBox('signature', 'lastName', { page: 1, x: 5, y: 5 }, A4)).toEqual({
      placed: { page: 1, x: 0, y: 0, width: 180, height: 48 },
      profileField: 'signature',
    });
    expect(placedBox('checkbox', 'gender', { page: 0, x: 100, y: 100 }, A4)).toMatchObject({
      kind: 'checkbox',
      answer: 'Female',
    });
    expect(clampBox({ page: 0, x: 590, y: -10, width: 900, height: 2 }, A4)).toEqual({
      page: 0,
      x: 0,
      y: 0,
      width: 595,
      height: 4,
    });
  });

  it('turns a box into another kind where it is, and removes one', () => {
    const text = placedBox('text', 'gender', { page: 0, x: 100, y: 100 }, A4);
    expect(asKind(text, 'checkbox')).toEqual({ ...text, kind: 'checkbox', answer: 'Female' });
    expect(asKind(text, 'signature')).toEqual({ placed: text.placed, profileField: 'signature' });
    expect(asKind(asKind(text, 'signature'), 'text')).toEqual({
      placed: text.placed,
      profileField: 'fullName',
    });
    expect(withoutIndex([text, text], 0)).toEqual([text]);
  });
});
