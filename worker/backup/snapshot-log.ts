// Snapshots taken and restored go into the security log (decision 084): the snapshot's folder
// name, who (the CLI, or the server's schedule) and the counts; never a path of the operator's
// machine or anything personal. A taken snapshot is logged in the database it copied (after
// the copy); a restore in the database it wrote. A database from before the security log
// (a snapshot taken ahead of that migration) has no log to write to: said, not failed.
import { createClient } from '@libsql/client';
import { createDatabase } from '../db.ts';
import { type SecurityActor, securityLogInsert } from '../services/security-log.ts';
import type { Manifest } from './manifest.ts';

export async function logSnapshot(
  database: { url: string; authToken?: string },
  event: {
    action: 'backup_taken' | 'backup_restored';
    actor: SecurityActor;
    snapshot: string;
    manifest: Manifest;
    now: Date;
  },
): Promise<boolean> {
  const client = createClient({ url: database.url, authToken: database.authToken || undefined });
  try {
    const { counts } = event.manifest;
    await securityLogInsert(
      createDatabase(client),
      {
        action: event.action,
        actor: event.actor,
        entityType: 'snapshot',
        entityId: event.snapshot,
        details: {
          submissions: counts.submissions,
          documents: counts.documents,
          objects: counts.objects,
          staffAccounts: counts.staffAccounts,
          sealedTo: event.manifest.sealedTo,
        },
      },
      event.now,
    );
    return true;
  } catch (error) {
    if (/no such table/i.test(String((error as Error)?.message ?? error))) return false;
    throw error;
  } finally {
    client.close();
  }
}
