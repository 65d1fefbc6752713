// Delete submission dialog (docs/product.md#screens-and-routes, #errors): a strong warning, the
// full list of what goes, and
// the toasts. On success the lists and stats are refreshed.
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { submissionDeletion } from '../../../schema/staff-endpoints.ts';
import { request } from '../../lib/api-client.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { toast } from '../../ui/toast.tsx';
import { errorMessage } from './presentation.ts';

export type SubmissionToDelete = { id: string; practitionerName: string };

export function DeleteSubmissionDialog({
  target,
  onClose,
  onDeleted,
}: {
  target: SubmissionToDelete | null;
  onClose: () => void;
  onDeleted?: () => Promise<void>;
}) {
  const [deleting, setDeleting] = useState(false);
  const router = useRouter();

  async function confirm() {
    if (!target) return;
    setDeleting(true);
    try {
      await request(submissionDeletion, { params: { id: target.id } });
      toast({
        title: 'Submission deleted',
        description: 'The submission and all related data have been permanently removed.',
      });
      onClose();
      // Leave a deleted submission's page before the reads are reloaded.
      await onDeleted?.();
      void router.invalidate();
    } catch (error) {
      toast({
        title: 'Deletion failed',
        description: errorMessage(error, 'Failed to delete submission'),
        variant: 'destructive',
      });
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Dialog
      isOpen={target !== null}
      onOpenChange={(open) => {
        if (!open && !deleting) onClose();
      }}
      isDismissable={!deleting}
      title="Delete this submission permanently?"
      role="alertdialog"
    >
      <Alert tone="error" title="This action cannot be undone.">
        {target ? `The application of ${target.practitionerName} ` : 'The application '}
        and everything that belongs to it will be erased for good. There is no way to restore it.
      </Alert>
      <p className="mt-4 text-sm font-medium">The following will be permanently removed:</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        <li>The submission record</li>
        <li>All uploaded documents</li>
        <li>POPIA consent records</li>
        <li>Medical aid statuses</li>
        <li>Status events and audit logs</li>
        <li>The practitioner profile, if they have no other submissions</li>
      </ul>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onPress={onClose} isDisabled={deleting} autoFocus>
          No, Cancel
        </Button>
        <Button variant="destructive" onPress={confirm} isDisabled={deleting}>
          {deleting ? 'Deleting...' : 'Yes, Delete Permanently'}
        </Button>
      </div>
    </Dialog>
  );
}
