import { describe, expect, it } from 'vitest';
import type { SecurityLogEntry } from '../../../schema/security-log-api.ts';
import { actionLabel, actorLabel, detailsLabel } from './security-log-entry.ts';

const entry: SecurityLogEntry = {
  id: 'e1',
  action: 'document_link_issued',
  actorType: 'staff',
  actorId: 's1',
  actorEmail: 'clerk@bureau.co.za',
  entityType: 'document',
  entityId: 'd1',
  submissionId: 'sub1',
  details: { via: 'detail_view', expiresInSeconds: 300 },
  createdAt: '2026-11-27T01:00:00.000Z',
};

describe('a security-log entry in words', () => {
  it('reads any action, names the actor and lists the details', () => {
    expect(actionLabel('document_link_issued')).toBe('Document link issued');
    expect(actionLabel('backup_made')).toBe('Backup made');
    expect(actorLabel(entry)).toBe('clerk@bureau.co.za');
    expect(actorLabel({ ...entry, actorEmail: null })).toBe('Staff account s1 (removed)');
    expect(actorLabel({ ...entry, actorType: 'cli', actorId: null })).toBe(
      'Command line (npm run admin)',
    );
    expect(detailsLabel(entry)).toBe('via: detail_view · expires in seconds: 300');
    expect(detailsLabel({ ...entry, details: null })).toBe('');
  });
});
