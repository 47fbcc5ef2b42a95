import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTagAnswer, SessionJson, TagDetail } from '../../src/journeys/api-types.js';
import type { SessionIssueJson, SessionIssuesJson } from '../../src/reporting/api-types.js';
import { ACME } from '../../src/sandbox/seed.js';
import { signIn } from '../support/hearth.js';
import { setPlan, type SandboxHearth, settle as settleOutbox, startSandboxHearth } from '../support/sandbox-hearth.js';

const TEAM = ACME.teamId;
const JONAS = 'U0DEMO010';
const LENA = 'U0DEMO009';
const LONG = 180_000;

interface Who {
  cookie: string;
  csrf: string;
  memberId: number;
}

/**
 * The attention-required issues journeys report, end to end on the sandbox: an onboarding journey with an intro
 * to the new hire's buddy (nobody is the buddy: strategic_connections_not_selected), a post to a channel nobody
 * chose (channels_not_selected) and a message to the buddy (missing_role). Each is opened when its session event
 * is due and skipped, names what is missing with a link to fix it, and closes once the admin fixes it and the
 * event goes out.
 */
describe(`Reporting: journeys' attention-required issues (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let t: SandboxHearth;
  let admin: Who;

  const call = <T = Record<string, unknown>>(method: string, url: string, body?: unknown, expectStatus = 200) => t.call<T>(admin, method, url, body, expectStatus);
  const memberId = async (slackUserId: string) => (await t.services.people.bySlackId((await t.services.workspaces.byTeamId(TEAM))!.id, slackUserId))!.id;
  const settle = () => settleOutbox(t);
  /** The open issues of one session, by type. */
  async function issuesOf(sessionId: number): Promise<Map<string, SessionIssueJson>> {
    const list = await call<SessionIssuesJson>('GET', '/onboarding/session_issues?date_window=1w');
    const issues = list.data.flatMap((u) => u.sessions.filter((s) => s.session_id === sessionId).flatMap((s) => s.issues));
    return new Map(issues.map((i) => [i.issue_type, i]));
  }

  beforeAll(async () => {
    t = await startSandboxHearth();
    admin = await signIn(t, TEAM, ACME.adminUserId);
    await setPlan(t, TEAM, 'premium');
  });
  afterAll(() => t?.close());

  it('opens strategic_connections_not_selected, channels_not_selected and missing_role when the event is due, with a link to fix each, and closes each once fixed and sent', async () => {
    const form = new FormData();
    form.set('channel_id', ACME.channels.general);
    form.set('onboarding_tag[name]', 'Support onboarding');
    form.set('onboarding_tag[flow_type]', 'onboarding');
    form.set('onboarding_tag[preset_bundle_id]', '1');
    const created = await call<CreateTagAnswer>('POST', '/onboarding/tags', form);
    const tagId = created.tag.id;
    const role = Object.fromEntries(created.new_roles.map((r) => [r.purpose, r.id])) as Record<'primary' | 'manager' | 'buddy', number>;
    const [intro, post, toBuddy] = (await call<TagDetail>('GET', `/onboarding/tags/${tagId}`)).events.filter((e) => e.active);
    // An intro of the new hire to their buddy, a post to the journey's channel, a message to the buddy.
    await call('PUT', `/onboarding/events/${intro!.id}`, { onboarding_schedule_event: { kind: 'intro', recipient_type: 'role', role: role.primary, role_ids: [role.buddy], title: 'Meet your buddy' } });
    await call('PUT', `/onboarding/events/${post!.id}`, { onboarding_schedule_event: { kind: 'channel_post', recipient_type: 'channel', channel_id: null, title: 'Welcome {first_name}' } });
    await call('PUT', `/onboarding/events/${toBuddy!.id}`, { onboarding_schedule_event: { kind: 'message', recipient_type: 'role', role: role.buddy, role_ids: [], title: 'Your new buddy' } });
    // Then nobody chooses the channel the journey posts to.
    await call('PUT', `/onboarding/tags/${tagId}`, { onboarding_tag: { channel_id: null } });

    const s = (await call<{ session: SessionJson }>('POST', `/onboarding/tags/${tagId}/sessions`, { start_date: '2026-06-01', memberships: [{ role_id: role.primary, user_id: await memberId(JONAS) }, { role_id: role.manager, user_id: await memberId(LENA) }] })).session;
    const seOf = (eventId: number) => s.session_events.find((e) => e.event_id === eventId)!.id;
    const trigger = async (...eventIds: number[]) => {
      for (const id of eventIds) await call('POST', `/onboarding/session_events/${seOf(id)}/trigger`);
      await settle();
    };
    expect((await issuesOf(s.id)).size).toBe(0);

    // Due (sent by hand now): none of the three can go out, and each is an issue that says why and where to fix it.
    await trigger(intro!.id, post!.id, toBuddy!.id);
    const open = await issuesOf(s.id);
    expect([...open.keys()].sort()).toEqual(['channels_not_selected', 'missing_role', 'strategic_connections_not_selected']);
    expect(open.get('strategic_connections_not_selected')).toMatchObject({
      session_event_id: seOf(intro!.id),
      detail: '“Meet your buddy” in Support onboarding was not sent: no strategic connections selected (nobody is the Buddy)',
      fix: { label: 'Choose whom to introduce', path: `/onboarding/tags/${tagId}?tab=people` },
    });
    expect(open.get('channels_not_selected')).toMatchObject({
      session_event_id: seOf(post!.id),
      detail: '“Welcome Jonas” in Support onboarding was not posted: no channel selected',
      fix: { label: 'Choose a channel', path: `/onboarding/tags/${tagId}?tab=schedule` },
    });
    expect(open.get('missing_role')).toMatchObject({
      session_event_id: seOf(toBuddy!.id),
      detail: '“Your new buddy” in Support onboarding was not sent: nobody is the Buddy',
      fix: { label: 'Fill the Buddy role', path: `/onboarding/tags/${tagId}?tab=people` },
    });
    // The journey's owner (the admin who made it) is told of each once, in a DM that says what to fix.
    const notes = await t.services.db.selectFrom('outbox').select(['idempotency_key', 'payload']).where('idempotency_key', 'like', 'journey:issue:%').orderBy('id').execute();
    expect(Object.fromEntries(notes.map((n) => [n.idempotency_key.split(':')[2], (n.payload as { text: string; users: string[] }).text]))).toEqual({
      strategic_connections_not_selected: `:warning: Meet your buddy in Support onboarding for <@${JONAS}> was not sent: no strategic connections were selected (nobody is the Buddy). Choose whom to introduce in <${t.url}/onboarding/tags/${tagId}|the journey> and send it from there.`,
      channels_not_selected: `:warning: Welcome Jonas in Support onboarding for <@${JONAS}> was not posted: no channel was selected. Choose a channel in <${t.url}/onboarding/tags/${tagId}|the journey> and send it from there.`,
      missing_role: `:warning: Your new buddy in Support onboarding for <@${JONAS}> was not sent: nobody is the Buddy. Fill the role in <${t.url}/onboarding/tags/${tagId}|the journey> and send it from there.`,
    });
    expect(notes.every((n) => (n.payload as { users: string[] }).users[0] === ACME.adminUserId)).toBe(true);
    // The participant is named as everywhere (personName): full name, else display name, else handle.
    const jonas = await memberId(JONAS);
    const nameInList = async () => (await call<SessionIssuesJson>('GET', '/onboarding/session_issues?date_window=1w')).data.find((u) => u.user.id === jonas)!.user.name;
    await t.services.db.updateTable('members').set({ real_name: '', display_name: 'Jonas D.' }).where('id', '=', jonas).execute();
    expect(await nameInList()).toBe('Jonas D.');
    await t.services.db.updateTable('members').set({ real_name: 'Jonas Becker' }).where('id', '=', jonas).execute();
    expect(await nameInList()).toBe('Jonas Becker');
    const states = await t.services.db.selectFrom('journey_session_events').select(['id', 'state', 'note']).where('session_id', '=', s.id).where('id', 'in', [seOf(intro!.id), seOf(post!.id)]).orderBy('id').execute();
    expect(states.map((r) => [r.state, r.note]).sort()).toEqual([
      ['skipped', 'channels_not_selected'],
      ['skipped', 'strategic_connections_not_selected'],
    ]);

    // A channel is chosen and the post goes out: its issue closes; the others stay open.
    await call('PUT', `/onboarding/events/${post!.id}`, { onboarding_schedule_event: { channel_id: ACME.channels.general } });
    await trigger(post!.id);
    expect([...(await issuesOf(s.id)).keys()].sort()).toEqual(['missing_role', 'strategic_connections_not_selected']);

    // The intro now introduces the manager (someone is in that role): it goes out and its issue closes.
    await call('PUT', `/onboarding/events/${intro!.id}`, { onboarding_schedule_event: { role_ids: [role.manager] } });
    await trigger(intro!.id);
    expect([...(await issuesOf(s.id)).keys()]).toEqual(['missing_role']);

    // The buddy message goes to the manager instead: the missing role is settled.
    await call('PUT', `/onboarding/events/${toBuddy!.id}`, { onboarding_schedule_event: { role: role.manager } });
    await trigger(toBuddy!.id);
    expect((await issuesOf(s.id)).size).toBe(0);

    // A recurrence is a new issue (the closed one was removed, not hidden): the post's channel is gone again
    // (the editor refuses that, a preset added to a journey without a channel leaves it so).
    await t.services.db.updateTable('journey_events').set({ channel_id: null }).where('id', '=', post!.id).execute();
    const again = await call<{ session: SessionJson }>('POST', `/onboarding/tags/${tagId}/sessions`, { start_date: '2026-06-08', memberships: [{ role_id: role.primary, user_id: await memberId(LENA) }] });
    const se2 = again.session.session_events.find((e) => e.event_id === post!.id)!.id;
    await call('POST', `/onboarding/session_events/${se2}/trigger`);
    await settle();
    expect((await issuesOf(again.session.id)).get('channels_not_selected')?.session_event_id).toBe(se2);
  }, LONG);
});
