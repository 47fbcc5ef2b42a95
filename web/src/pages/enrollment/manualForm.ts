import type { RoleSelectionJson, SavedSessionRow } from '../../../../src/enrollment/api-types';
import { MAX_ENROLLMENT_ROWS, TOO_MANY_ROWS_TEXT } from '../../../../src/enrollment/api-constants';
import type { RoleSelectionSettings } from '../../../../src/journeys/api-types';
import { isoDate, type ResolvedRow } from '../../../../src/enrollment/csv';
import { zoneName } from '../../kit/dates';
import type { ManualEnrollmentBody, MembershipInput } from './enrollmentApi';

// The manual enrollment form's rules (journeys.md §3, §4), pure so they are tested without a browser.

export const SYNC_ZONE = { label: 'Import from Slack', value: 'sync' } as const;

export interface FormMembership {
  role_id: number;
  user_id: number | null;
  /** The picked person's name, to show it. */
  user_name?: string;
  email: string;
  first_name: string;
  last_name: string;
  personal_email: string;
  role_selection: RoleSelectionJson | null;
}

export interface FormRow {
  /** A uuid for a new row, the session's id for a saved one. */
  id: string | number;
  start_date: string;
  tag_ids: number[];
  time_zone: { label: string; value: string };
  memberships: FormMembership[];
}

export interface FormState {
  rows: FormRow[];
  session_ids_to_delete: number[];
}

const uuid = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `new-${Math.random().toString(36).slice(2)}`);

export const emptyMembership = (role_id: number): FormMembership => ({ role_id, user_id: null, email: '', first_name: '', last_name: '', personal_email: '', role_selection: null });

export function newRow(tagIds: number[], primaryRoleId: number, startDate = ''): FormRow {
  return { id: uuid(), start_date: startDate, tag_ids: tagIds, time_zone: { ...SYNC_ZONE }, memberships: [emptyMembership(primaryRoleId)] };
}

/** Adding rows beyond 2000 is refused with the spec's words. */
export function addRows(state: FormState, rows: FormRow[]): FormState | { error: string } {
  if (state.rows.length + rows.length > MAX_ENROLLMENT_ROWS) return { error: TOO_MANY_ROWS_TEXT };
  return { ...state, rows: [...state.rows, ...rows] };
}

/** Deleting a saved session adds it to session_ids_to_delete; an unsaved one is just removed. */
export function deleteRow(state: FormState, id: FormRow['id']): FormState {
  return {
    rows: state.rows.filter((r) => r.id !== id),
    session_ids_to_delete: typeof id === 'number' ? [...state.session_ids_to_delete, id] : state.session_ids_to_delete,
  };
}

/** Setting a user clears the role selection; setting a role selection clears the user. */
export function setMembership(row: FormRow, roleId: number, change: { user_id: number | null; user_name?: string } | { role_selection: RoleSelectionJson | null } | Partial<Pick<FormMembership, 'email' | 'first_name' | 'last_name' | 'personal_email'>>): FormRow {
  const existing = row.memberships.find((m) => m.role_id === roleId) ?? emptyMembership(roleId);
  let next: FormMembership = { ...existing, ...change };
  if ('user_id' in change && change.user_id !== null) next = { ...next, role_selection: null };
  if ('role_selection' in change && change.role_selection) next = { ...next, user_id: null, user_name: undefined };
  const others = row.memberships.filter((m) => m.role_id !== roleId);
  return { ...row, memberships: [...others, next].sort((a, b) => row.memberships.findIndex((m) => m.role_id === a.role_id) - row.memberships.findIndex((m) => m.role_id === b.role_id)) };
}

/** The participants' emails of the rows (lower case, each once): whom the HR-manager import asks about. */
export function participantEmails(state: FormState, primaryRoleId: number): string[] {
  return [...new Set(state.rows.map((r) => r.memberships.find((m) => m.role_id === primaryRoleId)?.email.trim().toLowerCase() ?? '').filter(Boolean))];
}

/**
 * The HR-manager import (journeys.md §2): each row whose manager role is still empty takes the manager the HR system
 * names for its participant's email; a manager already chosen is kept.
 */
