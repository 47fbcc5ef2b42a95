import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubSiteAnswer } from '../../src/hub/api-types.js';
import type { CreateTagAnswer, DryRunAnswer, JourneyHomeAnswer, PresetAnswer, PresetBundlesIndex, ScheduleEventJson, SessionJson, TagDetail, TagPresetsIndex, TogglePresetAnswer } from '../../src/journeys/api-types.js';
import { ACME, GLOBEX } from '../../src/sandbox/seed.js';
import { signIn } from '../support/hearth.js';
import { setPlan, type SandboxHearth, startSandboxHearth } from '../support/sandbox-hearth.js';
import { call as callApp } from '../support/http.js';

const path = `${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'} + ${process.env.REDIS_URL ? 'BullMQ' : 'in-process queue'}`;
const TEAM = ACME.teamId;
// Jonas (the new hire) and Lena (his manager) are in Berlin, Ananya (his buddy) in Bengaluru.
const JONAS = 'U0DEMO010';
const LENA = 'U0DEMO009';
const ANANYA = 'U0DEMO007';
/** Tests that move the clock through weeks of sends: Postgres + BullMQ on a shared 2-core machine needs more than the default minute. */
const LONG = 180_000;

interface Who {
  cookie: string;
  csrf: string;
  memberId: number;
}

/**
 * Journeys end to end on the sandbox workspace (Monday 2 March 2026, 08:00 UTC): an onboarding journey from a
 * bundle, a new hire enrolled, the clock advanced through day 1, 5 and 30 with each message at its local time, a
 * task completed and a poll answered from Slack buttons; the free plan's limits, bad input and other workspaces.
 */
