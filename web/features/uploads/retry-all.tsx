// 'Retry all': sends every file in error again from its device copy, where the files needing
// attention are counted (docs/decisions/037-upload-queue.md).
import { resendUpload } from '../../lib/uploads/queue.ts';
import type { QueuedFile } from '../../lib/uploads/store.ts';
import { Button } from '../../ui/button.tsx';

export function RetryAll({ files }: { files: readonly QueuedFile[] }) {
  const failed = files.filter((f) => f.stage === 'error');
  if (failed.length === 0) return null;
  return (
    <Button
      variant="secondary"
      className="mt-2"
      aria-label={`Retry all ${failed.length} file(s) that need attention`}
      onPress={() => {
        for (const file of failed) resendUpload(file.id);
      }}
    >
      Retry all
    </Button>
  );
}
