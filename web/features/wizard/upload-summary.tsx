import { useId } from 'react';
import type { SectionProgress } from '../../../schema/rules.ts';
import type { QueuedFile } from '../../lib/uploads/store.ts';
import { Card, CardTitle } from '../../ui/card.tsx';
import { Progress } from '../../ui/progress.tsx';
import { RetryAll } from '../uploads/retry-all.tsx';

/**
 * The upload progress summary (docs/product.md#screens-and-routes): required sections done, files
 * still on their way.
 * `files` are those of the chosen practice type's sections only; `setAside` counts the files
 * of the other type's sections, kept on the device but not part of this application.
 */
export function UploadSummary({
  progress,
  files,
  setAside,
  online,
}: {
  progress: readonly SectionProgress[];
  files: readonly QueuedFile[];
  setAside: number;
  online: boolean;
}) {
  const titleId = useId();
  const required = progress.filter((p) => p.required);
  const complete = required.filter((p) => p.status === 'completed').length;
  const pending = files.filter((f) => f.stage !== 'done' && f.stage !== 'error').length;
  const failed = files.filter((f) => f.stage === 'error').length;
  return (
    <Card aria-labelledby={titleId}>
      <CardTitle id={titleId}>Upload Progress</CardTitle>
      <p className="mt-2 text-sm">
        {complete} of {required.length} required sections complete
      </p>
      <div className="mt-2">
        <Progress
          label="Required sections complete"
          value={complete}
          max={required.length}
          valueText={`${complete} of ${required.length}`}
        />
      </div>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        {files.length} file(s) added
        {pending > 0 &&
          ` · ${pending} ${online ? 'still processing or uploading' : 'waiting for connection'}`}
        {failed > 0 && ` · ${failed} need(s) attention`}
      </p>
      <RetryAll files={files} />
      {setAside > 0 && (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {setAside} file(s) added for the other practice type are kept on this device but are not
          part of this application.
        </p>
      )}
    </Card>
  );
}
