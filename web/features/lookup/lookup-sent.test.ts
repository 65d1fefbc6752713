import { describe, expect, it } from 'vitest';
import { lookupSent } from './lookup-sent.ts';

describe('the lookup form sent by the browser before the app started', () => {
  it('keeps the tab and the trimmed identifier, also when the parser made it a number', () => {
    expect(lookupSent({ by: 'practice_number', identifier: ' 0123456 ' })).toEqual({
      by: 'practice_number',
      identifier: '0123456',
    });
    expect(lookupSent({ by: 'id_number', identifier: 8001015009087 })).toEqual({
      by: 'id_number',
      identifier: '8001015009087',
    });
  });

  it('an empty press is an empty identifier, to be answered with the spec message', () => {
    expect(lookupSent({ by: 'practice_number', identifier: '' })).toEqual({
      by: 'practice_number',
      identifier: '',
    });
    expect(lookupSent({ by: 'id_number' })).toEqual({ by: 'id_number', identifier: '' });
  });

  it('bounds the identifier as the input does (13 characters)', () => {
    expect(lookupSent({ by: 'id_number', identifier: '1'.repeat(40) }).identifier).toHaveLength(13);
  });

  it('an address without the form, or with a tab that does not exist, sent nothing', () => {
    expect(lookupSent({})).toEqual({});
    expect(lookupSent({ by: 'passport', identifier: '123' })).toEqual({});
    expect(lookupSent({ identifier: '123' })).toEqual({});
  });
});