describe(`Journeys (${path})`, () => {
  let t: SandboxHearth;
  let admin: Who;
  let tagId: number;
  let roles: { primary: number; manager: number; buddy: number };

  const call = <T = Record<string, unknown>>(who: Who, method: string, url: string, body?: unknown, expectStatus = 200) => callApp<T>(t, who, method, url, body, expectStatus);
  const memberId = async (slackUserId: string, team = TEAM) => {
    const ws = (await t.services.workspaces.byTeamId(team))!;
    return (await t.services.people.bySlackId(ws.id, slackUserId))!.id;
  };
  async function settle() {
    await t.services.queue.idle();
    await expect
      .poll(async () => (await t.services.db.selectFrom('outbox').select('id').where('state', 'in', ['pending', 'sending']).execute()).length, { timeout: 15_000 })
      .toBe(0);
    await t.services.queue.idle();
  }
  const advance = async (to: string) => {
    await t.api('POST', '/sandbox/clock/advance', { to });
    await settle();
  };
  const dm = (userId: string) => t.sandbox.state.openConversation(TEAM, ACME.botUserId, [userId]).channel.id;
  const botMessages = (userId: string) => t.sandbox.state.messageList(dm(userId)).filter((m) => m.bot_id);
  const textOf = (m: { text?: string; blocks?: unknown }) => `${m.text ?? ''} ${JSON.stringify(m.blocks ?? [])}`;
  const withText = (userId: string, needle: string) => botMessages(userId).filter((m) => textOf(m).includes(needle));
  const sentAt = (m: { ts: string }) => new Date(Number(m.ts) * 1000);

  beforeAll(async () => {
    t = await startSandboxHearth();
    admin = await signIn(t, TEAM, ACME.adminUserId);
    // Acme is on Premium for the full journey; Globex stays on the free plan.
    await setPlan(t, TEAM, 'premium');
  });
  afterAll(() => t?.close());

  it('ships a library: categories, presets, bundles and prebuilt journeys for one-click onboarding', async () => {
    const prebuilt = await call<{ prebuilt_journeys: Array<{ id: number; preset_ids: number[]; num_events: number }> }>(admin, 'GET', '/prebuilt_journeys?quick_setup_type=hris_one_click_onboarding');
    expect(prebuilt.prebuilt_journeys.map((p) => p.id)).toEqual([1]);
    expect(prebuilt.prebuilt_journeys[0]!.num_events).toBeGreaterThan(10);
    const cats = await call<{ preset_categories: Array<{ id: number; flow_types: string[] }> }>(admin, 'GET', '/onboarding/preset_categories');
    expect(cats.preset_categories.length).toBeGreaterThanOrEqual(6);
    const bundle = await call<{ preset_bundle: { presets: Array<{ earliest_day: number; latest_day: number; num_events: number }> } }>(admin, 'GET', '/onboarding/preset_bundles/1');
    expect(bundle.preset_bundle.presets[0]).toMatchObject({ earliest_day: -5, latest_day: -2, num_events: 3 });
    await call(admin, 'GET', '/onboarding/preset_bundles/999', undefined, 404);
    const mentorship = await call<PresetBundlesIndex>(admin, 'GET', '/onboarding/preset_bundles?flow_type=mentorship');
    expect(mentorship.preset_bundles.map((b) => b.id)).toEqual([3]);
    // A preset's events page reads the preset, as its own page does.
    const preset = await call<PresetAnswer>(admin, 'GET', '/onboarding/presets/201/events');
    expect(preset.preset).toEqual((await call<PresetAnswer>(admin, 'GET', '/onboarding/presets/201')).preset);
    expect(preset.preset.events.length).toBeGreaterThan(0);
    await call(admin, 'GET', '/prebuilt_journeys?quick_setup_type=nope', undefined, 400);
  });

  it('creates an onboarding journey from a bundle (multipart), with its roles and events', async () => {
    const form = new FormData();
    form.set('channel_id', ACME.channels.general);
    form.set('onboarding_tag[name]', 'Engineering onboarding');
    form.set('onboarding_tag[flow_type]', 'onboarding');
    form.set('onboarding_tag[preset_bundle_id]', '1');
    form.set('source', 'one_click');
    const created = await call<CreateTagAnswer>(admin, 'POST', '/onboarding/tags', form);
    tagId = created.tag.id;
    expect(created.redirect_url).toBe(`/onboarding/tags/${tagId}`);
    expect(created.new_roles.map((r) => r.name).sort()).toEqual(['Buddy', 'Manager', 'New hire']);
    expect(created.events.length).toBe(17);
    expect(created.events.every((e) => e.active)).toBe(true);
    const byName = Object.fromEntries(created.new_roles.map((r) => [r.purpose, r.id]));
    roles = { primary: byName.primary!, manager: byName.manager!, buddy: byName.buddy! };
    expect(created.tag.roleIds[0]).toBe(roles.primary);
    const roleAnswer = await call<{ roleIds: number[] }>(admin, 'GET', `/onboarding/tags/${tagId}/fetch_roles_as_json`);
    expect(roleAnswer.roleIds.sort()).toEqual(Object.values(roles).sort());
    const list = await call<{ tags: Array<{ id: number }> }>(admin, 'GET', '/onboarding/tags');
    expect(list.tags.map((x) => x.id)).toContain(tagId);
    expect((await call<{ tags: unknown[] }>(admin, 'GET', '/participants/tags')).tags).toEqual([]);
    // The journey lives under its own flow only.
    await call(admin, 'GET', `/participants/tags/${tagId}`, undefined, 404);
    // The journey home lists it; the journey's page of one preset has that preset only, added.
    const home = await call<JourneyHomeAnswer>(admin, 'GET', '/onboarding');
    expect(home.tags.map((x) => x.id)).toContain(tagId);
    expect(home.open_action_items).toBe(0);
    const presetId = created.events[0]!.preset_id!;
    const one = await call<TagPresetsIndex>(admin, 'GET', `/onboarding/tags/${tagId}/presets/${presetId}`);
    expect(one.presets.map((p) => [p.id, p.selected])).toEqual([[presetId, true]]);
  });

  it('refuses bad input with the field, and another workspace gets 404s', async () => {
    const bad = await call<{ fields: Record<string, string> }>(admin, 'POST', '/onboarding/tags', { onboarding_tag: { name: ' ', flow_type: 'onboarding' } }, 400);
    expect(bad.fields).toMatchObject({ 'onboarding_tag.name': "can't be blank" });
    const badFlow = await call<{ fields: Record<string, string> }>(admin, 'POST', '/onboarding/tags', { onboarding_tag: { name: 'x', flow_type: 'party' } }, 400);
    expect(Object.keys(badFlow.fields)).toEqual(['onboarding_tag.flow_type']);
    const detail = await call<TagDetail>(admin, 'GET', `/onboarding/tags/${tagId}`);
    const event = detail.events[0]!;
    const badEvent = await call<{ fields: Record<string, string> }>(admin, 'PUT', `/onboarding/events/${event.id}`, { onboarding_schedule_event: { minute_in_day: 2000 } }, 400);
    expect(badEvent.fields).toEqual({ 'onboarding_schedule_event.minute_in_day': 'must be 0 to 1439' });
    const badPoll = await call<{ fields: Record<string, string> }>(admin, 'PUT', `/onboarding/events/${event.id}`, { onboarding_schedule_event: { kind: 'poll', poll_options: ['only one'] } }, 400);
    expect(badPoll.fields).toEqual({ 'onboarding_schedule_event.poll_options': 'a poll needs 2 to 10 answers' });
    await call(admin, 'GET', '/onboarding/tags/99999999999', undefined, 400);
    const badSession = await call<{ fields: Record<string, string> }>(admin, 'POST', `/onboarding/tags/${tagId}/sessions`, { start_date: '2026-02-30', memberships: [] }, 400);
    expect(Object.keys(badSession.fields)).toEqual(['start_date']);

    const globex = await signIn(t, GLOBEX.teamId, GLOBEX.adminUserId);
    await call(globex, 'GET', `/onboarding/tags/${tagId}`, undefined, 404);
    await call(globex, 'PUT', `/onboarding/events/${event.id}`, { onboarding_schedule_event: { minute_in_day: 600 } }, 404);
    await call(globex, 'PUT', `/onboarding/tags/${tagId}/presets/101`, { removing: true }, 404);
    await call(globex, 'GET', `/onboarding/tags/${tagId}/sessions`, undefined, 404);
    await call(globex, 'GET', `/onboarding/tags/${tagId}/dry_run`, undefined, 404);
  });

  it('removes and re-adds a preset: events deactivated and restored, selected follows its events', async () => {
    const removed = await call<TogglePresetAnswer>(admin, 'PUT', `/onboarding/tags/${tagId}/presets/103`, { removing: true });
    expect(removed.preset.selected).toBe(false);
    expect(removed.removed_event_ids).toHaveLength(3);
    let detail = await call<TagDetail>(admin, 'GET', `/onboarding/tags/${tagId}`);
    expect(detail.events.filter((e) => e.preset_id === 103).every((e) => !e.active)).toBe(true);
    const added = await call<TogglePresetAnswer>(admin, 'PUT', `/onboarding/tags/${tagId}/presets/103`, { removing: false });
    expect(added.preset.selected).toBe(true);
    expect(added.events!.map((e) => e.id).sort()).toEqual([...removed.removed_event_ids!].sort());
    expect(added.new_roles).toEqual([]);
    // Deactivating one event of a preset keeps it selected while another is active.
    const [first, second, third] = added.events!;
    await call(admin, 'PUT', `/onboarding/events/${first!.id}`, { onboarding_schedule_event: { active: false } });
    await call(admin, 'PUT', `/onboarding/events/${second!.id}`, { onboarding_schedule_event: { active: false } });
    let presets = await call<{ presets: Array<{ id: number; selected: boolean }> }>(admin, 'GET', `/onboarding/tags/${tagId}/presets`);
    expect(presets.presets.find((p) => p.id === 103)!.selected).toBe(true);
    await call(admin, 'PUT', `/onboarding/events/${third!.id}`, { onboarding_schedule_event: { active: false } });
    presets = await call(admin, 'GET', `/onboarding/tags/${tagId}/presets`);
    expect(presets.presets.find((p) => p.id === 103)!.selected).toBe(false);
    await call(admin, 'PUT', `/onboarding/tags/${tagId}/presets/103`, { removing: false });
    detail = await call<TagDetail>(admin, 'GET', `/onboarding/tags/${tagId}`);
    expect(detail.events.filter((e) => e.active)).toHaveLength(17);
    // add_event, duplicate and delete.
    const extra = await call<{ event: ScheduleEventJson }>(admin, 'POST', `/onboarding/tags/${tagId}/presets/104/add_event`, { days_later: 2 });
    expect(extra.event).toMatchObject({ days_later: 2, kind: 'message', preset_id: 104, group: 'First-week check-in' });
    const copy = await call<{ event: ScheduleEventJson }>(admin, 'POST', `/onboarding/tags/${tagId}/events/${extra.event.id}/duplicate_as_json`);
    expect(copy.event.id).not.toBe(extra.event.id);
    await call(admin, 'DELETE', `/onboarding/events/${copy.event.id}`);
    await call(admin, 'DELETE', `/onboarding/events/${extra.event.id}`);
  });

  it('previews a message by sending a test to the admin', async () => {
    const detail = await call<TagDetail>(admin, 'GET', `/onboarding/tags/${tagId}`);
    const poll = detail.events.find((e) => e.kind === 'poll')!;
    const sent = await call<{ sent_to: string; preview: { blocks: unknown[] } }>(admin, 'POST', `/onboarding/tags/${tagId}/events/${poll.id}/send_test`);
    expect(sent.sent_to).toBe(ACME.adminUserId);
    await settle();
    expect(withText(ACME.adminUserId, 'only you see this')).toHaveLength(1);
  });

  it('shows the dry run for a hypothetical start and for the new hire: every item at its local time, weekends skipped', async () => {
    const hypo = await call<DryRunAnswer>(admin, 'GET', `/onboarding/tags/${tagId}/dry_run?start_date=2026-03-06&time_zone=America/New_York`);
    expect(hypo.items).toHaveLength(17);
    for (const i of hypo.items) expect(i.weekday).toBeLessThanOrEqual(5);
    const morning = hypo.items.find((i) => i.title === 'Good morning, and welcome!')!;
    expect(morning).toMatchObject({ occurs_on: '2026-03-06', local_time: '08:30', time_zone: 'America/New_York', at: '2026-03-06T13:30:00.000Z' });
    // Day 5 (work day 4) is the next Thursday, after New York's DST change: 15:00 EDT is 19:00 UTC.
    const pulse = hypo.items.find((i) => i.title === 'How was your first week?')!;
    expect(pulse).toMatchObject({ occurs_on: '2026-03-12', local_time: '15:00', at: '2026-03-12T19:00:00.000Z' });
    const jonasId = await memberId(JONAS);
    const forJonas = await call<DryRunAnswer>(admin, 'GET', `/onboarding/tags/${tagId}/dry_run?user_id=${jonasId}&start_date=2026-03-03`);
    expect(forJonas.time_zone).toBe('Europe/Berlin');
    expect(forJonas.items.find((i) => i.title === 'Good morning, and welcome!')).toMatchObject({ at: '2026-03-03T07:30:00.000Z', text: expect.stringContaining('Good morning Jonas') });
    const bad = await call<{ fields: Record<string, string> }>(admin, 'GET', `/onboarding/tags/${tagId}/dry_run?time_zone=Mars/Base`, undefined, 400);
    expect(Object.keys(bad.fields)).toEqual(['time_zone']);
  });

  let session: SessionJson;

  it('enrols a new hire: session events from the journey, in the zone of his Slack profile', async () => {
    session = (
      await call<{ session: SessionJson }>(admin, 'POST', `/onboarding/tags/${tagId}/sessions`, {
        start_date: '2026-03-03',
        memberships: [
          { role_id: roles.primary, user_id: await memberId(JONAS) },
          { role_id: roles.manager, user_id: await memberId(LENA) },
          { role_id: roles.buddy, user_id: await memberId(ANANYA) },
        ],
      })
    ).session;
    expect(session).toMatchObject({ start_date: '2026-03-03', time_zone: 'Europe/Berlin', time_zone_source: 'sync', state: 'active' });
    expect(session.session_events).toHaveLength(17);
    const sessions = await call<{ sessions: SessionJson[] }>(admin, 'GET', `/onboarding/tags/${tagId}/sessions`);
    expect(sessions.sessions.map((s) => s.id)).toContain(session.id);
    // Enrolled on Monday 09:00 in Berlin for a Tuesday start: what was due before now (work days -5 to -1) is
    // caught up, each at its own minute on its recipient's next work day that minute is still ahead, never in a burst.
    const caught = session.session_events.filter((e) => e.rescheduled);
    expect(caught.every((e) => e.state === 'pending' && e.occurs_at > '2026-03-02T08:00:00.000Z' && ![0, 6].includes(new Date(`${e.occurs_on}T12:00:00Z`).getUTCDay()))).toBe(true);
    const byTitle = (title: string) => session.session_events.find((e) => e.title === title)!;
    expect(byTitle('Welcome aboard!')).toMatchObject({ occurs_on: '2026-03-02', minute_in_day: 600, occurs_at: '2026-03-02T09:00:00.000Z', rescheduled: true });
    expect(byTitle("You're a buddy!")).toMatchObject({ occurs_on: '2026-03-03', minute_in_day: 570, occurs_at: '2026-03-03T04:00:00.000Z', rescheduled: true });
    await advance('2026-03-02T08:02:00Z');
    expect(withText(JONAS, 'Welcome to the team')).toHaveLength(0);
    expect(withText(ANANYA, 'Thanks for being')).toHaveLength(0);
    await advance('2026-03-02T09:01:00Z');
    const [welcome] = withText(JONAS, 'Welcome to the team');
    expect(sentAt(welcome!).toISOString()).toBe('2026-03-02T09:00:00.000Z');
    await advance('2026-03-03T04:01:00Z');
    const [thanks] = withText(ANANYA, 'Thanks for being');
    expect(sentAt(thanks!).toISOString()).toBe('2026-03-03T04:00:00.000Z');
  });

  it('day 1: each message at its local time in Berlin', async () => {
    await advance('2026-03-03T07:29:00Z');
    expect(withText(JONAS, 'Good morning Jonas')).toHaveLength(0);
    await advance('2026-03-03T07:31:00Z');
    const [morning] = withText(JONAS, 'Good morning Jonas');
    expect(sentAt(morning!).toISOString()).toBe('2026-03-03T07:30:00.000Z');
    await advance('2026-03-03T12:30:00Z');
    // The task at 10:00 Berlin, the intro to his manager (a group DM) at 11:00, the buddy intro at 13:00.
    const task = withText(JONAS, 'Complete your Slack profile');
    expect(task).toHaveLength(1);
    expect(sentAt(task[0]!).toISOString()).toBe('2026-03-03T09:00:00.000Z');
    const intro = t.sandbox.state.openConversation(TEAM, ACME.botUserId, [JONAS, LENA]).channel.id;
    expect(t.sandbox.state.messageList(intro).filter((m) => textOf(m).includes('meet <@U0DEMO009>, your manager'))).toHaveLength(1);
    // `/hearth journey` (and the Home tab) show his open task and what comes next for him, not his manager's tasks.
    const reply = JSON.stringify(await t.api('POST', '/sandbox/commands', { team_id: TEAM, user_id: JONAS, channel_id: dm(JONAS), text: '/hearth journey' }));
    expect(reply).toContain('Your journey');
    expect(reply).toContain('Complete your Slack profile');
    expect(reply).toContain('How was your first week?');
    expect(reply).not.toContain('30-day review');
  });

  it('completes a task from its Slack button (source slack)', async () => {
    const [task] = withText(JONAS, 'Complete your Slack profile');
    await t.api('POST', '/sandbox/actions', { team_id: TEAM, user_id: JONAS, action_id: 'journeys_task_done', channel_id: dm(JONAS), message_ts: task!.ts });
    await settle();
    const row = await t.services.db.selectFrom('journey_task_assignments').selectAll().where('session_id', '=', session.id).where('state', '=', 'complete').executeTakeFirst();
    expect(row).toMatchObject({ source: 'slack' });
    expect(textOf(t.sandbox.state.messageList(dm(JONAS)).find((m) => m.ts === task!.ts)!)).toContain('Done');
    const events = await t.services.db.selectFrom('domain_events').select(['type', 'payload']).where('type', '=', 'journey.task_completed').execute();
    expect(events).toHaveLength(1);
  });

  it('day 5: the Friday poll at 15:00 Berlin, answered from Slack; day 30: one month in after DST', async () => {
    // Work day 4 from Tuesday 3 March is Monday 9 March.
    await advance('2026-03-09T13:59:00Z');
    expect(withText(JONAS, 'How did it go?')).toHaveLength(0);
    await advance('2026-03-09T14:01:00Z');
    const [poll] = withText(JONAS, 'How did it go?');
    expect(sentAt(poll!).toISOString()).toBe('2026-03-09T14:00:00.000Z');
    await t.api('POST', '/sandbox/actions', { team_id: TEAM, user_id: JONAS, action_id: 'journeys_poll_answer_1', channel_id: dm(JONAS), message_ts: poll!.ts });
    await settle();
    const answer = await t.services.db.selectFrom('journey_poll_responses').selectAll().where('session_id', '=', session.id).executeTakeFirstOrThrow();
    expect(answer).toMatchObject({ answer_index: 1, source: 'slack' });
    // Someone else pressing Jonas's button changes nothing.
    const pollId = answer.id;
    // Day 30: work day 21 is Wednesday 1 April, 9:30 in Berlin (CEST since 29 March) = 07:30 UTC.
    await advance('2026-04-01T07:31:00Z');
    const [month] = withText(JONAS, 'Happy one month, Jonas');
    expect(sentAt(month!).toISOString()).toBe('2026-04-01T07:30:00.000Z');
    // The member's own API answers too (the journey site), another member's poll is not found.
    const jonas = await signIn(t, TEAM, JONAS);
    const lena = await signIn(t, TEAM, LENA);
    await call(lena, 'POST', `/onboarding/poll_responses/${pollId}/answer`, { answer_index: 0, source: 'site' }, 404);
    const bad = await call<{ fields: Record<string, string> }>(jonas, 'POST', `/onboarding/poll_responses/${pollId}/answer`, { answer_index: 7, source: 'site' }, 400);
    expect(Object.keys(bad.fields)).toEqual(['answer_index']);
    const again = await call<{ poll_response: { answer_index: number; source: string } }>(jonas, 'POST', `/onboarding/poll_responses/${pollId}/answer`, { answer_index: 0, source: 'site' });
    expect(again.poll_response).toMatchObject({ answer_index: 0, source: 'site' });
    // A participant cannot pass their answer off as an admin's, nor read the journey's sessions.
    const posing = await call<{ fields: Record<string, string> }>(jonas, 'POST', `/onboarding/poll_responses/${pollId}/answer`, { answer_index: 0, source: 'admin' }, 400);
    expect(posing.fields).toEqual({ source: 'can be admin only when a workspace admin answers' });
    await call(jonas, 'GET', `/onboarding/tags/${tagId}/sessions`, undefined, 403);
    // Each message went out once.
    for (const needle of ['Good morning Jonas', 'Complete your Slack profile', 'How did it go?', 'Happy one month']) expect(withText(JONAS, needle), needle).toHaveLength(1);
    const sent = await t.services.db.selectFrom('domain_events').select('type').where('type', '=', 'journey.message_sent').execute();
    expect(sent.length).toBeGreaterThanOrEqual(14);
  }, LONG);

  it('an unfilled role is an attention item and a domain event, not a silent skip', async () => {
    const rohan = await memberId('U0DEMO008');
    const s = (await call<{ session: SessionJson }>(admin, 'POST', `/onboarding/tags/${tagId}/sessions`, { start_date: '2026-04-02', memberships: [{ role_id: roles.primary, user_id: rohan }] })).session;
    expect(s.time_zone).toBe('Asia/Kolkata');
    await advance('2026-04-02T12:00:00Z');
    const issues = await t.services.db.selectFrom('reporting_session_issues').selectAll().where('session_id', '=', s.id).execute();
    expect(issues.map((i) => i.issue_type)).toContain('missing_role');
    const missing = await t.services.db.selectFrom('domain_events').select('payload').where('type', '=', 'journey.role_missing').execute();
    expect(missing.length).toBeGreaterThan(0);
    expect(withText(ACME.adminUserId, 'nobody is the')).not.toHaveLength(0);
    // The People tab says why each skipped message never went: the role nobody fills, in words.
    const listed = (await call<{ sessions: SessionJson[] }>(admin, 'GET', `/onboarding/tags/${tagId}/sessions`)).sessions.find((x) => x.id === s.id)!;
    const skipped = listed.session_events.filter((e) => e.state === 'skipped');
    expect(new Set(skipped.map((e) => e.skip_reason))).toEqual(new Set(['no manager', 'no buddy', 'no connections chosen']));
    expect(listed.session_events.filter((e) => e.state !== 'skipped').every((e) => e.skip_reason === null)).toBe(true);
    // Their dry run says the same of each, in the same words.
    const dry = await call<DryRunAnswer>(admin, 'GET', `/onboarding/tags/${tagId}/dry_run?user_id=${rohan}`);
    const reasons = (events: Array<{ id: number | null; skip_reason: string | null }>) => events.map((e) => `${e.id}: ${e.skip_reason}`).sort();
    expect(reasons(dry.items.map((i) => ({ id: i.session_event_id, skip_reason: i.skip_reason })))).toEqual(reasons(listed.session_events));
    // The reason is kept from when it was skipped: a message to the manager, later sent to the buddy instead (a role
    // that is empty too), still says it went nowhere for want of a manager.
    const events = (await call<TagDetail>(admin, 'GET', `/onboarding/tags/${tagId}`)).events;
    const toManager = skipped.find((e) => events.some((ev) => ev.id === e.event_id && ev.kind === 'message' && ev.role === roles.manager))!;
    expect(toManager.skip_reason).toBe('no manager');
    await call(admin, 'PUT', `/onboarding/events/${toManager.event_id}`, { onboarding_schedule_event: { role: roles.buddy } });
    const after = (await call<{ sessions: SessionJson[] }>(admin, 'GET', `/onboarding/tags/${tagId}/sessions`)).sessions.find((x) => x.id === s.id)!;
    expect(after.session_events.find((e) => e.id === toManager.id)).toMatchObject({ state: 'skipped', skip_reason: 'no manager' });
    await call(admin, 'PUT', `/onboarding/events/${toManager.event_id}`, { onboarding_schedule_event: { role: roles.manager } });
  }, LONG);

  it('"people on it now" (num_active_sessions) is the active sessions, a later start included, as the People tab lists them', async () => {
    const onItNow = async () => (await call<TagDetail>(admin, 'GET', `/onboarding/tags/${tagId}`)).tag.num_active_sessions;
    const listed = async (state: string) => (await call<{ sessions: SessionJson[] }>(admin, 'GET', `/onboarding/tags/${tagId}/sessions?state=${state}`)).sessions;
    const before = await onItNow();
    const enrol = async (slackUserId: string, startDate: string) =>
      (await call<{ session: SessionJson }>(admin, 'POST', `/onboarding/tags/${tagId}/sessions`, { start_date: startDate, memberships: [{ role_id: roles.primary, user_id: await memberId(slackUserId) }] })).session;
    const today = t.clock.now().toISOString().slice(0, 10);
    await enrol('U0DEMO034', today);
    await enrol('U0DEMO035', '2026-09-01');
    // A third whose session finished (every message sent or skipped) is listed, but no longer on it.
    const done = await enrol('U0DEMO011', today);
    await t.services.db.updateTable('journey_sessions').set({ state: 'finished', finished_at: t.clock.now() }).where('id', '=', done.id).execute();
    expect(await onItNow()).toBe(before + 2);
    const all = await listed('all');
    expect(all.find((x) => x.id === done.id)?.state).toBe('finished');
    expect(all.filter((x) => x.state === 'active')).toHaveLength(before + 2);
    expect(await listed('active')).toHaveLength(before + 2);
  }, LONG);

  it('moves, deletes and triggers one session event', async () => {
    const rohan = await memberId('U0DEMO008');
    const s = (await call<{ session: SessionJson }>(admin, 'POST', `/onboarding/tags/${tagId}/sessions`, { start_date: '2026-04-20', time_zone: 'Australia/Sydney', memberships: [{ role_id: roles.primary, user_id: rohan }, { role_id: roles.manager, user_id: await memberId(LENA) }, { role_id: roles.buddy, user_id: await memberId(ANANYA) }] })).session;
    expect(s.time_zone_source).toBe('explicit');
    const [a, b, c] = s.session_events.filter((e) => e.state === 'pending');
    const moved = await call<{ session_event: { occurs_on: string; minute_in_day: number; rescheduled: boolean } }>(admin, 'PUT', `/onboarding/session_events/${a!.id}`, { onboarding_session_event: { occurs_at: '2026-04-22T10:15' } });
    expect(moved.session_event).toMatchObject({ occurs_on: '2026-04-22', minute_in_day: 615, rescheduled: true });
    await call(admin, 'PUT', `/onboarding/session_events/${a!.id}`, { onboarding_session_event: { occurs_at: 'soon' } }, 400);
    // A weekend day only when the admin confirms it (the page asks).
    const weekend = await call<{ fields: Record<string, string> }>(admin, 'PUT', `/onboarding/session_events/${a!.id}`, { onboarding_session_event: { occurs_at: '2026-04-25T10:15' } }, 400);
    expect(weekend.fields).toEqual({ occurs_at: 'Saturday, April 25 is a weekend day: journeys send on work days', allow_weekend: 'confirm to send on a weekend day' });
    const confirmed = await call<{ session_event: { occurs_on: string } }>(admin, 'PUT', `/onboarding/session_events/${a!.id}`, { onboarding_session_event: { occurs_at: '2026-04-25T10:15', allow_weekend: true } });
    expect(confirmed.session_event.occurs_on).toBe('2026-04-25');
    await call(admin, 'PUT', `/onboarding/session_events/${a!.id}`, { onboarding_session_event: { occurs_at: '2026-04-22T10:15' } });
    const deleted = await call<{ session_event: { active: boolean; state: string } }>(admin, 'DELETE', `/onboarding/session_events/${b!.id}`);
    expect(deleted.session_event).toMatchObject({ active: false, state: 'deleted' });
    const triggered = await call<{ session_event: { triggering: boolean } }>(admin, 'POST', `/onboarding/session_events/${c!.id}/trigger`);
    expect(triggered.session_event.triggering).toBe(true);
    await settle();
    const after = (await t.services.db.selectFrom('journey_session_events').select(['state']).where('id', '=', c!.id).executeTakeFirstOrThrow()).state;
    expect(after).toBe('sent');
    const globex = await signIn(t, GLOBEX.teamId, GLOBEX.adminUserId);
    await call(globex, 'POST', `/onboarding/session_events/${c!.id}/trigger`, undefined, 404);
  });

  it('the free plan runs one journey at a time with 3 messages (402 with the upgrade feature)', async () => {
    const globex = await signIn(t, GLOBEX.teamId, GLOBEX.adminUserId);
    const first = await call<CreateTagAnswer>(globex, 'POST', '/onboarding/tags', { onboarding_tag: { name: 'Mentors', flow_type: 'mentorship', preset_bundle_id: 3 } });
    expect(first.redirect_url).toBe(`/participants/tags/${first.tag.id}`);
    // A free journey starts with its first 3 messages; the rest wait, inactive.
    expect(first.events.filter((e) => e.active)).toHaveLength(3);
    const inactive = first.events.find((e) => !e.active)!;
    const refused = await call<{ feature: string; trial_available: boolean; error: string }>(globex, 'PUT', `/participants/events/${inactive.id}`, { onboarding_schedule_event: { active: true } }, 402);
    expect(refused).toMatchObject({ feature: 'journeys', error: 'The free plan sends up to 3 messages per journey.' });
    const second = await call<{ feature: string }>(globex, 'POST', '/onboarding/tags', { onboarding_tag: { name: 'Another', flow_type: 'training' } }, 402);
    expect(second.feature).toBe('journeys');
    await call(globex, 'POST', `/participants/tags/${first.tag.id}/events`, { onboarding_schedule_event: { text: 'One more' } }, 402);
  });
  it('a journey of another flow answers under /participants: its page, an event, its dry run and its hub', async () => {
    const created = await call<CreateTagAnswer>(admin, 'POST', '/onboarding/tags', { onboarding_tag: { name: 'Mentoring circle', flow_type: 'mentorship' } });
    const id = created.tag.id;
    expect(created.redirect_url).toBe(`/participants/tags/${id}`);
    const detail = await call<TagDetail>(admin, 'GET', `/participants/tags/${id}`);
    expect(detail.flow_type.routeResource).toBe('participants');
    await call(admin, 'GET', `/onboarding/tags/${id}`, undefined, 404);
    const { event } = await call<{ event: ScheduleEventJson }>(admin, 'POST', `/participants/tags/${id}/events`, {
      onboarding_schedule_event: { kind: 'message', title: 'Welcome', text: 'Hi {first_name}', days_later: 0, minute_in_day: 540, recipient_type: 'role', role: created.tag.roleIds[0] },
    });
    const dry = await call<DryRunAnswer>(admin, 'GET', `/participants/tags/${id}/dry_run`);
    expect(dry.items.map((i) => [i.event_id, i.local_time])).toEqual([[event.id, '09:00']]);
    const site = await call<HubSiteAnswer>(admin, 'GET', `/participants/tags/${id}/site`);
    expect(site.journey_name).toBe('Mentoring circle');
    expect(site.preview.data.events.upcoming.map((e) => e.id)).toEqual([event.id]);
  });
});
