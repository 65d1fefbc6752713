// One file in an upload card: its thumbnail, size and real stage (section-state.ts), progress
// while it uploads, 'Try again' after an error and Remove.

import { removeUpload, resendUpload } from '../../lib/uploads/queue.ts';
import type { QueuedFile } from '../../lib/uploads/store.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Progress } from '../../ui/progress.tsx';
import { fileRowText, waitsForConnection } from './section-state.ts';

export const mb = (bytes: number) => `${(bytes / 1048576).toFixed(2)} MB`;

export function FileRow({
  file,
  online,
  locked,
}: {
  file: QueuedFile;
  online: boolean;
  locked: boolean;
}) {
  const waiting = waitsForConnection(file, online);
  const text = fileRowText(file, online);
  return (
    <li className="flex items-start gap-3 py-2" data-stage={waiting ? 'waiting' : file.stage}>
      {file.thumbnail ? (
        <img src={file.thumbnail} alt="" className="size-12 shrink-0 rounded object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded bg-slate-100 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200"
        >
          {file.type === 'application/pdf' ? 'PDF' : 'FILE'}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{file.name}</p>
        <p className="text-xs text-slate-600 dark:text-slate-300">{mb(file.size)}</p>
        <p
          className={`mt-0.5 text-xs ${file.stage === 'error' ? 'font-medium text-red-700 dark:text-red-300' : 'text-slate-700 dark:text-slate-300'}`}
        >
          {file.stage === 'error' && (
            <span className="mr-2">
              <Badge tone="destructive">Action Needed</Badge>
            </span>
          )}
          {text}
        </p>
        {file.stage === 'uploading' && !file.note && (
          <div className="mt-1">
            <Progress label={`Uploading ${file.name}`} value={file.bytesSent} max={file.size} />
          </div>
        )}
      </div>
      <div className="flex shrink-0 flex-col gap-1">
        {file.stage === 'error' && (
          <Button
            variant="secondary"
            onPress={() => resendUpload(file.id)}
            aria-label={`Try ${file.name} again`}
            isDisabled={locked}
          >
            Try again
          </Button>
        )}
        <Button
          variant="ghost"
          onPress={() => void removeUpload(file.id)}
          aria-label={`Remove ${file.name}`}
          isDisabled={locked}
        >
          Remove
        </Button>
      </div>
    </li>
  );
}
