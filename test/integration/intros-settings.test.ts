import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME, GLOBEX } from '../../src/sandbox/seed.js';
import { type SandboxHearth, setPlan, startSandboxHearth } from '../support/sandbox-hearth.js';
import { db, signedIn, type ApiClient } from './intros-support.js';

interface Config {
  pairing_type: string;
  group_size: number;
  enforce_group_size: boolean;
  claiming_allowed: boolean;
  period: number;
  weekday: number;
  occurrence_hour: number;
  next_fixed_meeting_on: string | null;
  next_fixed_meeting_time: string | null;
  calendar_scheduling_selection: string;
  video_platform: string;
  next_run_at: string | null;
  next_occurrence_on: string | null;
  categories: Array<{ id: number; name: string }>;
}
interface Page {
  config: Config;
  member_counts: { active: number };
  planned_round: { people: number; groups: number };
  program: { is_active: boolean; next_occurrence_on: string | null };
  adjusted?: Record<string, string>;
}

/** The Intros settings rules (programs.md §4, §5, §9), enforced by the server on a real database. */
describe(`Intros settings (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let t: SandboxHearth;
  let admin: ApiClient;
  let member: ApiClient;
  let id: number;
  const put = (body: Record<string, unknown>, status = 200) => admin.call<Page & { error?: string; fields?: Record<string, string>; feature?: string }>('PUT', `/coffee/${id}/update_as_json`, body, status);

  beforeAll(async () => {
    t = await startSandboxHearth();
    admin = await signedIn(t, ACME.teamId, ACME.adminUserId);
    member = await signedIn(t, ACME.teamId, 'U0DEMO012');
    id = (await admin.call<{ id: number; redirect_url: string }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: ACME.channels.intros })).id;
  });
  afterAll(() => t?.close());

  it('creates from the Coffee chats template: standard pairs every 2 weeks, Monday 9:00', async () => {
    const page = await admin.call<Page>('GET', `/coffee/${id}`);
    expect(page.config).toMatchObject({ pairing_type: 'standard', group_size: 2, period: 2, weekday: 1, occurrence_hour: 9, enforce_group_size: false, calendar_scheduling_selection: 'none' });
    expect(page.config.next_occurrence_on).toBe('2026-03-02');
    expect(page.program.next_occurrence_on).toBe('2026-03-02');
    // What send-now promises is the pairing's own plan of the active members (pairs here).
    expect(page.planned_round).toEqual({ people: page.member_counts.active, groups: Math.floor(page.member_counts.active / 2) });
    const icebreakers = await admin.call<{ icebreakers: Array<{ active: boolean }> }>('GET', `/coffee/${id}/icebreakers`);
    expect(icebreakers.icebreakers.length).toBeGreaterThanOrEqual(40);
  });

  it('free plan: one Intros channel (402 intros_channels), and the Lottery template needs paid access', async () => {
    const second = await admin.call<{ error: string; feature: string }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: ACME.channels.general }, 402);
    expect(second.feature).toBe('intros_channels');
    await setPlan(t, ACME.teamId, 'premium');
    const lottery = await admin.call<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-lottery', channel_id: ACME.channels.general });
    const page = await admin.call<Page>('GET', `/coffee/${lottery.id}`);
    expect(page.config).toMatchObject({ pairing_type: 'lottery', group_size: 4, enforce_group_size: false });
    await setPlan(t, ACME.teamId, 'free');
    // The second channel stays; a third on the free plan is refused.
    const third = await admin.call<{ feature: string }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-lottery', channel_id: ACME.channels.watercooler }, 402);
    expect(third.feature).toBe('intros_channels');
  });

  it('non-standard pairing types need paid access or claiming_allowed: 402 pairing_types, nothing saved', async () => {
    for (const pairing_type of ['cross_group_pairing', 'within_group_pairing', 'lottery']) {
      const res = await put({ coffee_configuration: { pairing_type, group_size: 3 } }, 402);
      expect(res.feature).toBe('pairing_types');
    }
    expect((await admin.call<Page>('GET', `/coffee/${id}`)).config).toMatchObject({ pairing_type: 'standard', group_size: 2 });

    // A member who is not an account admin may not lift the limit themselves.
    const ws = await t.services.workspaces.byTeamId(ACME.teamId);
    const dev = await t.services.people.bySlackId(ws!.id, 'U0DEMO012');
    await t.services.db.insertInto('channel_program_members').values({ program_id: id, member_id: dev!.id, role: 'editor' }).execute();
    await member.call('PUT', `/coffee/${id}/update_as_json`, { claiming_allowed: true, pairing_type: 'lottery' }, 403);

    const claimed = await put({ claiming_allowed: true, pairing_type: 'cross_group_pairing', group_size: 3, enforce_group_size: true });
    expect(claimed.config).toMatchObject({ pairing_type: 'cross_group_pairing', claiming_allowed: true, enforce_group_size: true, group_size: 3 });
  });

  it('lottery or standard turns enforce_group_size off', async () => {
    const lottery = await put({ pairing_type: 'lottery', enforce_group_size: true });
    expect(lottery.config.enforce_group_size).toBe(false);
    expect(lottery.adjusted).toHaveProperty('enforce_group_size');
    await put({ pairing_type: 'within_group_pairing', enforce_group_size: true });
    const standard = await put({ pairing_type: 'standard' });
    expect(standard.config.enforce_group_size).toBe(false);
    await put({ claiming_allowed: false, group_size: 2 });
  });

  it('Intro by interests is free (programs.md §9): a free workspace saves it without claiming_allowed', async () => {
    const interests = await put({ pairing_type: 'topic_based' });
    expect(interests.config).toMatchObject({ pairing_type: 'topic_based', claiming_allowed: false });
    await put({ pairing_type: 'standard' });
  });

  it('a calendar selection other than groups-choose-meeting-time resets meet_and_teams to none', async () => {
    const choose = await put({ calendar_scheduling_selection: 'groups-choose-meeting-time', video_platform: 'meet_and_teams' });
    expect(choose.config.video_platform).toBe('meet_and_teams');
    const none = await put({ calendar_scheduling_selection: 'none' });
    expect(none.config.video_platform).toBe('none');
    expect(none.adjusted?.video_platform).toMatch(/reset to none/);
    const zoom = await put({ calendar_scheduling_selection: 'fixed-meeting', video_platform: 'zoom', next_fixed_meeting_time: '10:00' });
    expect(zoom.config.video_platform).toBe('zoom');
    const fixed = await put({ video_platform: 'meet_and_teams' });
    expect(fixed.config.video_platform).toBe('none');
  });

  it('the fixed meeting date falls within the period after the next occurrence, else the day after (weekends skipped)', async () => {
    // Next occurrence Monday 2026-03-02, period 2 weeks: 2026-03-02 .. 2026-03-13.
    const inside = await put({ next_fixed_meeting_on: '2026-03-11' });
    expect(inside.config.next_fixed_meeting_on).toBe('2026-03-11');
    const outside = await put({ next_fixed_meeting_on: '2026-03-20' });
    expect(outside.config.next_fixed_meeting_on).toBe('2026-03-03');
    expect(outside.adjusted?.next_fixed_meeting_on).toMatch(/moved to 2026-03-03/);
    const before = await put({ next_fixed_meeting_on: '2026-02-27' });
    expect(before.config.next_fixed_meeting_on).toBe('2026-03-03');
    // Rounds on Friday: the day after is Saturday, so the meeting moves to Monday.
    const friday = await put({ weekday: 5, next_fixed_meeting_on: '2026-04-01' });
    expect(friday.config.next_occurrence_on).toBe('2026-03-06');
    expect(friday.config.next_fixed_meeting_on).toBe('2026-03-09');
    // Period 0: the fixed date is the occurrence date itself.
    const once = await put({ period: 0, next_fixed_meeting_on: '2026-03-09' });
    expect(once.config.next_fixed_meeting_on).toBe(once.config.next_occurrence_on);
    await put({ period: 2, weekday: 1, next_fixed_meeting_on: '2026-03-04' });
  });

  it('the fixed meeting time is at least 30 minutes after the occurrence hour: 400 with the field, nothing saved', async () => {
    const early = await put({ next_fixed_meeting_time: '09:15', intro_message: 'should not be saved' }, 400);
    expect(early.fields?.next_fixed_meeting_time).toMatch(/at least 30 minutes/);
    const page = await admin.call<Page & { config: { intro_message: string } }>('GET', `/coffee/${id}`);
    expect(page.config.intro_message).not.toBe('should not be saved');
    expect((await put({ next_fixed_meeting_time: '9:30' })).config.next_fixed_meeting_time).toBe('09:30');
    // Moving the hour later makes the stored time too early.
    const later = await put({ occurrence_hour: 10 }, 400);
    expect(later.fields).toHaveProperty('next_fixed_meeting_time');
    expect((await put({ occurrence_hour: 10, next_fixed_meeting_time: '11:00' })).config.occurrence_hour).toBe(10);
  });

  it('rejects bad values with 400 and the fields; another workspace’s program is 404; a plain member is 403', async () => {
    const bad = await put({ group_size: 9, weekday: 8 }, 400);
    expect(Object.keys(bad.fields ?? {})).toEqual(expect.arrayContaining(['group_size', 'weekday']));
    const unknown = await put({ pairing_type: 'speed_dating' }, 400);
    expect(unknown.fields).toHaveProperty('pairing_type');
    const globex = await signedIn(t, GLOBEX.teamId, GLOBEX.adminUserId);
    await globex.call('GET', `/coffee/${id}`, undefined, 404);
    await globex.call('PUT', `/coffee/${id}/update_as_json`, { period: 1 }, 404);
    const other = await signedIn(t, ACME.teamId, 'U0DEMO013');
    await other.call('GET', `/coffee/${id}`, undefined, 403);
  });

  it('pauses and activates with is_active; the schedule follows weekday, hour, period and zone', async () => {
    const paused = await put({ is_active: false });
    expect(paused.program.is_active).toBe(false);
    expect(paused.config.next_run_at).toBeNull();
    const stored = await db(t).selectFrom('intros_configs').select('next_run_at').where('program_id', '=', id).executeTakeFirstOrThrow();
    expect(stored.next_run_at).toBeNull();
    const active = await put({ is_active: true, weekday: 3, occurrence_hour: 8, next_fixed_meeting_time: '08:30', tz: 'Europe/Prague' });
    expect(active.program.is_active).toBe(true);
    expect(active.config.next_run_at).toBe('2026-03-04T07:00:00.000Z'); // Wednesday 8:00 in Prague (CET)
    await put({ tz: 'Europe/Pague' }, 400);
  });

  it('edits interest categories as a list and reminds members without one', async () => {
    const withCats = await put({ categories: [{ name: 'Hiking' }, { name: 'Board games' }] });
    expect(withCats.config.categories.map((c) => c.name)).toEqual(['Hiking', 'Board games']);
    const [hiking] = withCats.config.categories;
    const renamed = await put({ categories: [{ id: hiking!.id, name: 'Mountains' }, { name: 'Cooking' }] });
    expect(renamed.config.categories.map((c) => c.name)).toEqual(['Mountains', 'Cooking']);
    await put({ categories: [{ name: 'A' }, { name: 'a' }] }, 400);
    const reminded = await admin.call<{ num_users_messaged: number }>('POST', `/coffee/${id}/remind_users_to_pick_category_options`, {});
    expect(reminded.num_users_messaged).toBeGreaterThanOrEqual(28);
    await t.services.queue.idle();
    const dm = await t.services.db.selectFrom('outbox').select(['state', 'payload']).where('idempotency_key', 'like', `intro-categories:${id}:%`).execute();
    expect(dm).toHaveLength(reminded.num_users_messaged);
  });

  it('sets the team welcome message (admins), manages icebreakers and lists the shipped library', async () => {
    const ws = await t.services.workspaces.byTeamId(ACME.teamId);
    const team = await admin.call<{ team: { id: number; pairing_welcome_message: string } }>('PUT', `/teams/${ws!.id}`, { team: { pairing_welcome_message: 'Welcome to {channel}!' } });
    expect(team.team.pairing_welcome_message).toBe('Welcome to {channel}!');
    const plain = await signedIn(t, ACME.teamId, 'U0DEMO013');
    await plain.call('PUT', `/teams/${ws!.id}`, { team: { pairing_welcome_message: 'x' } }, 403);

    const library = await admin.call<{ icebreakers: Array<{ library_key: string; theme: string }>; themes: unknown[] }>('GET', '/icebreakers/index_no_config');
    expect(library.icebreakers.length).toBeGreaterThanOrEqual(40);
    expect(new Set(library.icebreakers.map((i) => i.theme)).size).toBeGreaterThanOrEqual(3);
    const created = await admin.call<{ icebreaker: { id: number; active: boolean; question: string } }>('POST', `/coffee/${id}/icebreakers`, { icebreaker: { question: 'What is your favourite tree?' } });
    expect(created.icebreaker.active).toBe(true);
    const off = await admin.call<{ icebreaker: { active: boolean } }>('PUT', `/coffee/${id}/icebreakers/${created.icebreaker.id}`, { icebreaker: { active: false } });
    expect(off.icebreaker.active).toBe(false);
    await admin.call('POST', `/coffee/${id}/icebreakers`, { icebreaker: { question: '' } }, 400);
  });
});
