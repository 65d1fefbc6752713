// A centred modal dialog on React Aria (focus trap, Escape, focus return, aria-modal).
// `alert` makes it an alertdialog for confirmations of destructive actions.
import type { ReactNode } from 'react';
import { Dialog, Heading } from 'react-aria-components/Dialog';
import { Modal, ModalOverlay } from 'react-aria-components/Modal';

export function ModalDialog({
  isOpen,
  onOpenChange,
  title,
  alert = false,
  isDismissable = true,
  children,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  alert?: boolean;
  /** False while a call is running, so a click outside cannot lose its outcome. */
  isDismissable?: boolean;
  children: ReactNode;
}) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={!isDismissable}
      className="fixed inset-0 z-40 flex items-center justify-center overflow-y-auto bg-slate-950/60 p-4"
    >
      <Modal className="w-full max-w-lg rounded-lg border border-slate-200 bg-white text-slate-900 shadow-xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
        <Dialog role={alert ? 'alertdialog' : 'dialog'} className="p-5 outline-none sm:p-6">
          <Heading slot="title" className="text-lg font-semibold">
            {title}
          </Heading>
          <div className="mt-3">{children}</div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
