import { describe, expect, it } from 'vitest';
import { terms } from '../../../schema/terms.ts';
import { countMatches, highlight, matchingSections } from './terms-search.ts';

describe('matchingSections', () => {
  it('returns every section for an empty query', () => {
    expect(matchingSections(terms.sections, '  ')).toHaveLength(12);
  });

  it('finds sections by their text, ignoring case and extra spaces', () => {
    const ids = matchingSections(terms.sections, '  NON-REFUNDABLE ').map((s) => s.id);
    expect(ids).toContain('fees-payment');
    expect(ids).not.toContain('purpose');
  });

  it('finds sections by their title', () => {
    expect(matchingSections(terms.sections, 'governing law').map((s) => s.id)).toContain(
      'governing-law',
    );
  });

  it('treats the query literally', () => {
    expect(matchingSections(terms.sections, '.*')).toEqual([]);
  });
});

describe('highlight', () => {
  it('splits a text around every match, keeping the original case', () => {
    expect(highlight('Seven years. 7 years, SEVEN.', 'seven')).toEqual([
      { text: 'Seven', match: true },
      { text: ' years. 7 years, ', match: false },
      { text: 'SEVEN', match: true },
      { text: '.', match: false },
    ]);
  });

  it('returns the text whole when nothing matches or the query is empty', () => {
    expect(highlight('POPIA', '')).toEqual([{ text: 'POPIA', match: false }]);
    expect(highlight('POPIA', 'xyz')).toEqual([{ text: 'POPIA', match: false }]);
  });

  it('counts matches across texts', () => {
    expect(countMatches(['a b a', 'A'], 'a')).toBe(3);
  });
});
