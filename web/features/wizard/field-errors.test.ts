import { describe, expect, it } from 'vitest';
import { emptyDraft } from './draft.ts';
import { firstErrorField, withFieldChecked } from './field-errors.ts';

const draft = (email: string) => ({
  ...emptyDraft,
  practitioner: { ...emptyDraft.practitioner, email },
});

describe('field errors', () => {
  it('leaving a field shows its message from the contract', () => {
    const errors = withFieldChecked({}, 'practitioner.email', draft('not-an-address'), true);
    expect(errors['practitioner.email']).toEqual(expect.any(String));
  });

  it('typing checks a field only while its message shows, and clears it once fixed', () => {
    expect(withFieldChecked({}, 'practitioner.email', draft('half'), false)).toEqual({});
    const shown = { 'practitioner.email': 'Invalid email address' };
    expect(withFieldChecked(shown, 'practitioner.email', draft('dr@example.co.za'), false)).toEqual(
      {},
    );
  });

  it('Submit focuses the first field on screen with a message', () => {
    expect(
      firstErrorField({
        'submission.hpcsaNumber': 'Required',
        'practitioner.email': 'Invalid email address',
      }),
    ).toBe('email');
    expect(firstErrorField({ documents: 'Upload your documents' })).toBeUndefined();
  });
});
