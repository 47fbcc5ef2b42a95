import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE_MY_DATA_ACTION, DELETED_TEXT } from '../../src/platform/data/slack.js';
import { ACME } from '../../src/sandbox/seed.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';
import { member, type Client } from './members-support.js';

/**
 * A member's data rights (docs/privacy.md): "delete my data" from the settings page and from Slack removes or
 * anonymises every row about them — avoid lists naming them included — while other people's groups, shoutouts
 * and points stay as they were.
 */
describe(`members delete their data (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let t: SandboxHearth;
  let admin: Client;
  let me: Client;
  let other: Client;
  let workspaceId: number;

  const rowsNaming = async (memberId: number) => {
    const db = t.services.db;
    const count = async (q: Promise<unknown[]>) => (await q).length;
    return {
      profile: await count(db.selectFrom('member_profile_entries').select('member_id').where('member_id', '=', memberId).execute()),
      manager: await count(db.selectFrom('member_relationships').select('member_id').where((w) => w.or([w('member_id', '=', memberId), w('related_member_id', '=', memberId)])).execute()),
      workHours: await count(db.selectFrom('member_work_hours').select('member_id').where('member_id', '=', memberId).execute()),
      snoozes: await count(db.selectFrom('intros_snoozes').select('member_id').where('member_id', '=', memberId).execute()),
      avoids: await count(db.selectFrom('intros_avoids').select('member_id').where((w) => w.or([w('member_id', '=', memberId), w('avoided_member_id', '=', memberId)])).execute()),
      wallet: await count(db.selectFrom('points_wallets').select('member_id').where('member_id', '=', memberId).execute()),
      ledger: await count(db.selectFrom('points_ledger').select('id').where('member_id', '=', memberId).execute()),
      settings: await count(db.selectFrom('member_settings').select('member_id').where('member_id', '=', memberId).execute()),
    };
  };
  const wallets = () => t.services.db.selectFrom('points_wallets').select(['member_id', 'current_redeemable', 'lifetime_earned']).where('workspace_id', '=', workspaceId).orderBy('member_id').execute();
  const groups = () =>
    t.services.db
      .selectFrom('intros_meeting_members as g')
      .innerJoin('intros_meetings as m', 'm.id', 'g.meeting_id')
      .select(['g.meeting_id', 'g.member_id'])
      .where('m.workspace_id', '=', workspaceId)
      .orderBy('g.meeting_id')
      .orderBy('g.member_id')
      .execute();
  const shoutouts = () => t.services.db.selectFrom('shoutouts').select(['id', 'giver_member_id', 'recipient_member_id', 'points']).where('workspace_id', '=', workspaceId).orderBy('id').execute();
  const memberRow = (id: number) => t.services.db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startSandboxHearth();
    workspaceId = (await t.services.workspaces.byTeamId(ACME.teamId))!.id;
    admin = await member(t, ACME.teamId, ACME.adminUserId);
    // History they share with others: a round of intros (before they snooze); two people it paired are the members.
    const introsId = (await admin.call<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: ACME.channels.intros })).id;
    await admin.call('POST', `/coffee/${introsId}/trigger_arrangement_as_json`, {});
    await t.services.queue.idle();
    const paired = [...new Set((await groups()).map((g) => g.member_id))].filter((id) => id !== admin.memberId);
    const slackIds = await t.services.db.selectFrom('members').select('slack_user_id').where('id', 'in', paired.slice(0, 2)).orderBy('id').execute();
    me = await member(t, ACME.teamId, slackIds[0]!.slack_user_id);
    other = await member(t, ACME.teamId, slackIds[1]!.slack_user_id);
    for (const who of [me, other]) {
      const mine = `/users/${who.memberId}`;
      await who.call('PATCH', `${mine}/user_profile_entries/bulk_upsert`, { user_profile_entries: [{ field: 1, text: 'she/her', category: 'basics' }] });
      await who.call('PATCH', `${mine}/user_relationships/upsert`, { user_relationship: { related_user_id: admin.memberId } });
      await who.call('PATCH', `${mine}/update_work_hours`, { work_hours: { beginning_time: '09:00', end_time: '17:30' } });
      await who.call('PATCH', `${mine}/snooze_intros/bulk_update`, { end_date: '2026-03-10' });
      await who.call('POST', `${mine}/update_notifications`, { append_keys: ['weekly_digest'] });
    }
    // Avoid lists naming them, theirs and someone else's.
    await me.call('PATCH', `/users/${me.memberId}/incompatible_pairs/bulk_upsert`, { invalid_partner_uids: [other.slackUserId] });
    await admin.call('PATCH', `/users/${admin.memberId}/incompatible_pairs/bulk_upsert`, { invalid_partner_uids: [me.slackUserId, other.slackUserId] });
    await admin.call('POST', '/shoutouts/activate');
    await admin.call('POST', '/points/bonus', { member_id: me.memberId, points: 50, note: 'Launch week', request_id: 'dr-1' });
    await me.call('POST', '/shoutouts', { recipient_id: admin.memberId, points: 5, message: 'Thanks!', request_id: 'dr-2' });
    await admin.call('POST', '/shoutouts', { recipient_id: me.memberId, points: 3, message: 'And you!', request_id: 'dr-3' });
    await other.call('POST', '/shoutouts', { recipient_id: admin.memberId, points: 4, message: 'Cheers', request_id: 'dr-4' });
    await t.services.queue.idle();
  });
  afterAll(() => t?.close());

  it('from the settings page: confirmed, their rows gone or anonymous, everyone else’s history and points intact', async () => {
    const before = { wallets: await wallets(), groups: await groups(), shoutouts: await shoutouts(), other: await rowsNaming(other.memberId) };
    expect(Object.values(await rowsNaming(me.memberId)).every((n) => n > 0), JSON.stringify(await rowsNaming(me.memberId))).toBe(true);
    expect(before.groups.some((g) => g.member_id === me.memberId)).toBe(true);

    // It cannot be undone, so it is confirmed in so many words.
    const refused = await me.call<{ error: string; fields: Record<string, string> }>('POST', '/data/delete_mine_as_json', {}, 400);
    expect(refused.fields).toHaveProperty('confirm');
    expect(await memberRow(me.memberId)).toMatchObject({ slack_user_id: me.slackUserId, deleted: false });

    expect(await me.call('POST', '/data/delete_mine_as_json', { confirm: true })).toEqual({ deleted: true });
    // Hearth no longer knows them: the session went with the data.
    await me.call('GET', '/data/mine.json', undefined, 401);

    expect(await rowsNaming(me.memberId)).toEqual({ profile: 0, manager: 0, workHours: 0, snoozes: 0, avoids: 0, wallet: 0, ledger: 0, settings: 0 });
    expect(await memberRow(me.memberId)).toMatchObject({ slack_user_id: `deleted:${me.memberId}`, name: '', real_name: '', display_name: '', email: null, tz: null, title: null, avatar_url: null, deleted: true });
    // The admin's avoid list keeps the other person it named.
    const avoided = await t.services.db.selectFrom('intros_avoids').select('avoided_member_id').where('member_id', '=', admin.memberId).execute();
    expect(avoided.map((a) => a.avoided_member_id)).toEqual([other.memberId]);
    // Others' groups, shoutouts and points: as they were (their groups still count them, as the anonymous member).
    expect(await groups()).toEqual(before.groups);
    expect(await shoutouts()).toEqual(before.shoutouts);
    expect(await wallets()).toEqual(before.wallets.filter((w) => w.member_id !== me.memberId));
    // The other member's data is untouched, but for the avoid list the deleted member kept of them.
    expect(before.other.avoids).toBe(2);
    expect(await rowsNaming(other.memberId)).toEqual({ ...before.other, avoids: 1 });
  });

  it('from Slack: `/hearth my-data` offers the export and a confirmed "Delete my data" button', async () => {
    const before = { wallets: await wallets(), shoutouts: await shoutouts() };
    const reply = await t.api<{ stored: { ts: string; text: string; blocks: unknown[] } }>('POST', '/sandbox/commands', { team_id: ACME.teamId, user_id: other.slackUserId, channel_id: ACME.channels.general, text: 'my-data' });
    const shown = JSON.stringify(reply.stored.blocks);
    expect(shown).toContain('/settings/data');
    expect(shown).toContain('"confirm"');
    await t.api('POST', '/sandbox/actions', { team_id: ACME.teamId, user_id: other.slackUserId, channel_id: ACME.channels.general, message_ts: reply.stored.ts, action_id: DELETE_MY_DATA_ACTION });
    await expect.poll(async () => (await memberRow(other.memberId)).slack_user_id).toBe(`deleted:${other.memberId}`);
    const answers = await t.api<{ messages: Array<{ text: string }> }>('GET', `/sandbox/conversations/${ACME.channels.general}/messages?team=${ACME.teamId}&as=${other.slackUserId}`);
    expect(answers.messages.map((m) => m.text)).toContain(DELETED_TEXT);

    expect(await rowsNaming(other.memberId)).toEqual({ profile: 0, manager: 0, workHours: 0, snoozes: 0, avoids: 0, wallet: 0, ledger: 0, settings: 0 });
    expect(await shoutouts()).toEqual(before.shoutouts);
    expect(await wallets()).toEqual(before.wallets.filter((w) => w.member_id !== other.memberId));
    // Hearth holds nothing about them now, and says so.
    const again = await t.api<{ stored: { text: string } }>('POST', '/sandbox/commands', { team_id: ACME.teamId, user_id: other.slackUserId, channel_id: ACME.channels.general, text: 'my-data' });
    expect(again.stored.text).toBe("Hearth hasn't met you yet, so it holds no data about you.");
  });
});
