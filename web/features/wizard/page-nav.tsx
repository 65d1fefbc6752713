// Continue, 'Skip for now' and Back at the foot of each page (decision 097). Continue checks
// the page and, with problems, stays and shows them; Skip moves on unchecked, the problems
// come back on check your answers and at Submit.
import { Button } from '../../ui/button.tsx';

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
      {canContinue && <Button onPress={onContinue}>Continue</Button>}
      {canSkip && (
        <Button variant="secondary" onPress={onSkip}>
          Skip for now
        </Button>
      )}
      {onBack && (
        <Button variant="ghost" onPress={onBack}>
          Back
        </Button>
      )}
    </div>
  );
}
