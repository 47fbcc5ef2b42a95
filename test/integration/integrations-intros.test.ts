import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HrisIdentityJson, LinkTokenJson } from '../../src/integrations/api-types.js';
import { ACME } from '../../src/sandbox/seed.js';
import { signIn } from '../support/hearth.js';
import { type SandboxHearth, setPlan, startSandboxHearth } from '../support/sandbox-hearth.js';
import { groupDms } from './intros-support.js';

const path = `${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'} + ${process.env.REDIS_URL ? 'BullMQ' : 'in-process queue'}`;
const TEAM = ACME.teamId;

interface Preview {
  groups: Array<{ members: Array<{ slack_user_id: string; name: string }>; reason: string }>;
  left_out: Array<{ member: { slack_user_id: string }; code: string; why: string }>;
  problem: { code: string; message: string } | null;
}

/**
 * Intros groups from the HR system: a program set to group by the HR system's department (or location) pairs
 * cross-group and within-group by each member's value there, read from the linked HR system (the sandbox's
 * Merge stand-in); without an HR system, nobody has a group.
 */
describe(`Intros groups from the HR system (${path})`, () => {
  let t: SandboxHearth;
  let admin: Awaited<ReturnType<typeof signIn>>;
  let programId: number;
  const call: SandboxHearth['call'] = (...args) => t.call(...args);
  /** Slack user id → the HR system's department / location, for the members it knows. */
  let hr: Map<string, { department: string; location: string }>;

  beforeAll(async () => {
    t = await startSandboxHearth();
    admin = await signIn(t, TEAM, ACME.adminUserId);
    await setPlan(t, TEAM, 'premium');
    programId = (await call<{ id: number }>(admin, 'POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: ACME.channels.intros })).id;
  });
  afterAll(() => t?.close());

  const preview = () => call<Preview>(admin, 'GET', `/coffee/${programId}/preview_next_round`);

  it('without an HR system, grouping by department leaves everyone without a group', async () => {
    const saved = await call<{ adjusted: Record<string, string> }>(admin, 'PUT', `/coffee/${programId}/update_as_json`, { pairing_type: 'within_group_pairing', hris_groups: 'department' });
    expect(saved.adjusted).toEqual({});
    const page = await call<{ config: { hris_groups: string }; hris_linked: boolean }>(admin, 'GET', `/coffee/${programId}`);
    expect(page.config.hris_groups).toBe('department');
    expect(page.hris_linked).toBe(false);
    const p = await preview();
    expect(p.groups).toEqual([]);
    expect(p.problem?.message).toBe('The HR system has no department for anyone in this round, so no within-group intros could be made.');
    expect(new Set(p.left_out.map((l) => l.why))).toEqual(new Set(['The HR system has no department for them']));
    const bad = await call<{ fields: Record<string, string> }>(admin, 'PUT', `/coffee/${programId}/update_as_json`, { hris_groups: 'team' }, 400);
    expect(bad.fields).toHaveProperty('hris_groups');
  });

  it('with the HR system linked, within-group pairs people of the same department, and names it', async () => {
    const { link_token } = await call<LinkTokenJson>(admin, 'POST', '/hris/create_link_token_as_json', {});
    const { public_token } = await call<{ public_token: string }>(admin, 'POST', '/sandbox/merge/api/link', { link_token });
    await call<{ hris_identity: HrisIdentityJson }>(admin, 'POST', '/hris/create_integration_as_json', { public_token });
    await t.services.queue.idle();
    const ws = (await t.services.workspaces.byTeamId(TEAM))!;
    const people = await t.services.db
      .selectFrom('integration_people as p')
      .innerJoin('members as m', 'm.id', 'p.member_id')
      .select(['m.slack_user_id', 'p.department', 'p.location'])
      .where('p.workspace_id', '=', ws.id)
      .execute();
    expect((await call<{ hris_linked: boolean }>(admin, 'GET', `/coffee/${programId}`)).hris_linked).toBe(true);
    hr = new Map(people.map((p) => [p.slack_user_id, { department: p.department!, location: p.location! }]));
    expect(hr.size).toBe(6);

    const p = await preview();
    // The round's problem note speaks of the HR system too.
    expect(p.problem?.message).toMatch(/^2 people had nobody else from their group in this round; \d+ people had no department in the HR system\.$/);
    expect(p.groups.length).toBeGreaterThan(0);
    for (const g of p.groups) {
      const departments = new Set(g.members.map((m) => hr.get(m.slack_user_id)?.department));
      expect(departments.size).toBe(1);
      expect([...departments][0]).toBeDefined();
      expect(g.reason).toContain(`work in ${[...departments][0]!}`);
    }
    // Dana and Priya lead together (Marcus is not in #intros).
    expect(p.groups.map((g) => g.members.map((m) => m.name).sort())).toContainEqual(['Dana Whitfield', 'Priya Raman']);
    // Members the HR system does not know have no group, and the reason says so; someone alone in theirs is named with it.
    const why = new Map(p.left_out.map((l) => [l.member.slack_user_id, l.why]));
    expect(why.get('U0DEMO005')).toBe('The HR system has no department for them');
    expect(why.get('U0DEMO006')).toBe('Nobody else from Engineering is in this round');
    for (const l of p.left_out) expect(l.code).toBe(hr.has(l.member.slack_user_id) ? 'alone_in_category' : 'no_category');
  });

  it('by location instead; and cross-group keeps people of one department apart where it can', async () => {
    await call(admin, 'PUT', `/coffee/${programId}/update_as_json`, { hris_groups: 'location' });
    const byLocation = await preview();
    for (const g of byLocation.groups) expect(new Set(g.members.map((m) => hr.get(m.slack_user_id)?.location)).size).toBe(1);
    expect(byLocation.groups.flatMap((g) => g.members).every((m) => ['New York', 'Bengaluru'].includes(hr.get(m.slack_user_id)!.location))).toBe(true);

    await call(admin, 'PUT', `/coffee/${programId}/update_as_json`, { pairing_type: 'cross_group_pairing', hris_groups: 'department' });
    const cross = await preview();
    expect(cross.problem).toBeNull();
    // Dana, Priya and Marcus lead together: cross-group never puts two of them in one group when others are there.
    const leaders = [...hr].filter(([, v]) => v.department === 'Leadership').map(([id]) => id);
    for (const g of cross.groups) expect(g.members.filter((m) => leaders.includes(m.slack_user_id)).length).toBeLessThanOrEqual(1);

    // Back to the categories: the interest categories decide again.
    await call(admin, 'PUT', `/coffee/${programId}/update_as_json`, { hris_groups: 'none' });
    expect((await call<{ config: { hris_groups: string } }>(admin, 'GET', `/coffee/${programId}`)).config.hris_groups).toBe('none');
  });

  /** A member links a calendar through the OAuth stand-in (authorize, consent, complete). */
  async function linkCalendar(who: Awaited<ReturnType<typeof signIn>>, provider: 'google' | 'microsoft' | 'zoom'): Promise<void> {
    const { authorize_url } = await call<{ authorize_url: string }>(who, 'POST', '/users/integrations/authorize_as_json', { provider });
    const authorize = new URL(authorize_url);
    const answer = await call<{ redirect_to: string }>(who, 'POST', `/sandbox/oauth/${provider}/code`, {
      client_id: authorize.searchParams.get('client_id'),
      redirect_uri: authorize.searchParams.get('redirect_uri'),
      state: authorize.searchParams.get('state'),
    });
    const back = new URL(answer.redirect_to);
    await call(who, 'POST', '/users/integrations/complete_as_json', { provider, code: back.searchParams.get('code'), state: back.searchParams.get('state') });
  }

  it('the intro DM suggests times everyone is free once all of the group linked a calendar (groups pick their time)', async () => {
    const pair = ['U0DEMO001', 'U0DEMO002'];
    await call(admin, 'PUT', `/coffee/${programId}/update_as_json`, { pairing_type: 'standard', calendar_scheduling_selection: 'groups-choose-meeting-time', video_platform: 'none' });
    const page = await call<{ members: Array<{ slack_user_id: string; status: string }> }>(admin, 'GET', `/coffee/${programId}/members?status=active&per=100`);
    const out = page.members.filter((m) => m.status === 'active' && !pair.includes(m.slack_user_id)).map((m) => m.slack_user_id);
    await call(admin, 'POST', `/coffee/${programId}/update_users_status`, { user_uids: out, status: 'opted_out', coffee_configuration_id: programId });
    const round = async () => {
      await call(admin, 'POST', `/coffee/${programId}/trigger_arrangement_as_json`, {});
      await t.services.queue.idle();
      const dms = await groupDms(t, TEAM, pair[0]!);
      const dm = dms.find((d) => d.users?.includes(pair[1]!))!;
      return dm.messages.at(-1)!.text + JSON.stringify(dm.messages.at(-1)!.blocks ?? []);
    };

    // Only Dana linked a calendar: no suggestions (Priya's busy times are unknown).
    const dana = await signIn(t, TEAM, 'U0DEMO001');
    await linkCalendar(dana, 'google');
    const first = await round();
    expect(first).toContain('Pick a time that works for everyone');
    expect(first).not.toContain("you're all free");

    // Both linked (Google and Microsoft): three free half-hours, none during either one's busy blocks.
    const priya = await signIn(t, TEAM, 'U0DEMO002');
    await linkCalendar(priya, 'microsoft');
    // An hour on, Dana's access token has expired: it is refreshed (through the stand-in's token endpoint) first.
    t.clock.set(new Date(t.clock.now().getTime() + 61 * 60_000));
    const second = await round();
    expect(second).toContain("By your calendars, you're all free:");
    const slots = [...second.matchAll(/<!date\^(\d+)\^\{date_short_pretty\} at \{time\}/g)].map((m) => new Date(Number(m[1]) * 1000));
    expect(new Set(slots.map((d) => d.getTime())).size).toBe(3);
    const { standInBusy } = await import('../../src/integrations/stand-ins/oauth.js');
    const now = t.clock.now();
    const horizon = new Date(now.getTime() + 9 * 86_400_000);
    const busy = [...standInBusy('dana.whitfield@acme.example', now, horizon), ...standInBusy('priya.raman@acme.example', now, horizon)];
    for (const slot of slots) {
      expect(slot.getTime()).toBeGreaterThan(now.getTime() - 60 * 60_000);
      const end = new Date(slot.getTime() + 30 * 60_000);
      expect(busy.some((b) => b.start < end && b.end > slot)).toBe(false);
    }
  });

  it('Zoom as the video link: the intro DM carries a Zoom meeting one of the group hosts, made through Zoom’s API (the stand-in)', async () => {
    await call(admin, 'PUT', `/coffee/${programId}/update_as_json`, { calendar_scheduling_selection: 'groups-choose-meeting-time', video_platform: 'zoom' });
    const lastDm = async () => {
      const dm = (await groupDms(t, TEAM, 'U0DEMO001')).find((d) => d.users?.includes('U0DEMO002'))!;
      const last = dm.messages.at(-1)!;
      return last.text + JSON.stringify(last.blocks ?? []);
    };
    const send = async () => {
      t.clock.set(new Date(t.clock.now().getTime() + 60_000));
      await call(admin, 'POST', `/coffee/${programId}/trigger_arrangement_as_json`, {});
      await t.services.queue.idle();
      return lastDm();
    };
    // Nobody in the pair linked Zoom: no link, the DM still says to meet on Zoom.
    const without = await send();
    expect(without).toContain('Zoom');
    expect(without).not.toContain('zoom.example/j/');

    await linkCalendar(await signIn(t, TEAM, 'U0DEMO002'), 'zoom');
    const withLink = await send();
    expect(withLink).toMatch(/Join on Zoom:\* <https:\/\/zoom\.example\/j\/\d+\|Zoom meeting link>/);
    // Still the calendars' suggestions beside it.
    expect(withLink).toContain("you're all free");

    // Made once per key: the same group of the same round again (a run after a crash) gets the meeting made before;
    // a claim whose call never answered makes none rather than risk a second one.
    const ws = (await t.services.workspaces.byTeamId(TEAM))!.id;
    const ids = await Promise.all(['U0DEMO001', 'U0DEMO002'].map(async (u) => (await t.services.people.bySlackId(ws, u))!.id));
    const meeting = { topic: 'Coffee chat · #intros', start: null, durationMinutes: 30, tz: 'America/New_York' };
    const first = await t.hearth.ports.videoMeetings.get()!.meeting(ws, 'intro:test:zoom', ids, meeting);
    expect(first).toMatch(/^https:\/\/zoom\.example\/j\/\d+$/);
    expect(await t.hearth.ports.videoMeetings.get()!.meeting(ws, 'intro:test:zoom', ids, meeting)).toBe(first);
    expect(await t.hearth.ports.videoMeetings.get()!.meeting(ws, 'intro:other:zoom', ids, meeting)).not.toBe(first);
    await t.services.db.insertInto('integration_writes').values({ workspace_id: ws, key: 'intro:dead:zoom', created_at: new Date() }).execute();
    expect(await t.hearth.ports.videoMeetings.get()!.meeting(ws, 'intro:dead:zoom', ids, meeting)).toBeNull();
  });

  it('a fixed meeting is put on the calendar of one of the group who linked one, the others invited, and the DM says so', async () => {
    await call(admin, 'PUT', `/coffee/${programId}/update_as_json`, { calendar_scheduling_selection: 'fixed-meeting', video_platform: 'zoom' });
    t.clock.set(new Date(t.clock.now().getTime() + 60_000));
    await call(admin, 'POST', `/coffee/${programId}/trigger_arrangement_as_json`, {});
    await t.services.queue.idle();
    const dm = (await groupDms(t, TEAM, 'U0DEMO001')).find((d) => d.users?.includes('U0DEMO002'))!;
    const last = dm.messages.at(-1)!;
    const all = last.text + JSON.stringify(last.blocks ?? []);
    expect(all).toMatch(/Your meeting:\*.* on Zoom\. It's in your calendars\. Can't make it\?/);
    expect(all).toMatch(/Join on Zoom:\* <https:\/\/zoom\.example\/j\/\d+/);

    // Nobody linked a calendar any more: the meeting is still set, but not held.
    for (const [who, provider] of [['U0DEMO001', 'google'], ['U0DEMO002', 'microsoft']] as const)
      await call(await signIn(t, TEAM, who), 'DELETE', '/users/integrations/destroy_as_json', { provider });
    t.clock.set(new Date(t.clock.now().getTime() + 60_000));
    await call(admin, 'POST', `/coffee/${programId}/trigger_arrangement_as_json`, {});
    await t.services.queue.idle();
    const again = (await groupDms(t, TEAM, 'U0DEMO001')).find((d) => d.users?.includes('U0DEMO002'))!.messages.at(-1)!;
    const text = again.text + JSON.stringify(again.blocks ?? []);
    expect(text).toContain('Your meeting:');
    expect(text).not.toContain("It's in your calendars");
  });
});
