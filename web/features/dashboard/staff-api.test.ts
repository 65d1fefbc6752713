import { describe, expect, it } from 'vitest';
import { submissionsKey, submissionsSearch } from './staff-api.ts';

describe('submissionsSearch', () => {
  it('always sends the limit and leaves out empty filters', () => {
    expect(submissionsSearch({ limit: 10 })).toBe('limit=10');
    expect(submissionsSearch({ limit: 25, q: '   ', cursor: '' })).toBe('limit=25');
  });
  it('sends the trimmed search, the status and the cursor', () => {
    expect(
      submissionsSearch({ limit: 25, q: ' Dr Smith ', status: 'under_review', cursor: 'c1' }),
    ).toBe('limit=25&cursor=c1&q=Dr+Smith&status=under_review');
  });
  it('keys the cache under admin/submissions so a refresh reaches every page', () => {
    expect(submissionsKey({ limit: 10 })).toBe('admin/submissions?limit=10');
  });
});
