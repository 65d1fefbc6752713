import { describe, expect, it } from 'vitest';
import type { SubmitRequest } from '../../schema/submission-api.ts';
import { ApiError } from './api-error.ts';
import { refusalAction } from './submit-refusal.ts';

const entry = {
  idempotencyKey: 'key-1',
  applicationId: '5b0c3d55-51f4-4c8e-9f0e-0d0a7f1d2e3c',
  payload: {} as SubmitRequest,
  fileIds: ['a', 'b'],
  queuedAt: '2025-01-19T10:00:00.000Z',
};
const refused = (status: number, error: Record<string, unknown>) =>
  new ApiError(`${status}`, status, { error: { message: 'No', ...error } as never });

describe('a refused submission', () => {
  it('shows the tracking link of the application the server already has', () => {
    const error = refused(409, { code: 'application_already_submitted', trackingToken: 'tok' });
    expect(refusalAction(error, entry)).toEqual({
      kind: 'already-submitted',
      trackingToken: 'tok',
    });
  });

  it('marks files that belong to another submission instead of sending them again', () => {
    const error = refused(409, {
      code: 'upload_already_used',
      fields: { 'documents.1': 'This file already belongs to another submission.' },
    });
    expect(refusalAction(error, entry)).toEqual({
      kind: 'files-taken',
      files: [{ id: 'b', message: 'This file already belongs to another submission.' }],
    });
  });

  it('passes any other refusal on with its fields', () => {
    const error = refused(400, {
      code: 'invalid_request',
      fields: { 'practitioner.email': 'Bad' },
    });
    expect(refusalAction(error, entry)).toEqual({
      kind: 'refused',
      fields: { 'practitioner.email': 'Bad' },
      newRequest: true,
    });
  });
});
