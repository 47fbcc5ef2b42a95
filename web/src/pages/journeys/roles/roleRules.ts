import type { RoleJson, RolePurpose, ScheduleEventJson } from '../api/journeysApi';

export const ROLE_NAME_MAX = 40;

export const PURPOSE_LABELS: Record<RolePurpose, string> = {
  primary: 'The person on the journey',
  manager: 'Manager',
  buddy: 'Buddy',
  mentor: 'Mentor',
  people_team: 'People team',
  it: 'IT',
  other: 'Other',
};

/** Purposes a new role can have (there is one primary role per journey). */
export type NewRolePurpose = Exclude<RolePurpose, 'primary'>;
export const NEW_ROLE_PURPOSES: readonly NewRolePurpose[] = ['manager', 'buddy', 'mentor', 'people_team', 'it', 'other'];

/** "Buddy" → "Buddies", "Manager" → "Managers", "Boss" → "Bosses". */
export function suggestPlural(name: string): string {
  const n = name.trim();
  if (!n) return '';
  if (/[^aeiou]y$/i.test(n)) return `${n.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(n)) return `${n}es`;
  return `${n}s`;
}

export interface NewRoleForm {
  name: string;
  plural_name: string;
  purpose: NewRolePurpose;
}

export function validateNewRole(form: NewRoleForm, existing: readonly RoleJson[]): Partial<Record<keyof NewRoleForm, string>> {
  const errors: Partial<Record<keyof NewRoleForm, string>> = {};
  const name = form.name.trim();
  const plural = form.plural_name.trim();
  if (!name) errors.name = 'Give the role a name.';
  else if (name.length > ROLE_NAME_MAX) errors.name = `Keep it under ${ROLE_NAME_MAX} characters.`;
  else if (existing.some((r) => r.name.trim().toLowerCase() === name.toLowerCase())) errors.name = `There is already a role called ${name}.`;
  if (!plural) errors.plural_name = 'Say what several of them are called.';
  else if (plural.length > ROLE_NAME_MAX) errors.plural_name = `Keep it under ${ROLE_NAME_MAX} characters.`;
  return errors;
}

/**
 * Whether a role can leave a journey: never the primary role, and not while active events go to it or introduce
 * it (those are listed, to move or deactivate first).
 */
export function roleRemoval(role: RoleJson, events: readonly ScheduleEventJson[]): { allowed: true } | { allowed: false; reason: string; blocking: ScheduleEventJson[] } {
  if (role.primary) return { allowed: false, reason: `${role.name} is who the journey is for, so it cannot be removed.`, blocking: [] };
  const blocking = events.filter((e) => e.active && (e.role === role.id || e.role_ids.includes(role.id)));
  if (blocking.length > 0)
    return { allowed: false, reason: `${blocking.length === 1 ? 'One active message uses' : `${blocking.length} active messages use`} ${role.name}. Send them to another role or deactivate them first.`, blocking };
  return { allowed: true };
}
