// What happens to a pick (browse or camera) in any uploader: the section's checks
// (file-checks.ts), HEIC only where the browser can decode it, then each accepted file kept on
// the device and queued. The refusals come back as messages to show, never silently dropped.
import { useState } from 'react';
import type { DocumentSection } from '../../../schema/sections.ts';
import { DeviceStorageFullError } from '../../lib/device-store.ts';
import { requestPersistence } from '../../lib/storage-persistence.ts';
import { addFile } from '../../lib/uploads/queue.ts';
import type { ReplacementTarget } from '../../lib/uploads/store.ts';
import { checkFiles, HEIC_REFUSED } from './file-checks.ts';

async function canDecode(file: File): Promise<boolean> {
  const { canDecodeImage } = await import('../../lib/uploads/image-compression.ts');
  return canDecodeImage(file);
}

export function useFileIntake({
  section,
  existingCount,
  max,
  replacement,
  practice,
}: {
  section: DocumentSection;
  existingCount: number;
  /** Fewer files than the section allows (a replacement takes one). */
  max?: number;
  replacement?: ReplacementTarget;
  /** The practice manager's shared documents are kept apart from the wizard's draft. */
  practice?: boolean;
}) {
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  /** Resolves to how many files were kept (a scan's PDF is handed in as a one-file list). */
  async function accept(list: FileList | readonly File[] | null): Promise<number> {
    if (!list || list.length === 0) return 0;
    const { accepted, problems: found } = checkFiles(section, existingCount, [...list], max);
    let kept = 0;
    setBusy(true);
    try {
      if (accepted.length > 0) void requestPersistence();
      for (const check of accepted) {
        if (check.heic && !(await canDecode(check.file))) {
          found.push(`"${check.file.name}": ${HEIC_REFUSED}`);
          continue;
        }
        try {
          await addFile({
            sectionKey: section.key,
            name: check.file.name,
            type: check.type,
            bytes: check.file,
            compress: check.compress,
            replacement,
            ...(practice ? { practice: true as const } : {}),
          });
          kept += 1;
        } catch (error) {
          found.push(
            error instanceof DeviceStorageFullError
              ? error.message
              : `"${check.file.name}" could not be kept on this device. Please try again.`,
          );
        }
      }
    } finally {
      setBusy(false);
      setProblems(found);
    }
    return kept;
  }

  return { accept, busy, problems };
}
