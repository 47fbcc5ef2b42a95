import { useQueryClient } from '@tanstack/react-query';
import { Trash2, UserPlus } from 'lucide-react';
import { Avatar, openModal, toastSuccess } from '../../../kit';
import { tagKey, type Flow, type RoleJson, type TagDetail } from '../api/journeysApi';
import { PURPOSE_LABELS } from './roleRules';
import { DeleteRoleModal } from './DeleteRoleModal';
import { NewRoleModal } from './NewRoleModal';

/** The journey's roles, the events each gets, and how each is filled at enrolment. */
export function RolesTab({ flow, data }: { flow: Flow; data: TagDetail }) {
  const queryClient = useQueryClient();
  const { tag, events } = data;
  const inJourney = tag.roleIds.map((id) => data.roles.find((r) => r.id === id)).filter((r): r is RoleJson => Boolean(r));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: tagKey(flow, tag.id) });

  const addNew = () =>
    openModal((close) => (
      <NewRoleModal
        tagId={tag.id}
        existing={data.roles}
        onClose={close}
        onCreated={(role) => {
          toastSuccess(`Added ${role.name} to ${tag.name}.`);
          // The server adds it to the journey (tag_id); make sure the page says so even before the refetch.
          queryClient.setQueryData<TagDetail>(tagKey(flow, tag.id), (old) =>
            old ? { ...old, roles: [...old.roles.filter((r) => r.id !== role.id), role], tag: { ...old.tag, roleIds: old.tag.roleIds.includes(role.id) ? old.tag.roleIds : [...old.tag.roleIds, role.id] } } : old,
          );
          refresh();
        }}
      />
    ));

  const remove = (role: RoleJson) =>
    openModal((close) => (
      <DeleteRoleModal
        flow={flow}
        tagId={tag.id}
        role={role}
        journeyName={tag.name}
        events={events}
        onClose={close}
        onDeleted={() => toastSuccess(`Removed ${role.name} from ${tag.name}.`)}
      />
    ));

  return (
    <div className="roles-tab">
      <div className="toolbar">
        <p className="muted toolbar-text">Who takes part besides the person on the journey. Each role is filled when someone is enrolled.</p>
        <span className="toolbar-spacer" />
        <button type="button" className="button button-secondary" onClick={addNew}>
          <UserPlus size={16} aria-hidden="true" /> New role
        </button>
      </div>
      <ul className="role-grid" aria-label="Roles in this journey">
        {inJourney.map((role) => {
          const gets = events.filter((e) => e.active && e.role === role.id).length;
          const about = events.filter((e) => e.active && e.role_ids.includes(role.id)).length;
          const selection = tag.role_selection_settings[String(role.id)];
          return (
            <li key={role.id} className="card role-card">
              <div className="role-card-head">
                {/* The role's initials on a tint, as a person without a picture is drawn (decorative: the name is beside it). */}
                <Avatar person={{ name: role.name, slack_user_id: '' }} size={38} />
                <div>
                  <h3 className="subsection-title role-name">{role.name}</h3>
                  <p className="muted small">{role.primary ? 'Who the journey is for' : PURPOSE_LABELS[role.purpose]}</p>
                </div>
                {!role.primary && (
                  <button type="button" className="icon-button role-remove" aria-label={`Remove ${role.name}`} title="Remove" onClick={() => remove(role)}>
                    <Trash2 size={16} aria-hidden="true" />
                  </button>
                )}
              </div>
              <dl className="role-facts">
                <div>
                  <dt className="eyebrow-text">Gets</dt>
                  <dd className="strong-text small">{gets === 1 ? '1 message' : `${gets} messages`}</dd>
                </div>
                <div>
                  <dt className="eyebrow-text">Introduced in</dt>
                  <dd className="strong-text small">{about === 1 ? '1 intro' : `${about} intros`}</dd>
                </div>
                <div>
                  <dt className="eyebrow-text">Filled by</dt>
                  <dd className="strong-text small">{role.primary ? 'Enrolment' : selectionLabel(selection?.method)}</dd>
                </div>
              </dl>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function selectionLabel(method: string | undefined): string {
  switch (method) {
    case 'specific_user':
      return 'A specific person';
    case 'selected_by_role':
      return 'Chosen by another role';
    case 'selected_by_user':
      return 'Chosen by someone';
    case 'from_channel':
      return 'Picked from a channel';
    default:
      return 'Whoever enrols them';
  }
}
