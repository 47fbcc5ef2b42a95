import { InlineError, Modal, ModalCancelButton, TemplateText } from '../../../kit';
import { useDeleteRole, type Flow, type RoleJson, type ScheduleEventJson } from '../api/journeysApi';
import { dayLabel } from '../lib/schedule';
import { roleRemoval } from './roleRules';

export interface DeleteRoleModalProps {
  flow: Flow;
  tagId: number;
  role: RoleJson;
  journeyName: string;
  events: readonly ScheduleEventJson[];
  onDeleted: () => void;
  onClose: () => void;
}

/** The delete-role modal: says what depends on the role, and only removes it when nothing active does. */
export function DeleteRoleModal({ flow, tagId, role, journeyName, events, onDeleted, onClose }: DeleteRoleModalProps) {
  const check = roleRemoval(role, events);
  const remove = useDeleteRole(flow, tagId);
  const confirm = () =>
    remove.mutate(role.id, {
      onSuccess: () => {
        onDeleted();
        onClose();
      },
    });
  return (
    <Modal
      title={`Remove ${role.name}?`}
      onClose={onClose}
      size="small"
      className="jr-modal"
      footer={
        <>
          <ModalCancelButton>{check.allowed ? 'Cancel' : 'Got it'}</ModalCancelButton>
          {check.allowed && (
            <button type="button" className="button button-danger" disabled={remove.isPending} onClick={confirm}>
              {remove.isPending ? 'Removing…' : 'Remove role'}
            </button>
          )}
        </>
      }
    >
      {check.allowed ? (
        <p>
          {role.plural_name} will no longer be part of <strong>{journeyName}</strong>. Nobody already enrolled loses a message: no active message uses this role.
        </p>
      ) : (
        <>
          <InlineError variant="text">{check.reason}</InlineError>
          {check.blocking.length > 0 && (
            <ul className="compact-list">
              {check.blocking.map((e) => (
                <li key={e.id}>
                  <TemplateText text={e.title} /> <span className="muted">· {dayLabel(e.days_later)}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Modal>
  );
}
