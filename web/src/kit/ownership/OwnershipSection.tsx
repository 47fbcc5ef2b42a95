import { useMemo, useState, type ReactNode } from 'react';
import { Select } from '../select/Select';
import type { SelectOption } from '../select/options';
import { Spinner } from '../icons';
import { useSaveOwnership } from './ownershipApi';
import './ownership.css';

export interface OwnershipPerson {
  id: number;
  name: string;
}

/** The part of a program (ProgramJson) ownership reads: its owner and permission users with their roles. */
export interface OwnedProgram {
  owner: OwnershipPerson | null;
  permission_users: ReadonlyArray<OwnershipPerson & { role: string }>;
}

export interface OwnershipSectionProps<T> {
  program: OwnedProgram;
  /** PUT endpoint, e.g. `/coffee/12/update_ownership_as_json` (body { owner_id, editor_ids, permission_user_ids }). */
  path: string;
  /** Called with the server's answer after a save. */
  onSaved?: (answer: T) => void;
  /** Show "People with access" (view-only) as well as editors (default true). */
  viewers?: boolean;
  /** More people to offer before anyone types (members of the program). */
  people?: readonly OwnershipPerson[];
  /** The sentence under the heading. */
  description?: ReactNode;
  title?: ReactNode;
  /** Where the people search goes (default /people/search). */
  searchPath?: string;
}

/**
 * "Ownership" on a program's settings: owner, editors and (optionally) people with access, saved with one
 * button to the program's update_ownership endpoint; the house success toast after.
 */
export function OwnershipSection<T = unknown>({
  program,
  path,
  onSaved,
  viewers = true,
  people = [],
  description = 'The owner and editors can change this program; people with access can see it.',
  title = 'Ownership',
  searchPath = '/people/search',
}: OwnershipSectionProps<T>) {
  const known = useMemo(() => {
    const byId = new Map<string, SelectOption>();
    for (const p of [program.owner, ...program.permission_users, ...people]) if (p) byId.set(String(p.id), { id: String(p.id), name: p.name });
    return [...byId.values()].sort((a, b) => String(a.name).localeCompare(String(b.name)));
  }, [program, people]);
  const initial = () => ({
    owner: program.owner ? String(program.owner.id) : '',
    editors: program.permission_users.filter((p) => p.role === 'editor').map((p) => String(p.id)),
    viewers: program.permission_users.filter((p) => p.role === 'permission_user').map((p) => String(p.id)),
  });
  const [form, setForm] = useState(initial);
  const saveOwnership = useSaveOwnership<T>(path);
  const saving = saveOwnership.isPending;
  const changed = JSON.stringify(form) !== JSON.stringify(initial());
  const remote = useMemo(() => ({ path: searchPath }), [searchPath]);

  const save = () => {
    if (!form.owner) return;
    saveOwnership.mutate({ owner_id: Number(form.owner), editor_ids: form.editors.map(Number), permission_user_ids: form.viewers.map(Number) }, { onSuccess: (answer) => onSaved?.(answer) });
  };

  return (
    <section className="card kit-ownership" aria-label="Ownership">
      <h2 className="kit-ownership-title">{title}</h2>
      {description && <p className="kit-ownership-lead">{description}</p>}
      <div className="kit-ownership-fields">
        <Select label="Owner" remote={remote} valueKey="id" labelKey="name" knownOptions={known} value={form.owner} placeholder="Search people…" onChange={(v) => setForm((f) => ({ ...f, owner: v[0] ?? f.owner }))} />
        <Select label="Editors" multiple remote={remote} valueKey="id" labelKey="name" knownOptions={known} value={form.editors} placeholder="Add editors…" onChange={(v) => setForm((f) => ({ ...f, editors: v }))} />
        {viewers && (
          <Select label="People with access" multiple remote={remote} valueKey="id" labelKey="name" knownOptions={known} value={form.viewers} placeholder="Add people…" onChange={(v) => setForm((f) => ({ ...f, viewers: v }))} />
        )}
      </div>
      <div className="kit-ownership-actions">
        <button type="button" className="button button-secondary" disabled={!changed || saving || !form.owner} onClick={save}>
          {saving && <Spinner title="" />} Save ownership
        </button>
      </div>
    </section>
  );
}
