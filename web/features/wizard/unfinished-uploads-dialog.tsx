// Asked when Submit is pressed while files are not uploaded yet: send the application when they
// are up (kept on the device until then), submit without them (only when no required file is
// among them), or go back. Outside the wizard's fieldset, like the Start over dialog.
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import type { UnfinishedFile } from './unfinished-uploads.ts';

export function UnfinishedUploadsDialog({
  files,
  onWait,
  onSubmitWithout,
  onCancel,
  canSubmitWithout = true,
}: {
  files: readonly UnfinishedFile[] | null;
  onWait: () => void;
  onSubmitWithout: () => void;
  onCancel: () => void;
  /** False when a required section has no uploaded file yet: then only waiting can submit. */
  canSubmitWithout?: boolean;
}) {
  const list = files ?? [];
  const moving = list.some((f) => f.moving);
  const without = { label: 'Submit without them', onPress: onSubmitWithout };
  return (
    <ConfirmDialog
      open={files !== null}
      title={moving ? 'Some files are still uploading' : 'Some files could not be uploaded'}
      confirmLabel={moving ? 'Send it when the files are up' : without.label}
      cancelLabel="Go back"
      extraAction={moving && canSubmitWithout ? without : undefined}
      onConfirm={moving ? onWait : onSubmitWithout}
      onCancel={onCancel}
    >
      <p>
        These files are not on our server yet. Submitted without them, they are not part of your
        application and are removed from this device.
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {list.map((f) => (
          <li key={f.id}>
            <span className="font-medium break-all">{f.name}</span> ({f.sectionLabel}):{' '}
            {f.moving ? 'still uploading' : 'upload failed'}
          </li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
