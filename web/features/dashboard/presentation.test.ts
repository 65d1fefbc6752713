import { describe, expect, it } from 'vitest';
import { allSchemes } from '../../../schema/catalogue.ts';
import { seedAsCatalogue } from '../../../schema/catalogue-seed.ts';
import { schemeStatus } from '../../../schema/submission-api.ts';
import { ApiError } from '../../lib/api-error.ts';
import { dashboardStatusView } from '../statuses/status-labels.ts';
import {
  descriptionOrNull,
  errorMessage,
  filterSchemes,
  formatMegabytes,
  isRegistrationFormType,
  parseYear,
  recentSubmissionsNote,
  SCHEME_STATUSES,
  trackingPath,
} from './presentation.ts';

it('uses the docs/product.md#states dashboard badge styles', () => {
  // Shared with the tracking pages in web/lib; pinned here because the dashboard relies on them.
  expect(dashboardStatusView).toEqual({
    pending: { label: 'Pending', tone: 'secondary' },
    under_review: { label: 'Under Review', tone: 'outline' },
    approved: { label: 'Approved', tone: 'default' },
    rejected: { label: 'Rejected', tone: 'destructive' },
  });
});

describe('recentSubmissionsNote', () => {
  it('appears only when there are more than 10', () => {
    expect(recentSubmissionsNote(0)).toBeNull();
    expect(recentSubmissionsNote(10)).toBeNull();
    expect(recentSubmissionsNote(11)).toBe('Showing 10 most recent submissions of 11 total');
  });
});

describe('registration form fields', () => {
  it('shows sizes in MB with two decimals', () => {
    expect(formatMegabytes(1_048_576)).toBe('1.00 MB');
    expect(formatMegabytes(1_572_864)).toBe('1.50 MB');
    expect(formatMegabytes(12_345)).toBe('0.01 MB');
  });
  it('parses the year as an integer or null', () => {
    expect(parseYear('')).toBeNull();
    expect(parseYear('  ')).toBeNull();
    expect(parseYear('2025')).toBe(2025);
    expect(parseYear('2025.7')).toBe(2025);
    expect(parseYear('abc')).toBeNull();
  });
  it('turns an empty description into null', () => {
    expect(descriptionOrNull('')).toBeNull();
    expect(descriptionOrNull('  2025 Registration Form ')).toBe('2025 Registration Form');
  });
  it('accepts only application/pdf', () => {
    expect(isRegistrationFormType('application/pdf')).toBe(true);
    expect(isRegistrationFormType('image/png')).toBe(false);
    expect(isRegistrationFormType('')).toBe(false);
  });
});

describe('filterSchemes', () => {
  const schemes = allSchemes(seedAsCatalogue());
  it('returns every scheme for an empty filter', () => {
    expect(filterSchemes(schemes, '  ')).toHaveLength(schemes.length);
  });
  it('matches words of the name or the key in any order, ignoring case', () => {
    const found = filterSchemes(schemes, 'medical discovery');
    expect(found.map((s) => s.key)).toContain('discovery_health_medical_scheme');
    expect(found.every((s) => /discovery/i.test(`${s.label} ${s.key}`))).toBe(true);
    expect(filterSchemes(schemes, 'bankmed').map((s) => s.key)).toEqual(['bankmed']);
    expect(filterSchemes(schemes, 'no such scheme at all')).toEqual([]);
  });
});

describe('errorMessage', () => {
  it("prefers the server's message, then the error's, then the fallback", () => {
    const withBody = new ApiError('409: {}', 409, {
      error: { code: 'conflict', message: 'Already deleted' },
    });
    expect(errorMessage(withBody, 'Failed')).toBe('Already deleted');
    expect(errorMessage(new ApiError('500: oops', 500, null), 'Failed')).toBe('500: oops');
    expect(errorMessage(undefined, 'Failed to delete submission')).toBe(
      'Failed to delete submission',
    );
  });
});

it('links to the tracking page with the token encoded', () => {
  expect(trackingPath('abc_DEF-123')).toBe('/track?token=abc_DEF-123');
  expect(trackingPath('a b')).toBe('/track?token=a%20b');
});

it('offers every scheme status the schema knows, each once', () => {
  expect([...SCHEME_STATUSES].sort()).toEqual([...schemeStatus.options].sort());
});
