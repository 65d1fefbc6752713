// After a successful submit or 'Start over' the draft leaves the device. Replacements of
// rejected documents (an earlier application's, sent from the tracking page) may still be on
// their way, or a replacement's scan be in progress: then only the draft's records go, and the
// key that seals the rest stays (docs/decisions/055-replacement-outbox.md,
// 081-scan-for-a-replacement.md).
import { clearDevice, clearDeviceExcept, getJson } from './device-store.ts';
import { PRACTICE_RECORDS } from './practice-records.ts';
import { REPLACEMENT_OUTBOX_RECORD, replacementsWaiting } from './uploads/replacement-outbox.ts';
import { uploadRecords, uploadsPersisted, uploadsSnapshot } from './uploads/store.ts';

/**
 * Call after resetUploads(), which leaves only the replacements' files in the queue.
 * @param replacementScans the records of replacements' scans in progress, kept as well
 */
export async function wipeDraftFromDevice(replacementScans: readonly string[] = []): Promise<void> {
  await uploadsPersisted();
  // What stays in the queue: replacements, and the practice manager's files.
  const replacementFiles = uploadsSnapshot().files;
  // A practice manager's draft or queued practice on the same device is not the wizard's.
  const practiceKept = await Promise.all(PRACTICE_RECORDS.map((name) => getJson(name)));
  if (
    replacementFiles.length === 0 &&
    replacementScans.length === 0 &&
    !(await replacementsWaiting()) &&
    practiceKept.every((record) => record === undefined)
  ) {
    await clearDevice();
    return;
  }
  await clearDeviceExcept([
    REPLACEMENT_OUTBOX_RECORD,
    ...uploadRecords(replacementFiles),
    ...replacementScans,
    ...PRACTICE_RECORDS,
  ]);
}
