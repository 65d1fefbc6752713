// A section's status comes from the real pipeline of its files (docs/product.md#states's statuses
// over
// the offline flow's stages, docs/offline-submit-flow.md): kept on the device or compressing -> processing; queued, waiting for the
// connection or sending -> uploading; on the server -> completed; refused -> error. The
// original's simulated "2 s + 500 ms per file" step is gone (docs/decisions/036-real-upload-statuses.md).
import {
  deriveSectionStatus,
  type FileStatus,
  type SectionProgress,
  type SectionStatus,
} from '../../../schema/rules.ts';
import type { DocumentSection } from '../../../schema/sections.ts';
import type { QueuedFile, UploadStage } from '../../lib/uploads/store.ts';

export function fileStatus(stage: UploadStage): FileStatus {
  switch (stage) {
    case 'stored':
    case 'compressing':
      return 'processing';
    case 'queued':
    case 'waiting':
    case 'uploading':
      return 'uploading';
    case 'done':
      return 'completed';
    case 'error':
      return 'error';
  }
}

export function sectionStatus(
  section: DocumentSection,
  files: readonly QueuedFile[],
): SectionStatus {
  return deriveSectionStatus(
    files.map((f) => ({ status: fileStatus(f.stage) })),
    section.minFiles,
  );
}

export function sectionsProgress(
  sections: readonly DocumentSection[],
  files: readonly QueuedFile[],
): SectionProgress[] {
  return sections.map((section) => ({
    key: section.key,
    label: section.label,
    required: section.required,
    status: sectionStatus(
      section,
      files.filter((f) => f.sectionKey === section.key),
    ),
  }));
}

/** docs/product.md#errors: what the uploader says while the device is offline. */
export const OFFLINE_TEXT = 'No Internet connection';

/** Whether the file is held back by the connection rather than by the server or the device. */
export function waitsForConnection(file: QueuedFile, online: boolean): boolean {
  if (file.stage === 'waiting') return true;
  return !online && (file.stage === 'queued' || file.stage === 'uploading');
}

/** The status line under a file in its upload card. */
export function fileRowText(file: QueuedFile, online: boolean): string {
  if (file.stage === 'error') return file.error || 'Processing failed';
  if (waitsForConnection(file, online)) return OFFLINE_TEXT;
  switch (file.stage) {
    case 'stored':
      return 'Saved on this device';
    case 'compressing':
      return 'Compressing on this device…';
    case 'queued':
      return 'Queued for upload';
    case 'uploading':
      return (
        file.note ?? `Uploading… ${Math.round((file.bytesSent / Math.max(1, file.size)) * 100)}%`
      );
    default:
      return 'Uploaded';
  }
}

/** The sticky footer's text for a section that still blocks submitting
 * (docs/product.md#screens-and-routes). */
export function blockerText(progress: SectionProgress): string {
  switch (progress.status) {
    case 'processing':
      return 'Processing...';
    case 'uploading':
      return 'Uploading...';
    case 'error':
      return 'Needs attention';
    case 'empty':
      return 'No file yet';
    default:
      return progress.reason ?? 'Needs attention';
  }
}

export const STATUS_BADGE: Record<
  SectionStatus,
  { text: string; tone: 'success' | 'warning' | 'secondary' | 'destructive' | 'outline' }
> = {
  empty: { text: 'No file yet', tone: 'outline' },
  uploading: { text: 'Uploading...', tone: 'secondary' },
  processing: { text: 'Processing...', tone: 'secondary' },
  completed: { text: 'Complete', tone: 'success' },
  error: { text: 'Action Needed', tone: 'destructive' },
  rejected: { text: 'Rejected', tone: 'destructive' },
};
