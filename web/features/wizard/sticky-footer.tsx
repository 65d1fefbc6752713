// The sticky footer bar (SPEC §2): the sections still blocking, how many remain, and the
// Submit Application button. The button is aria-disabled rather than disabled until the
// uploads and the consent are complete (SPEC §5): it stays focusable and pressing it shows
// the guard toast that says what is missing, which a disabled button could not do.
import type { SectionProgress } from '../../../schema/rules.ts';
import { Alert } from '../../ui/alert.tsx';
import { buttonClass } from '../../ui/button.tsx';
import { blockerText } from '../uploads/section-state.ts';

export function StickyFooter({
  blockers,
  started,
  ready,
  state,
  onSubmit,
}: {
  blockers: readonly SectionProgress[];
  /** Whether a practice type is chosen (before that there are no sections to count). */
  started: boolean;
  ready: boolean;
  state: 'idle' | 'submitting' | 'queued';
  onSubmit: () => void;
}) {
  const busy = state !== 'idle';
  return (
    <div className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur dark:border-slate-700 dark:bg-slate-950/95">
      <div className="mx-auto flex max-w-3xl flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0 flex-1" aria-live="polite">
          {state === 'queued' && (
            <div className="mb-2">
              <Alert tone="info">We will send your application when you are back online</Alert>
            </div>
          )}
          <p className="text-sm font-semibold">
            {!started
              ? 'Choose your practice type to begin'
              : blockers.length === 0
                ? 'All required sections complete'
                : `${blockers.length} section(s) remaining`}
          </p>
          {blockers.length > 0 && (
            <ul className="mt-1 max-h-16 overflow-y-auto text-xs text-slate-700 dark:text-slate-300">
              {blockers.map((b) => (
                <li key={b.key}>
                  {b.label}: <span className="font-medium">{blockerText(b)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <button
          type="button"
          aria-disabled={!ready || busy}
          onClick={() => {
            if (!busy) onSubmit();
          }}
          className={buttonClass(
            'primary',
            `w-full sm:w-auto ${!ready || busy ? 'opacity-60' : ''}`,
          )}
        >
          {busy ? 'Submitting...' : 'Submit Application'}
        </button>
      </div>
    </div>
  );
}
