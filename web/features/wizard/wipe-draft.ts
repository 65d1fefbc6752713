// After a successful submit or 'Start over': the draft leaves the device, with its sections'
// scans; what belongs to an earlier application's replacements stays (lib/device-wipe.ts).
import { wipeDraftFromDevice } from '../../lib/device-wipe.ts';
import { replacementScanRecords } from '../replacement/replacement-scan.ts';

export async function wipeDraft(): Promise<void> {
  // Unreadable scan records are not worth keeping the draft for.
  const scans = await replacementScanRecords().catch(() => []);
  await wipeDraftFromDevice(scans);
}
