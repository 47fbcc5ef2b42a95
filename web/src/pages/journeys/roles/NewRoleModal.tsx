import { useId, useState } from 'react';
import { errorText } from '../../../api/client';
import { Modal, ModalCancelButton, Select, showToast, TextField } from '../../../kit';
import { useCreateRole, type RoleJson } from '../api/journeysApi';
import { NEW_ROLE_PURPOSES, PURPOSE_LABELS, ROLE_NAME_MAX, suggestPlural, validateNewRole, type NewRoleForm, type NewRolePurpose } from './roleRules';

export interface NewRoleModalProps {
  tagId: number;
  existing: readonly RoleJson[];
  onCreated: (role: RoleJson) => void;
  onClose: () => void;
}

const PURPOSE_OPTIONS = NEW_ROLE_PURPOSES.map((p) => ({ value: p, label: PURPOSE_LABELS[p] }));

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
      <form id={`${id}-form`} className="jr-stack" onSubmit={submit} noValidate>
        <p className="muted">Roles are the people around the person on the journey: their manager, a buddy, IT. Messages can go to a role, and intros introduce roles.</p>
        <TextField
          label="Name"
          value={form.name}
          maxLength={ROLE_NAME_MAX}
          placeholder="Buddy"
          error={errors.name}
          onChange={(name) => setForm({ ...form, name, plural_name: pluralTouched ? form.plural_name : suggestPlural(name) })}
        />
        <TextField
          label="Plural"
          value={form.plural_name}
          placeholder="Buddies"
          error={errors.plural_name}
          onChange={(plural_name) => {
            setPluralTouched(true);
            setForm({ ...form, plural_name });
          }}
        />
        <Select label="What they do" options={PURPOSE_OPTIONS} value={[form.purpose]} onChange={(v) => v[0] && setForm({ ...form, purpose: v[0] as NewRolePurpose })} />
      </form>
    </Modal>
  );
}
