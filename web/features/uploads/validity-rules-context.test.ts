// The date an upload asks for follows the rule staff keep, and the seed's until rules arrive.
import { describe, expect, it } from 'vitest';
import { ruleOf } from './validity-rules-context.ts';

describe('the rule an upload labels its date with', () => {
  it('is the one staff keep when the page has the rules', () => {
    const kept = [{ sectionKey: 'bank_proof', rule: { kind: 'valid_until' as const } }];
    expect(ruleOf('bank_proof', kept)).toEqual({ kind: 'valid_until' });
    // A section staff keep no rule for asks no date, even if the seed had one.
    expect(ruleOf('certified_id', kept)).toBeUndefined();
  });

  it("is the seed's before any rules arrive", () => {
    expect(ruleOf('bank_proof', undefined)).toEqual({ kind: 'dated_within', months: 3 });
    expect(ruleOf('bank_proof', [])).toEqual({ kind: 'dated_within', months: 3 });
    expect(ruleOf('bhf_form', undefined)).toBeUndefined();
  });
});
