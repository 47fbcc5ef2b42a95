import { describe, expect, it } from 'vitest';
import { TOO_MANY_ROWS_TEXT } from '../../../../src/enrollment/api-constants';
import { addRows, deleteRow, newRow, participantEmails, rowFromSaved, setJourneys, setMembership, submission, withManagers, type FormState } from './manualForm';

const PRIMARY = 1;
const MANAGER = 2;
const BUDDY = 3;

describe('manual enrollment form rules', () => {
  it('starts a row with the time zone "Import from Slack" (sync)', () => {
    expect(newRow([5], PRIMARY).time_zone).toEqual({ label: 'Import from Slack', value: 'sync' });
    expect(typeof newRow([5], PRIMARY).id).toBe('string');
  });

  it('setting a user clears the role selection, and setting a role selection clears the user', () => {
    let row = setMembership(newRow([5], PRIMARY), MANAGER, { role_selection: { selector_role_id: PRIMARY } });
    expect(row.memberships.find((m) => m.role_id === MANAGER)).toMatchObject({ user_id: null, role_selection: { selector_role_id: PRIMARY } });
    row = setMembership(row, MANAGER, { user_id: 42, user_name: 'Lena' });
    expect(row.memberships.find((m) => m.role_id === MANAGER)).toMatchObject({ user_id: 42, role_selection: null });
    row = setMembership(row, MANAGER, { role_selection: { channel_id: 'C1' } });
    expect(row.memberships.find((m) => m.role_id === MANAGER)).toMatchObject({ user_id: null, role_selection: { channel_id: 'C1' } });
  });

  it('adding journeys applies their role-selection defaults; preserve keeps memberships already set', () => {
    const settings = { [String(MANAGER)]: { method: 'specific_user' as const, user_id: 7 }, [String(BUDDY)]: { method: 'from_channel' as const, channel_id: 'C9' } };
    const withManager = setMembership(newRow([], PRIMARY), MANAGER, { user_id: 42 });
    const kept = setJourneys(withManager, [5], () => settings, true);
    expect(kept.tag_ids).toEqual([5]);
    expect(kept.memberships.find((m) => m.role_id === MANAGER)!.user_id).toBe(42);
    expect(kept.memberships.find((m) => m.role_id === BUDDY)!.role_selection).toEqual({ selector_id: null, selector_role_id: null, channel_id: 'C9' });
    expect(setJourneys(withManager, [5], () => settings, false).memberships.find((m) => m.role_id === MANAGER)!.user_id).toBe(7);
    // Journeys already on the row apply nothing again.
    expect(setJourneys(kept, [5], () => ({ [String(MANAGER)]: { method: 'specific_user', user_id: 99 } }), false)).toEqual({ ...kept, tag_ids: [5] });
  });

  it('deleting a saved session adds it to session_ids_to_delete; an unsaved one is just removed', () => {
    const unsaved = newRow([5], PRIMARY);
    const state: FormState = { rows: [{ ...newRow([5], PRIMARY), id: 12 }, unsaved], session_ids_to_delete: [] };
    expect(deleteRow(state, 12)).toEqual({ rows: [unsaved], session_ids_to_delete: [12] });
    expect(deleteRow(state, unsaved.id).session_ids_to_delete).toEqual([]);
  });

  it('refuses more than 2000 rows with the spec text', () => {
    const state: FormState = { rows: Array.from({ length: 1999 }, () => newRow([5], PRIMARY)), session_ids_to_delete: [] };
    expect('rows' in addRows(state, [newRow([5], PRIMARY)])).toBe(true);
    expect(addRows(state, [newRow([5], PRIMARY), newRow([5], PRIMARY)])).toEqual({ error: TOO_MANY_ROWS_TEXT });
  });

  it('submits numeric ids for saved sessions only, and leaves empty memberships out', () => {
    const saved = { ...setMembership(newRow([5], PRIMARY, '2026-03-09'), PRIMARY, { user_id: 3 }), id: 12 };
    const fresh = setMembership(newRow([5], PRIMARY, '2026-03-10'), PRIMARY, { email: ' New@Example.com ', first_name: 'New' });
    const body = submission({ rows: [saved, fresh], session_ids_to_delete: [4] }, 'manual', true);
    expect(body.sessions[0]).toMatchObject({ id: 12, start_date: '2026-03-09', time_zone_name: 'sync', memberships: [{ role_id: PRIMARY, user_id: 3 }] });
    expect(body.sessions[1]).not.toHaveProperty('id');
    expect(body.sessions[1]!.memberships).toEqual([{ role_id: PRIMARY, user_id: null, email: 'New@Example.com', first_name: 'New', last_name: null, personal_email: null, role_selection: null }]);
    expect(body).toMatchObject({ session_ids_to_delete: [4], preserve: true, source: 'manual' });
  });

  it('opens a saved session as a row with its id; changing it sends every role it lists, an emptied one as empty', () => {
    const row = rowFromSaved({
      id: 77,
      start_date: '2026-04-06',
      tag_ids: [5],
      time_zone_name: 'America/New_York',
      memberships: [
        { role_id: PRIMARY, user_id: 10, user_name: 'Olivia', email: null, role_selection: null },
        { role_id: MANAGER, user_id: 11, user_name: 'Lena', email: null, role_selection: null },
        { role_id: BUDDY, user_id: null, user_name: null, email: null, role_selection: { selector_role_id: MANAGER } },
      ],
    });
    expect(row).toMatchObject({ id: 77, time_zone: { label: 'New York', value: 'America/New_York' } });
    expect(rowFromSaved({ id: 1, start_date: '2026-04-06', tag_ids: [5], time_zone_name: 'sync', memberships: [] }).time_zone).toEqual({ label: 'Import from Slack', value: 'sync' });
    const changed = setMembership(setMembership(row, MANAGER, { user_id: null }), BUDDY, { user_id: 12, user_name: 'Kai' });
    const body = submission({ rows: [changed], session_ids_to_delete: [] }, 'manual', false);
    expect(body.preserve).toBe(false);
    expect(body.sessions[0]).toMatchObject({ id: 77, start_date: '2026-04-06', time_zone_name: 'America/New_York' });
    expect(body.sessions[0]!.memberships.map((m) => [m.role_id, m.user_id, m.role_selection])).toEqual([
      [PRIMARY, 10, null],
      [MANAGER, null, null],
      [BUDDY, 12, null],
    ]);
    // A new row still leaves out roles nobody is set for.
    expect(submission({ rows: [newRow([5], PRIMARY)], session_ids_to_delete: [] }, 'manual', true).sessions[0]!.memberships).toEqual([]);
  });

  it('the HR-manager import fills each empty manager from the HR system by the participant’s email, keeping one chosen', () => {
    const a = setMembership(newRow([5], PRIMARY), PRIMARY, { email: ' Maya@Acme.example ' });
    const b = setMembership(setMembership(newRow([5], PRIMARY), PRIMARY, { email: 'jonas@acme.example' }), MANAGER, { user_id: 7, user_name: 'Lena' });
    const c = setMembership(newRow([5], PRIMARY), PRIMARY, { email: 'nobody@acme.example' });
    const state: FormState = { rows: [a, b, c], session_ids_to_delete: [] };
    expect(participantEmails(state, PRIMARY)).toEqual(['maya@acme.example', 'jonas@acme.example', 'nobody@acme.example']);
    const managers = new Map([
      ['maya@acme.example', { id: 12, name: 'Kai' }],
      ['jonas@acme.example', { id: 12, name: 'Kai' }],
    ]);
    const { state: next, filled } = withManagers(state, PRIMARY, MANAGER, managers);
    expect(filled).toBe(1);
    expect(next.rows.map((r) => r.memberships.find((m) => m.role_id === MANAGER)?.user_id ?? null)).toEqual([12, 7, null]);
  });
});
