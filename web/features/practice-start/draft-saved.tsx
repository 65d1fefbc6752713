// Whether the manager's draft is kept on this device: what they typed survives a reload or a
// power cut once this says so (the wizard's own words).
import { useAtomValue } from 'jotai';
import { practiceDraftSavedAtom } from './practice-draft.ts';

export function DraftSaved() {
  const saved = useAtomValue(practiceDraftSavedAtom);
  return (
    <p role="status" className="min-h-5 text-sm text-slate-600 dark:text-slate-300">
      {saved === 'saved'
        ? 'Draft saved on this device.'
        : saved === 'failed'
          ? 'Could not save on this device.'
          : ''}
    </p>
  );
}
