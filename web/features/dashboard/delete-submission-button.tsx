// A row's quiet Delete of one submission (the submissions list, a practice's practitioners): it
// names whose submission for screen readers and opens the delete dialog for it.
import { Button } from '../../ui/button.tsx';
import type { SubmissionToDelete } from './delete-submission-dialog.tsx';

export function DeleteSubmissionButton({
  target,
  onDelete,
}: {
  target: SubmissionToDelete;
  onDelete: (target: SubmissionToDelete) => void;
}) {
  return (
    <Button
      variant="quiet-destructive"
      className="px-3"
      aria-label={`Delete ${target.practitionerName}'s submission`}
      onPress={() => onDelete(target)}
    >
      Delete
    </Button>
  );
}
