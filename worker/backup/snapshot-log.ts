// Snapshots taken and restored go into the security log (decision 084): the snapshot's folder
// name, who (the CLI, or the server's schedule) and the counts; never a path of the operator's
// machine or anything personal. A taken snapshot is logged in the database it copied (after
// the copy); a restore in the database it wrote. A database from before the security log
// (a snapshot taken ahead of that migration) has no log to write to: said, not failed.
import { createClient } from '@libsql/client';
import { createDatabase } from '../db.ts';
import { type SecurityActor, securityLogInsert } from '../services/security-log/security-log.ts';
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
  // timeout: the busy timeout, as the server's own client has: the server writes meanwhile.
  const client = createClient({
    url: database.url,
    authToken: database.authToken || undefined,
    timeout: 10_000,
  });
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
    // drizzle wraps the driver's error; the reason is in its cause.
    const reason = `${String((error as Error)?.message ?? error)} ${String((error as Error)?.cause ?? '')}`;
    if (/no such table/i.test(reason)) return false;
    throw error;
  } finally {
    client.close();
  }
}
