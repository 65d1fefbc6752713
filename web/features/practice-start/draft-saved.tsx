// Whether the manager's draft is kept on this device (the wizard's words): what they typed
// survives a reload or a power cut once this says so. Beside it, Start over.
import { useAtomValue } from 'jotai';
import { buttonClass } from '../../ui/button-class.ts';
import { practiceDraftSavedAtom } from './practice-draft.ts';

export function DraftSaved({ onStartOver }: { onStartOver?: (() => void) | undefined }) {
  const saved = useAtomValue(practiceDraftSavedAtom);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p role="status" className="min-h-5 text-sm text-slate-600 dark:text-slate-300">
        {saved === 'saved'
          ? 'Draft saved on this device.'
          : saved === 'failed'
            ? 'Could not save on this device.'
            : ''}
      </p>
      {onStartOver && (
        <button type="button" className={buttonClass('secondary')} onClick={onStartOver}>
          Start over
        </button>
      )}
    </div>
  );
}
