// Scan pages for a replacement (docs/decisions/081-scan-for-a-replacement.md): the pages in
// progress are kept under a scope of their own per rejected document, so they never mix with
// a wizard section's scan (scoped by the section's key) or with another document's. The
// document id is a UUID unique across submissions; the tracking token, a secret, stays out of
// the record names (they are not sealed). Once the document no longer waits for a
// replacement (sent from here or from another phone), its pages leave the device; a scan
// nobody comes back to goes with the 30-day expiry of all device data (decision 035).
import { discardScan, loadScan, scanRecords, scanScopes } from '../scan/scan-store.ts';

const PREFIX = 'replacement-';

/** The scope of the scan for a replacement of this rejected document. */
export function replacementScanScope(documentId: string): string {
  return `${PREFIX}${documentId}`;
}

/** The rejected document a scope belongs to, or null for a wizard section's scan. */
export function replacementScanDocument(scope: string): string | null {
  return scope.startsWith(PREFIX) && scope.length > PREFIX.length
    ? scope.slice(PREFIX.length)
    : null;
}

/**
 * Removes the scans kept for these documents of an application, the ones that no longer wait
 * for a replacement. Documents of other applications are not touched.
 */
export async function forgetReplacementScans(
  documents: readonly { id: string }[],
  awaiting: ReadonlySet<string>,
): Promise<void> {
  const done = new Set(documents.filter((d) => !awaiting.has(d.id)).map((d) => d.id));
  for (const scope of await scanScopes()) {
    const documentId = replacementScanDocument(scope);
    if (documentId && done.has(documentId)) await discardScan(scope, await loadScan(scope));
  }
}

/** The device records of every replacement's scan, which wiping the draft keeps. */
export async function replacementScanRecords(): Promise<string[]> {
  const scopes = (await scanScopes()).filter((s) => replacementScanDocument(s) !== null);
  return (await Promise.all(scopes.map(scanRecords))).flat();
}
