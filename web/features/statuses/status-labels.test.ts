import { describe, expect, it } from 'vitest';
import {
  dashboardStatusView,
  documentStatusView,
  practiceTypeLabel,
  schemeStatusView,
  submissionStatusView,
} from './status-labels.ts';

describe('status labels', () => {
  it('labels pending as Pending Review on the tracking page and Pending on the dashboard', () => {
    expect(submissionStatusView.pending.label).toBe('Pending Review');
    expect(dashboardStatusView.pending.label).toBe('Pending');
  });

  it('uses the dashboard badge styles of docs/product.md#states', () => {
    expect(dashboardStatusView.approved.tone).toBe('default');
    expect(dashboardStatusView.pending.tone).toBe('secondary');
    expect(dashboardStatusView.rejected.tone).toBe('destructive');
    expect(dashboardStatusView.under_review.tone).toBe('outline');
  });

  it('labels scheme and document statuses', () => {
    expect(schemeStatusView.not_started.label).toBe('Not Started');
    expect(schemeStatusView.pending.label).toBe('Pending');
    expect(documentStatusView.uploaded.label).toBe('Uploaded');
    expect(documentStatusView.rejected.tone).toBe('destructive');
  });

  it('labels practice types', () => {
    expect(practiceTypeLabel('established')).toBe('Established practice');
    expect(practiceTypeLabel('new')).toBe('New practice');
  });
});
