// Continue, 'Skip for now' and Back at the foot of each page (decision 097). Continue checks
// the page and, with problems, stays and shows them; Skip moves on unchecked, the problems
// come back on check your answers and at Submit. Native buttons (decision 099): they are
// rendered again on every move between pages, where React Aria's press machinery cost a phone
// at 6x CPU about a tenth of the move.
import { buttonClass } from '../../ui/button-class.ts';

export function PageNav({
  canContinue,
  canSkip,
  onContinue,
  onSkip,
  onBack,
}: {
  canContinue: boolean;
  canSkip: boolean;
  onContinue: () => void;
  onSkip: () => void;
  onBack?: (() => void) | undefined;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      {canContinue && (
        <button type="button" className={buttonClass('primary')} onClick={onContinue}>
          Continue
        </button>
      )}
      {canSkip && (
        <button type="button" className={buttonClass('secondary')} onClick={onSkip}>
          Skip for now
        </button>
      )}
      {onBack && (
        <button type="button" className={buttonClass('ghost')} onClick={onBack}>
          Back
        </button>
      )}
    </div>
  );
}
