import { describe, expect, it } from 'vitest';
import { stepTitles } from './wizard-steps.ts';

describe('step numbers', () => {
  it('an established practice has five numbered steps', () => {
    expect(Object.values(stepTitles('established'))).toEqual([
      'Step 1: Practice Type',
      'Step 2: Contact Information',
      'Step 3: Practice Details',
      'Step 4: Contract Preferences',
      'Step 5: Document Upload',
    ]);
  });

  it('a new practice has four, with additional preferences as step 3', () => {
    expect(stepTitles('new')).toEqual({
      'practice-type': 'Step 1: Practice Type',
      contact: 'Step 2: Contact Information',
      'additional-preferences': 'Step 3: Additional Preferences',
      documents: 'Step 4: Document Upload',
    });
  });
});
