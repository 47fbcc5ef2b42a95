import { useId, useState } from 'react';
import { errorText } from '../../../api/client';
import { InlineError, Modal, ModalCancelButton, showToast } from '../../../kit';
import { useCreateRole, type RoleJson } from '../api/journeysApi';
import { NEW_ROLE_PURPOSES, PURPOSE_LABELS, ROLE_NAME_MAX, suggestPlural, validateNewRole, type NewRoleForm, type NewRolePurpose } from './roleRules';

export interface NewRoleModalProps {
  tagId: number;
  existing: readonly RoleJson[];
  onCreated: (role: RoleJson) => void;
  onClose: () => void;
}

/** The new-role modal: a name, its plural (suggested as you type) and what the role does. */
export function NewRoleModal({ tagId, existing, onCreated, onClose }: NewRoleModalProps) {
  const id = useId();
  const [form, setForm] = useState<NewRoleForm>({ name: '', plural_name: '', purpose: 'other' });
  const [pluralTouched, setPluralTouched] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<keyof NewRoleForm, string>>>({});
  const create = useCreateRole();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = validateNewRole(form, existing);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      { role: { name: form.name.trim(), plural_name: form.plural_name.trim(), purpose: form.purpose }, tag_id: tagId },
      {
        onSuccess: (answer) => {
          onCreated(answer.role);
          onClose();
        },
        onError: (error) => showToast({ type: 'error', text: errorText(error) }),
      },
    );
  };
  const dirty = form.name !== '' || form.plural_name !== '';
  return (
    <Modal
      title="New role"
      onClose={onClose}
      size="small"
      className="jr-modal"
      confirmOnCancel={dirty}
      footer={
        <>
          <ModalCancelButton />
          <button type="submit" form={`${id}-form`} className="button button-primary" disabled={create.isPending}>
            {create.isPending ? 'Adding…' : 'Add role'}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate>
        <p className="muted">Roles are the people around the person on the journey: their manager, a buddy, IT. Messages can go to a role, and intros introduce roles.</p>
        <div className={`form-field${errors.name ? ' has-error' : ''}`}>
          <label htmlFor={`${id}-name`}>Name</label>
          <input
            id={`${id}-name`}
            value={form.name}
            maxLength={ROLE_NAME_MAX + 10}
            placeholder="Buddy"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${id}-name-err` : undefined}
            onChange={(e) => setForm({ ...form, name: e.target.value, plural_name: pluralTouched ? form.plural_name : suggestPlural(e.target.value) })}
          />
          {errors.name && (
            <InlineError id={`${id}-name-err`} variant="text">
              {errors.name}
            </InlineError>
          )}
        </div>
        <div className={`form-field${errors.plural_name ? ' has-error' : ''}`}>
          <label htmlFor={`${id}-plural`}>Plural</label>
          <input
            id={`${id}-plural`}
            value={form.plural_name}
            placeholder="Buddies"
            aria-invalid={errors.plural_name ? true : undefined}
            aria-describedby={errors.plural_name ? `${id}-plural-err` : undefined}
            onChange={(e) => {
              setPluralTouched(true);
              setForm({ ...form, plural_name: e.target.value });
            }}
          />
          {errors.plural_name && (
            <InlineError id={`${id}-plural-err`} variant="text">
              {errors.plural_name}
            </InlineError>
          )}
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-purpose`}>What they do</label>
          <select id={`${id}-purpose`} value={form.purpose} onChange={(e) => setForm({ ...form, purpose: e.target.value as NewRolePurpose })}>
            {NEW_ROLE_PURPOSES.map((p) => (
              <option key={p} value={p}>
                {PURPOSE_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
      </form>
    </Modal>
  );
}
