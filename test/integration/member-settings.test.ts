import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME, GLOBEX } from '../../src/sandbox/seed.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';
import { member, type Client } from './members-support.js';

interface Prefs {
  profile_fields: Array<{ id: number; category: { machine_name: string } }>;
  user_profile_entries: Array<{ field: number; text: string; category: string }>;
  manager: { id: number; slack_user_id: string } | null;
  work_hours: { beginning_time: string; end_time: string } | null;
}
interface Err {
  error: string;
  fields?: Record<string, string>;
}

/** A member's own settings (journeys.md §3, §5, §7): own only, validated, all or nothing. */
describe(`members' own settings (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let t: SandboxHearth;
  let me: Client;
  let colleague: Client;
  let stranger: Client;

  beforeAll(async () => {
    t = await startSandboxHearth();
    me = await member(t, ACME.teamId, 'U0DEMO012');
    colleague = await member(t, ACME.teamId, 'U0DEMO013');
    stranger = await member(t, GLOBEX.teamId, GLOBEX.adminUserId);
  });
  afterAll(() => t?.close());

  const mine = (path: string) => `/users/${me.memberId}${path}`;

  it('profile entries: upsert, empty text removes, unknown field or wrong category is a 400 with nothing saved', async () => {
    const start = await me.call<Prefs>('GET', mine('/preferences_as_json'));
    expect(start.user_profile_entries).toEqual([]);
    expect(start.profile_fields.length).toBeGreaterThan(3);

    let p = await me.call<Prefs>('PATCH', mine('/user_profile_entries/bulk_upsert'), {
      user_profile_entries: [
        { field: 1, text: 'they/them', category: 'basics' },
        { field: 4, text: ' Climbing ', category: 'about_me' },
      ],
    });
    expect(p.user_profile_entries).toEqual([
      { field: 1, text: 'they/them', category: 'basics' },
      { field: 4, text: 'Climbing', category: 'about_me' },
    ]);

    p = await me.call<Prefs>('PATCH', mine('/user_profile_entries/bulk_upsert'), { user_profile_entries: [{ field: 4, text: '', category: 'about_me' }, { field: 1, text: 'she/her', category: 'basics' }] });
    expect(p.user_profile_entries).toEqual([{ field: 1, text: 'she/her', category: 'basics' }]);

    // A good entry beside a bad one: nothing is written.
    const bad = await me.call<Err>('PATCH', mine('/user_profile_entries/bulk_upsert'), { user_profile_entries: [{ field: 2, text: 'Lisbon', category: 'basics' }, { field: 99, text: 'x', category: 'basics' }] }, 400);
    expect(bad.fields).toEqual({ 'user_profile_entries.1.field': 'is not a profile field' });
    const wrongCategory = await me.call<Err>('PATCH', mine('/user_profile_entries/bulk_upsert'), { user_profile_entries: [{ field: 2, text: 'Lisbon', category: 'about_me' }] }, 400);
    expect(wrongCategory.fields).toEqual({ 'user_profile_entries.0.category': 'must be basics' });
    const tooLong = await me.call<Err>('PATCH', mine('/user_profile_entries/bulk_upsert'), { user_profile_entries: [{ field: 2, text: 'x'.repeat(501), category: 'basics' }] }, 400);
    expect(Object.keys(tooLong.fields!)).toEqual(['user_profile_entries.0.text']);
    await me.call<Err>('PATCH', mine('/user_profile_entries/bulk_upsert'), { user_profile_entries: 'nope' }, 400);
    expect((await me.call<Prefs>('GET', mine('/preferences_as_json'))).user_profile_entries).toEqual([{ field: 1, text: 'she/her', category: 'basics' }]);
  });

  it('manager: set, cleared with an empty related id, never oneself or someone of another workspace', async () => {
    let p = await me.call<Prefs>('PATCH', mine('/user_relationships/upsert'), { user_relationship: { related_user_id: colleague.memberId } });
    expect(p.manager).toMatchObject({ id: colleague.memberId, slack_user_id: 'U0DEMO013' });
    const self = await me.call<Err>('PATCH', mine('/user_relationships/upsert'), { user_relationship: { related_user_id: me.memberId } }, 400);
    expect(self.fields).toEqual({ related_user_id: 'you cannot be your own manager' });
    const other = await me.call<Err>('PATCH', mine('/user_relationships/upsert'), { user_relationship: { related_user_id: stranger.memberId } }, 400);
    expect(other.fields).toEqual({ related_user_id: 'is not a person in this workspace' });
    await me.call<Err>('PATCH', mine('/user_relationships/upsert'), { user_relationship: { related_user_id: 'abc' } }, 400);
    await me.call<Err>('PATCH', mine('/user_relationships/upsert'), { user_relationship: { related_user_id: 99999999999 } }, 400);
    expect((await me.call<Prefs>('GET', mine('/preferences_as_json'))).manager?.id).toBe(colleague.memberId);
    p = await me.call<Prefs>('PATCH', mine('/user_relationships/upsert'), { user_relationship: { related_user_id: '' } });
    expect(p.manager).toBeNull();
  });

  it('working hours: HH:MM, the end after the beginning', async () => {
    const p = await me.call<Prefs>('PATCH', mine('/update_work_hours'), { work_hours: { beginning_time: '08:30', end_time: '17:00' } });
    expect(p.work_hours).toEqual({ beginning_time: '08:30', end_time: '17:00' });
    const backwards = await me.call<Err>('PATCH', mine('/update_work_hours'), { work_hours: { beginning_time: '18:00', end_time: '09:00' } }, 400);
    expect(backwards.fields).toEqual({ 'work_hours.end_time': 'must be after the beginning time' });
    const bad = await me.call<Err>('PATCH', mine('/update_work_hours'), { work_hours: { beginning_time: '25:00', end_time: '26:00' } }, 400);
    expect(bad.fields?.['work_hours.beginning_time']).toBe('must be a time (HH:MM)');
    expect((await me.call<Prefs>('GET', mine('/preferences_as_json'))).work_hours).toEqual({ beginning_time: '08:30', end_time: '17:00' });
  });

  it('snooze intros: status, snooze until a date, end every snooze', async () => {
    expect(await me.call('GET', mine('/snooze_intros'))).toEqual({ snoozed: false, end_date: null });
    expect(await me.call('PATCH', mine('/snooze_intros/bulk_update'), { end_date: '2026-03-20' })).toEqual({ snoozed: true, end_date: '2026-03-20' });
    expect(await me.call('GET', mine('/snooze_intros'))).toEqual({ snoozed: true, end_date: '2026-03-20' });
    expect((await me.call<Err>('PATCH', mine('/snooze_intros/bulk_update'), { end_date: '2026-03-01' }, 400)).fields).toEqual({ end_date: 'must be after today' });
    expect((await me.call<Err>('PATCH', mine('/snooze_intros/bulk_update'), { end_date: '2028-01-01' }, 400)).fields).toEqual({ end_date: 'must be within 365 days' });
    expect((await me.call<Err>('PATCH', mine('/snooze_intros/bulk_update'), { end_date: '2026-02-30' }, 400)).fields).toEqual({ end_date: 'is not a real date' });
    expect(await me.call('GET', mine('/snooze_intros'))).toEqual({ snoozed: true, end_date: '2026-03-20' });
    expect(await me.call('DELETE', mine('/snooze_intros/destroy_all'))).toEqual({ snoozed: false, end_date: null });
  });

  it('avoid list: replaced as a whole, confidential to its owner, and only this workspace\'s people', async () => {
    const set = await me.call<{ invalid_partner_uids: string[] }>('PATCH', mine('/incompatible_pairs/bulk_upsert'), { invalid_partner_uids: ['U0DEMO013', 'U0DEMO014', 'U0DEMO013'] });
    expect(set.invalid_partner_uids.sort()).toEqual(['U0DEMO013', 'U0DEMO014']);
    const replaced = await me.call<{ invalid_partner_uids: string[] }>('PATCH', mine('/incompatible_pairs/bulk_upsert'), { invalid_partner_uids: ['U0DEMO014'] });
    expect(replaced.invalid_partner_uids).toEqual(['U0DEMO014']);
    expect((await me.call<Err>('PATCH', mine('/incompatible_pairs/bulk_upsert'), { invalid_partner_uids: ['U0DEMO012'] }, 400)).fields).toEqual({ invalid_partner_uids: 'you cannot avoid yourself' });
    expect((await me.call<Err>('PATCH', mine('/incompatible_pairs/bulk_upsert'), { invalid_partner_uids: [GLOBEX.adminUserId] }, 400)).fields).toEqual({ invalid_partner_uids: `not a member of this workspace: ${GLOBEX.adminUserId}` });
    expect((await me.call<Err>('PATCH', mine('/incompatible_pairs/bulk_upsert'), { invalid_partner_uids: ['not-an-id'] }, 400)).fields).toHaveProperty('invalid_partner_uids.0');
    expect((await me.call<{ invalid_partner_uids: string[] }>('GET', mine('/incompatible_pairs'))).invalid_partner_uids).toEqual(['U0DEMO014']);

    // The avoided person cannot read it (it is not theirs), nor can anyone else.
    const avoided = await member(t, ACME.teamId, 'U0DEMO014');
    await avoided.call('GET', mine('/incompatible_pairs'), undefined, 404);
    expect((await avoided.call<{ invalid_partner_uids: string[] }>('GET', `/users/${avoided.memberId}/incompatible_pairs`)).invalid_partner_uids).toEqual([]);
    // The pairing engine reads it: either side's list keeps the pair apart.
    const ws = await t.services.workspaces.byTeamId(ACME.teamId);
    const rows = await t.services.db.selectFrom('intros_avoids').select(['member_id', 'avoided_member_id']).where('workspace_id', '=', ws!.id).execute();
    expect(rows).toEqual([{ member_id: me.memberId, avoided_member_id: avoided.memberId }]);
  });

  it('only one\'s own settings: another member\'s id is refused (404) and another workspace\'s is a 404; ids out of range are a 400', async () => {
    const theirs = `/users/${colleague.memberId}`;
    const foreign = `/users/${stranger.memberId}`;
    for (const base of [theirs, foreign]) {
      await me.call('GET', `${base}/preferences_as_json`, undefined, 404);
      await me.call('PATCH', `${base}/user_profile_entries/bulk_upsert`, { user_profile_entries: [{ field: 1, text: 'x', category: 'basics' }] }, 404);
      await me.call('PATCH', `${base}/user_relationships/upsert`, { user_relationship: { related_user_id: '' } }, 404);
      await me.call('PATCH', `${base}/update_work_hours`, { work_hours: { beginning_time: '09:00', end_time: '17:00' } }, 404);
      await me.call('GET', `${base}/snooze_intros`, undefined, 404);
      await me.call('PATCH', `${base}/snooze_intros/bulk_update`, { end_date: '2026-03-20' }, 404);
      await me.call('DELETE', `${base}/snooze_intros/destroy_all`, undefined, 404);
      await me.call('GET', `${base}/incompatible_pairs`, undefined, 404);
      await me.call('PATCH', `${base}/incompatible_pairs/bulk_upsert`, { invalid_partner_uids: [] }, 404);
    }
    expect((await colleague.call<Prefs>('GET', `${theirs}/preferences_as_json`)).work_hours).toBeNull();
    await me.call('GET', '/users/99999999999/snooze_intros', undefined, 400);
    await me.call('GET', '/users/abc/incompatible_pairs', undefined, 400);
  });

  it('channel participation: a member snoozes or leaves their own Intros channel, not someone else\'s status', async () => {
    const admin = await member(t, ACME.teamId, ACME.adminUserId);
    const { id } = await admin.call<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: ACME.channels.intros });
    const channels = await me.call<{ channels: Array<{ program_id: number }>; per: number }>('GET', '/users/channels.json?page=1&per=10');
    expect(channels.per).toBe(10);
    const res = await me.call<{ updated: number }>('POST', `/coffee/${id}/update_users_status`, { user_uids: [me.slackUserId], status: 'snoozed', days_to_snooze: 7 });
    expect(res.updated).toBe(1);
    await me.call('POST', `/coffee/${id}/update_users_status`, { user_uids: [me.slackUserId, 'U0DEMO013'], status: 'opted_out' }, 403);
    await me.call('POST', `/coffee/${id}/update_users_status`, { user_uids: [me.slackUserId], status: 'snoozed' }, 400);
    await stranger.call('POST', `/coffee/${id}/update_users_status`, { user_uids: [stranger.slackUserId], status: 'active' }, 404);
    await me.call('POST', `/coffee/${id}/update_users_status`, { user_uids: [me.slackUserId], status: 'active' });
  });
});