export function withManagers(state: FormState, primaryRoleId: number, managerRoleId: number, managers: ReadonlyMap<string, { id: number; name: string }>): { state: FormState; filled: number } {
  let filled = 0;
  const rows = state.rows.map((row) => {
    const email = row.memberships.find((m) => m.role_id === primaryRoleId)?.email.trim().toLowerCase();
    const manager = email ? managers.get(email) : undefined;
    const current = row.memberships.find((m) => m.role_id === managerRoleId);
    if (!manager || current?.user_id != null || current?.role_selection) return row;
    filled++;
    return setMembership(row, managerRoleId, { user_id: manager.id, user_name: manager.name });
  });
  return { state: { ...state, rows }, filled };
}

/**
 * Adding journeys applies their role-selection defaults to the roles nobody is set for yet; existing
 * memberships are kept when `preserve` is set (otherwise the defaults replace them).
 */
export function setJourneys(row: FormRow, tagIds: number[], settingsOf: (tagId: number) => RoleSelectionSettings, preserve: boolean): FormRow {
  const added = tagIds.filter((id) => !row.tag_ids.includes(id));
  let next: FormRow = { ...row, tag_ids: tagIds };
  for (const tagId of added)
    for (const [roleId, setting] of Object.entries(settingsOf(tagId))) {
      const current = next.memberships.find((m) => m.role_id === Number(roleId));
      if (preserve && current && (current.user_id !== null || current.role_selection)) continue;
      if (setting.method === 'specific_user' && setting.user_id) next = setMembership(next, Number(roleId), { user_id: setting.user_id });
      else if (setting.method === 'selected_by_role' || setting.method === 'selected_by_user' || setting.method === 'from_channel')
        next = setMembership(next, Number(roleId), { role_selection: { selector_id: setting.selector_id ?? null, selector_role_id: setting.selector_role_id ?? null, channel_id: setting.channel_id ?? null } });
    }
  return next;
}

/** A saved session (GET …/manual_enrollment/sessions/{id}) as a form row: its numeric id, so submitting changes it. */
export function rowFromSaved(saved: SavedSessionRow): FormRow {
  return {
    id: saved.id,
    start_date: saved.start_date,
    tag_ids: saved.tag_ids,
    time_zone: saved.time_zone_name === 'sync' ? { ...SYNC_ZONE } : { label: zoneName(saved.time_zone_name), value: saved.time_zone_name },
    memberships: saved.memberships.map((m) => ({ ...emptyMembership(m.role_id), user_id: m.user_id, user_name: m.user_name ?? undefined, email: m.email ?? '', role_selection: m.role_selection })),
  };
}

/** CSV rows (already resolved) as form rows. */
export function rowsFromCsv(rows: readonly ResolvedRow[], primaryRoleId: number): FormRow[] {
  return rows.map((r) => ({
    id: uuid(),
    start_date: isoDate(r.start_date),
    tag_ids: r.tag_ids,
    time_zone: r.time_zone === 'sync' ? { ...SYNC_ZONE } : { label: zoneName(r.time_zone), value: r.time_zone },
    memberships: r.emails.map((e) => ({
      ...emptyMembership(e.role_id),
      user_id: r.users.get(e.role_id) ?? null,
      email: e.email,
      ...(e.role_id === primaryRoleId ? { first_name: r.first_name, last_name: r.last_name, personal_email: r.personal_email ?? '' } : {}),
    })),
  }));
}

/** The submission: sessions (numeric ids for saved ones, with every role they list) and session_ids_to_delete. */
export function submission(state: FormState, source: 'manual' | 'csv', preserve: boolean): ManualEnrollmentBody {
  return {
    sessions: state.rows.map((r) => ({
      ...(typeof r.id === 'number' ? { id: r.id } : {}),
      start_date: r.start_date,
      tag_ids: r.tag_ids,
      time_zone_name: r.time_zone.value,
      memberships: r.memberships
        // A saved session's emptied roles are sent too, so (without preserve) the server empties them.
        .filter((m) => typeof r.id === 'number' || m.user_id !== null || m.email.trim() || m.role_selection)
        .map(
          (m): MembershipInput => ({
            role_id: m.role_id,
            user_id: m.user_id,
            email: m.email.trim() || null,
            first_name: m.first_name.trim() || null,
            last_name: m.last_name.trim() || null,
            personal_email: m.personal_email.trim() || null,
            role_selection: m.role_selection,
          }),
        ),
    })),
    session_ids_to_delete: state.session_ids_to_delete,
    preserve,
    source,
  };
}
