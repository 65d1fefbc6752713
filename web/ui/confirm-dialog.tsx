// A confirmation dialog on the native <dialog> element: modal, focus trapped by the browser,
// Escape cancels. The practitioner's wizard uses this one rather than ui/dialog.tsx (React
// Aria's Modal) because it costs nothing against the first-load budget. Open it with `open`; it
// reports the choice through onConfirm / onCancel. Its buttons are native (decision 099): the
// wizard renders its closed dialogs again on every move between pages.
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { buttonClass } from './button-class.ts';

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  extraAction,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  /** A third choice, shown between cancel and confirm. */
  extraAction?: { label: string; onPress: () => void };
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // The safe choice has the focus, whatever the browser's own dialog focusing picks.
      cancel.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-2 text-sm text-slate-700 dark:text-slate-300">{children}</div>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button ref={cancel} type="button" className={buttonClass('secondary')} onClick={onCancel}>
          {cancelLabel}
        </button>
        {extraAction && (
          <button type="button" className={buttonClass('secondary')} onClick={extraAction.onPress}>
            {extraAction.label}
          </button>
        )}
        <button
          type="button"
          className={buttonClass(destructive ? 'destructive' : 'primary')}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
