// After a successful submit or 'Start over' the draft leaves the device. Replacements of
// rejected documents (an earlier application's, sent from the tracking page) may still be on
// their way, or a replacement's scan be in progress: then only the draft's records go, and the
// key that seals the rest stays (docs/decisions/055-replacement-outbox.md,
// 081-scan-for-a-replacement.md).
import { clearDevice, clearDeviceExcept } from './device-store.ts';
import { REPLACEMENT_OUTBOX_RECORD, replacementsWaiting } from './uploads/replacement-outbox.ts';
import { uploadRecords, uploadsPersisted, uploadsSnapshot } from './uploads/store.ts';

/**
 * Call after resetUploads(), which leaves only the replacements' files in the queue.
 * @param replacementScans the records of replacements' scans in progress, kept as well
 */
export async function wipeDraftFromDevice(replacementScans: readonly string[] = []): Promise<void> {
  await uploadsPersisted();
  const replacementFiles = uploadsSnapshot().files;
  if (
    replacementFiles.length === 0 &&
    replacementScans.length === 0 &&
    !(await replacementsWaiting())
  ) {
    await clearDevice();
    return;
  }
  await clearDeviceExcept([
    REPLACEMENT_OUTBOX_RECORD,
    ...uploadRecords(replacementFiles),
    ...replacementScans,
  ]);
}
