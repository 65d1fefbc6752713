// Deleting a practice (decision 127): staff choose for every practitioner's submission — keep it
// as a lone application or delete it with everything, as the review page's delete does — see the
// list with each choice, and confirm. The practice's details, shared documents and invitations
// go in every case. A submission sent meanwhile makes the server refuse; the page reloads.
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import type {
  StaffPracticeDetail,
  StaffPracticeSubmission,
} from '../../../schema/practice-admin-api.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Field, inputClass } from '../../ui/field.tsx';
import { toast } from '../../ui/toast.tsx';
import { errorMessage } from '../dashboard/presentation.ts';
import { deletePractice } from './practice-desk-api.ts';

type Choice = 'keep' | 'delete';

const nameOf = (s: StaffPracticeSubmission) => `${s.firstName} ${s.lastName}`;

export function DeletePracticeDialog({
  open,
  practice,
  submissions,
  onClose,
}: {
  open: boolean;
  practice: StaffPracticeDetail['practice'];
  submissions: StaffPracticeSubmission[];
  onClose: () => void;
}) {
  const router = useRouter();
  const navigate = useNavigate();
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const toDelete = submissions.filter((s) => choices[s.submissionId] === 'delete').length;
  const toKeep = submissions.filter((s) => choices[s.submissionId] === 'keep').length;
  const undecided = submissions.length - toDelete - toKeep;

  async function confirm() {
    if (undecided > 0) {
      setMissing(true);
      return;
    }
    setBusy(true);
    try {
      const result = await deletePractice(practice.id, {
        submissions: submissions.map((s) => ({
          submissionId: s.submissionId,
          action: choices[s.submissionId]!,
        })),
      });
      toast({
        title: 'Practice deleted',
        description: `${result.kept} kept as lone applications, ${result.deleted} deleted.`,
      });
      onClose();
      // Leave the deleted practice's page before the reads (the list among them) are reloaded.
      await navigate({ to: '/dashboard/practices' });
      void router.invalidate();
    } catch (error) {
      toast({
        title: 'The practice was not deleted',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
      onClose();
      void router.invalidate();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      isOpen={open}
      onOpenChange={(isOpen) => {
        if (!isOpen && !busy) onClose();
      }}
      isDismissable={!busy}
      title={`Delete ${practice.name}?`}
      role="alertdialog"
    >
      <Alert tone="error" title="This action cannot be undone.">
        The practice's details, its shared documents and every invitation are erased; the manager's
        and the invitations' links stop working.
      </Alert>
      {submissions.length > 0 ? (
        <fieldset className="mt-4 space-y-3">
          <legend className="text-sm font-medium">
            What should happen to each practitioner's application?
          </legend>
          {submissions.map((s) => (
            <Field
              key={s.submissionId}
              label={`${nameOf(s)} (ref. ${s.reference})`}
              error={missing && !choices[s.submissionId] ? 'Choose keep or delete' : undefined}
            >
              <select
                value={choices[s.submissionId] ?? ''}
                onChange={(e) =>
                  setChoices((all) => ({ ...all, [s.submissionId]: e.target.value as Choice }))
                }
                className={inputClass}
              >
                <option value="" disabled>
                  Choose…
                </option>
                <option value="keep">Keep as a lone application</option>
                <option value="delete">Delete it with everything that belongs to it</option>
              </select>
            </Field>
          ))}
          <p className="text-sm" aria-live="polite">
            {toKeep} kept, {toDelete} deleted
            {undecided > 0 ? `, ${undecided} still to choose` : ''}.
          </p>
        </fieldset>
      ) : (
        <p className="mt-4 text-sm">No practitioner has sent an application yet.</p>
      )}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onPress={onClose} isDisabled={busy} autoFocus>
          No, keep the practice
        </Button>
        <Button variant="destructive" onPress={() => void confirm()} isDisabled={busy}>
          {busy ? 'Deleting...' : 'Yes, delete the practice'}
        </Button>
      </div>
    </Dialog>
  );
}
