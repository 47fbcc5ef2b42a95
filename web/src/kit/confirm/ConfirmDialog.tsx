import { useState, type ReactNode } from 'react';
import { Modal, ModalCancelButton } from '../modal/Modal';
import { openModal } from '../modal/store';
import { Spinner, WarningIcon } from '../icons';
import './confirm.css';

export interface ConfirmDialogProps {
  title: ReactNode;
  /** What will happen, in plain words ("12 group DMs to 24 people in #intros"). */
  children?: ReactNode;
  /** The action's name on the button ("Send now", "Delete program"). Never just "OK". */
  confirmText: string;
  cancelText?: string;
  /** A destructive action: red button and a warning icon. */
  danger?: boolean;
  /** Runs on confirm. If it returns a promise the button shows a spinner until it settles; a rejection keeps the dialog open. */
  onConfirm: () => void | Promise<unknown>;
  onClose: () => void;
}

/** Asks before doing something that cannot be undone or reaches people; says who and where. */
export function ConfirmDialog({ title, children, confirmText, cancelText = 'Cancel', danger, onConfirm, onClose }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // whoever threw has said what went wrong (the API client toasts); stay open to try again
      setBusy(false);
    }
  };
  return (
    <Modal
      title={
        danger ? (
          <>
            <span className="modal-title-icon warning" aria-hidden="true">
              <WarningIcon />
            </span>
            {title}
          </>
        ) : (
          title
        )
      }
      onClose={busy ? () => undefined : onClose}
      size="small"
      className="kit-confirm"
      footer={
        <>
          <ModalCancelButton>{cancelText}</ModalCancelButton>
          <button type="button" className={danger ? 'button button-danger' : 'button button-primary'} disabled={busy} aria-busy={busy || undefined} onClick={() => void confirm()}>
            {busy && <Spinner title="" />} {confirmText}
          </button>
        </>
      }
    >
      <div className="kit-confirm-body">{children}</div>
    </Modal>
  );
}

/**
 * Opens a ConfirmDialog from anywhere and resolves true when confirmed, false when cancelled.
 * `if (await confirmAction({ title: 'Delete this program?', confirmText: 'Delete', danger: true })) …`
 */
export function confirmAction(props: Omit<ConfirmDialogProps, 'onClose' | 'onConfirm'> & { onConfirm?: ConfirmDialogProps['onConfirm'] }): Promise<boolean> {
  return new Promise((resolve) => {
    let confirmed = false;
    openModal((close) => (
      <ConfirmDialog
        {...props}
        onConfirm={async () => {
          await props.onConfirm?.();
          confirmed = true;
        }}
        onClose={() => {
          close();
          resolve(confirmed);
        }}
      />
    ));
  });
}
