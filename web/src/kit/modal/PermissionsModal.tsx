import type { MissingScope } from '../../api/client';
import { Modal, ModalCancelButton } from './Modal';
import { openModal } from './store';

/** Where "Reinstall Hearth" goes: the server sends it on to the install (or the app's settings, for one workspace). */
export const REINSTALL_PATH = '/slack/reinstall';

const FALLBACK_TEXT = 'Hearth is missing a Slack permission. An admin needs to reinstall Hearth to grant it.';

export interface PermissionsModalProps extends MissingScope {
  onClose: () => void;
}

/**
 * journeys.md §6: a missing Slack permission opens the permissions modal, with an optional Cancel. The server's
 * words name the permission (src/outbox/reasons.ts), so the modal and the failed deliveries say it the same way.
 */
export function PermissionsModal({ message, onClose }: PermissionsModalProps) {
  return (
    <Modal
      title="Hearth needs another Slack permission"
      onClose={onClose}
      size="small"
      className="permissions-modal"
      footer={
        <>
          <ModalCancelButton />
          <a className="button button-primary" href={REINSTALL_PATH}>
            Reinstall Hearth
          </a>
        </>
      }
    >
      <p>{message ?? FALLBACK_TEXT}</p>
    </Modal>
  );
}

/** Opens the permissions modal (the shell hands it the API client's 424s that name a missing scope). */
export function openPermissionsModal(missing: MissingScope): number {
  return openModal((close) => <PermissionsModal {...missing} onClose={close} />);
}
