import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';
import { member } from './members-support.js';

const TEAM = ACME.teamId;
const KAI = 'U0DEMO012';

interface Modal {
  id: string;
  title: { text: string };
  blocks: Array<{ block_id?: string }>;
}

/** The same settings from Slack: the Home tab's buttons open modals that check, then save (sandbox). */
describe(`member settings from the Home tab (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let t: SandboxHearth;
  let kaiId: number;
  let wsId: number;
  const home = async () => (await t.api<{ view: { id: string; blocks: Array<{ type: string; block_id?: string; elements?: Array<{ action_id: string }> }> } }>('POST', '/sandbox/home/open', { team_id: TEAM, user_id: KAI })).view;
  const modals = async () => (await t.api<{ modals: Modal[] }>('GET', `/sandbox/views?team=${TEAM}&user=${KAI}`)).modals;

  beforeAll(async () => {
    t = await startSandboxHearth();
    wsId = (await t.services.workspaces.byTeamId(TEAM))!.id;
    kaiId = (await t.services.people.bySlackId(wsId, KAI))!.id;
    const admin = await member(t, TEAM, ACME.adminUserId);
    const { id } = await admin.call<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: ACME.channels.intros });
    // The program's page reads its channel's roster, so Kai's Home tab has an Intros section.
    await admin.call('GET', `/coffee/${id}`);
  });
  afterAll(() => t?.close());

  it('"Edit profile" opens the profile modal; a backwards working day is refused in the modal; the rest is saved', async () => {
    const view = await home();
    const actions = view.blocks.flatMap((b) => b.elements?.map((e) => e.action_id) ?? []);
    expect(actions).toContain('members_open_profile');
    await t.api('POST', '/sandbox/actions', { team_id: TEAM, user_id: KAI, view_id: view.id, action_id: 'members_open_profile' });
    const [modal] = await modals();
    expect(modal!.title.text).toBe('Your profile');

    const wrong = await t.api<{ response_action: string; errors: Record<string, string> }>('POST', '/sandbox/views/submit', {
      team_id: TEAM,
      user_id: KAI,
      values: { field_1: { text: 'he/him' }, hours_from: { time: '17:00' }, hours_to: { time: '09:00' } },
    });
    expect(wrong).toMatchObject({ response_action: 'errors', errors: { hours_to: 'Must be after the beginning time.' } });
    expect(await t.services.db.selectFrom('member_profile_entries').select('text').where('member_id', '=', kaiId).execute()).toEqual([]);

    const ok = await t.api<{ response_action: string }>('POST', '/sandbox/views/submit', {
      team_id: TEAM,
      user_id: KAI,
      values: { field_1: { text: 'he/him' }, field_6: { text: 'I once met a moose' }, manager: { user: 'U0DEMO009' }, hours_from: { time: '09:00' }, hours_to: { time: '17:00' } },
    });
    expect(ok.response_action).toBe('close');
    await t.services.queue.idle();
    expect(await t.services.db.selectFrom('member_profile_entries').select(['field_id', 'text']).where('member_id', '=', kaiId).orderBy('field_id').execute()).toEqual([
      { field_id: 1, text: 'he/him' },
      { field_id: 6, text: 'I once met a moose' },
    ]);
    const lena = (await t.services.people.bySlackId(wsId, 'U0DEMO009'))!;
    expect(await t.services.db.selectFrom('member_relationships').select('related_member_id').where('member_id', '=', kaiId).executeTakeFirst()).toEqual({ related_member_id: lena.id });
    expect(await t.services.db.selectFrom('member_work_hours').select(['beginning_time', 'end_time']).where('member_id', '=', kaiId).executeTakeFirst()).toEqual({ beginning_time: '09:00', end_time: '17:00' });
    // The Home tab now says so.
    const after = await home();
    expect(JSON.stringify(after.blocks)).toContain('Working hours: 09:00–17:00');
  });

  it('"Snooze & avoid list" sets the avoid list and a snooze; it stays private to the member', async () => {
    const view = await home();
    await t.api('POST', '/sandbox/actions', { team_id: TEAM, user_id: KAI, view_id: view.id, action_id: 'intros_open_preferences' });
    expect((await modals()).map((m) => m.title.text)).toContain('Intros preferences');
    const self = await t.api<{ response_action: string; errors: Record<string, string> }>('POST', '/sandbox/views/submit', { team_id: TEAM, user_id: KAI, values: { avoid: { users: [KAI] } } });
    expect(self.errors).toEqual({ avoid: 'You cannot avoid yourself.' });
    const past = await t.api<{ response_action: string; errors: Record<string, string> }>('POST', '/sandbox/views/submit', { team_id: TEAM, user_id: KAI, values: { snooze: { date: '2026-02-01' } } });
    expect(past.errors).toEqual({ snooze: 'Choose a day after today.' });
    const ok = await t.api<{ response_action: string }>('POST', '/sandbox/views/submit', { team_id: TEAM, user_id: KAI, values: { snooze: { date: '2026-03-16' }, avoid: { users: ['U0DEMO013', 'U0DEMO014'] } } });
    expect(ok.response_action).toBe('close');
    await t.services.queue.idle();
    const ids = await Promise.all(['U0DEMO013', 'U0DEMO014'].map(async (s) => (await t.services.people.bySlackId(wsId, s))!.id));
    const avoids = await t.services.db.selectFrom('intros_avoids').select('avoided_member_id').where('member_id', '=', kaiId).orderBy('avoided_member_id').execute();
    expect(avoids.map((a) => a.avoided_member_id)).toEqual(ids.sort((a, b) => a - b));
    expect(await t.services.db.selectFrom('intros_snoozes').select('until_on').where('member_id', '=', kaiId).where('program_id', 'is', null).execute()).toEqual([{ until_on: '2026-03-16' }]);
    // Maya's own Home tab and preferences show nothing of it.
    const maya = await t.api<{ view: { blocks: unknown[] } }>('POST', '/sandbox/home/open', { team_id: TEAM, user_id: 'U0DEMO013' });
    expect(JSON.stringify(maya.view.blocks)).not.toContain(KAI);
  });

  it('greets a member by the first word of their name, as the pages do, not by a lower-case display name', async () => {
    // Tereza's Slack display name is "tereza"; her name is "Tereza Dvořáková".
    const tereza = await t.api<{ view: { blocks: Array<{ type: string; text?: { text: string } }> } }>('POST', '/sandbox/home/open', { team_id: TEAM, user_id: 'U0DEMO011' });
    expect(tereza.view.blocks.find((b) => b.type === 'header')?.text?.text).toBe('Welcome to Hearth, Tereza');
    expect((await home()).blocks.find((b) => b.type === 'header')).toMatchObject({ text: { text: 'Welcome to Hearth, Kai' } });
  });

  it('a Hearth account admin who is no Slack admin gets the admin link on Home; removed, it goes', async () => {
    const adminLink = async () => JSON.stringify((await home()).blocks).includes('"action_id":"home_open_admin"');
    expect(await adminLink()).toBe(false);
    const account = (await t.services.db.selectFrom('accounts').select('id').where('workspace_id', '=', wsId).executeTakeFirst())!;
    await t.services.db.insertInto('account_admins').values({ account_id: account.id, member_id: kaiId }).execute();
    try {
      expect(await adminLink()).toBe(true);
    } finally {
      await t.services.db.deleteFrom('account_admins').where('account_id', '=', account.id).where('member_id', '=', kaiId).execute();
    }
    expect(await adminLink()).toBe(false);
  });
});
