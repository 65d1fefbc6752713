// A modal dialog: React Aria's Modal + Dialog (focus trap, Escape, focus restore, scroll lock).
// Import it lazily with the feature that needs it; it is not part of the first load.
import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading } from 'react-aria-components/Dialog';
import { Modal, ModalOverlay } from 'react-aria-components/Modal';

export function Dialog({
  title,
  isOpen,
  onOpenChange,
  isDismissable = true,
  role = 'dialog',
  children,
}: {
  title: ReactNode;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  isDismissable?: boolean;
  /** alertdialog for destructive confirmations. */
  role?: 'dialog' | 'alertdialog';
  children: ReactNode | ((close: () => void) => ReactNode);
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      className="fixed inset-0 z-50 flex items-end justify-center bg-slate-950/60 p-0 sm:items-center sm:p-4"
    >
      <Modal className="max-h-[90dvh] w-full overflow-y-auto rounded-t-xl bg-white p-5 text-slate-900 shadow-xl outline-none sm:max-w-lg sm:rounded-xl dark:bg-slate-900 dark:text-slate-100">
        <AriaDialog role={role} className="outline-none">
          {({ close }) => (
            <>
              <Heading slot="title" className="text-lg font-semibold">
                {title}
              </Heading>
              <div className="mt-3">
                {typeof children === 'function' ? children(close) : children}
              </div>
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
