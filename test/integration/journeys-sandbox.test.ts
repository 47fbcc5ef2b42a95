import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTagAnswer, DeleteRoleAnswer, DryRunAnswer, MessagePreviewJson, ScheduleEventJson, SessionJson, TryInSandboxAnswer } from '../../src/journeys/api-types.js';
import { ACME, GLOBEX } from '../../src/sandbox/seed.js';
import { signIn } from '../support/hearth.js';
import { dmWith, setPlan, type SandboxHearth, settle, startSandboxHearth } from '../support/sandbox-hearth.js';

const path = `${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'} + ${process.env.REDIS_URL ? 'BullMQ' : 'in-process queue'}`;
const TEAM = ACME.teamId;
const ADMIN = ACME.adminUserId; // Alex Rivera, New York
const JONAS = 'U0DEMO010'; // Berlin
const ROHAN = 'U0DEMO008'; // Kolkata
const MAYA = 'U0DEMO013'; // New York
/** Tests that move the clock through days of sends: Postgres + BullMQ on a shared 2-core machine needs more than the default minute. */
const LONG = 180_000;

interface Who {
  cookie: string;
  csrf: string;
  memberId: number;
}
interface SlackMessage {
  ts: string;
  text?: string;
  blocks?: unknown;
  bot_id?: string;
}

/**
 * Journeys in the sandbox beyond the main journey: "try it in the sandbox" from the dry run, previews built by the
 * sender's own builder, task reminders until done (placeholders filled every time), cohort channels, removing a
 * role, and the session_created event's flow type (Monday 2 March 2026, 08:00 UTC onwards).
 */
describe(`Journeys in the sandbox (${path})`, () => {
  let t: SandboxHearth;
  let admin: Who;

  const call: SandboxHearth['call'] = (...args) => t.call(...args);
  const memberId = async (slackUserId: string) => {
    const ws = (await t.services.workspaces.byTeamId(TEAM))!;
    return (await t.services.people.bySlackId(ws.id, slackUserId))!.id;
  };
  const advance = async (to: string) => {
    await t.api('POST', '/sandbox/clock/advance', { to });
    await settle(t);
  };
  const dm = (userId: string) => dmWith(t, userId);
  const textOf = (m: { text?: string; blocks?: unknown }) => `${m.text ?? ''} ${JSON.stringify(m.blocks ?? [])}`;
  const withText = (userId: string, needle: string): SlackMessage[] => t.sandbox.state.messageList(dm(userId)).filter((m) => m.bot_id && textOf(m).includes(needle));
  const newJourney = async (name: string) => {
    const created = await call<CreateTagAnswer>(admin, 'POST', '/onboarding/tags', { onboarding_tag: { name, flow_type: 'onboarding' } });
    return { id: created.tag.id, primary: created.tag.roleIds[0]! };
  };
  const addEvent = async (tagId: number, event: Record<string, unknown>) => (await call<{ event: ScheduleEventJson }>(admin, 'POST', `/onboarding/tags/${tagId}/events`, { onboarding_schedule_event: event })).event;

  beforeAll(async () => {
    t = await startSandboxHearth();
    admin = await signIn(t, TEAM, ADMIN);
    await setPlan(t, TEAM, 'premium');
  });
  afterAll(() => t?.close());

  let tryOut: { id: number; primary: number };
  let welcome: ScheduleEventJson;
  let laptop: ScheduleEventJson;

  it('previews an event as it will be sent: for a sample person, a chosen one, and an unsaved form', async () => {
    tryOut = await newJourney('Try-out');
    welcome = await addEvent(tryOut.id, { kind: 'message', days_later: 0, minute_in_day: 600, role: tryOut.primary, title: 'Welcome', text: 'Hi {first_name}, welcome to {journey}!' });
    laptop = await addEvent(tryOut.id, { kind: 'task', days_later: 1, minute_in_day: 540, role: tryOut.primary, title: 'Set up your laptop', text: '{first_name}, install the usual tools.' });

    const sample = await call<MessagePreviewJson>(admin, 'GET', `/onboarding/events/${welcome.id}/preview`);
    expect(JSON.stringify(sample.blocks)).toContain('Hi Alex, welcome to Try-out!');
    const forJonas = await call<MessagePreviewJson>(admin, 'GET', `/onboarding/events/${laptop.id}/preview?user_id=${await memberId(JONAS)}`);
    expect(forJonas.blocks).toEqual([
      { type: 'section', text: { type: 'mrkdwn', text: ':white_check_mark: *Set up your laptop*\nJonas, install the usual tools.' } },
      { type: 'actions', elements: [expect.objectContaining({ action_id: 'journeys_task_done', text: { type: 'plain_text', text: 'Mark as done' } })] },
      // The journey's hub is not published: no link, as the message would go.
      { type: 'context', elements: [{ type: 'mrkdwn', text: 'From your *Try-out* journey' }] },
    ]);
    await t.services.db.updateTable('journey_tags').set({ hub_published: true }).where('id', '=', tryOut.id).execute();
    const published = await call<MessagePreviewJson>(admin, 'GET', `/onboarding/events/${laptop.id}/preview?user_id=${await memberId(JONAS)}`);
    expect(published.blocks.at(-1)).toEqual({ type: 'context', elements: [{ type: 'mrkdwn', text: expect.stringMatching(/^From your \*Try-out\* journey · <http:\/\/[^/]+\/auth\/site\/0\?t=preview\|Open your journey hub>$/) }] });
    // The editor's unsaved form, and the dry run's items, are drawn by the same builder.
    const unsaved = await call<MessagePreviewJson>(admin, 'POST', `/onboarding/tags/${tryOut.id}/events/preview`, {
      onboarding_schedule_event: { kind: 'poll', title: 'Pulse', text: 'How is it going, {first_name}?', poll_options: ['Great', 'Fine'] },
      user_id: await memberId(JONAS),
    });
    expect(JSON.stringify(unsaved.blocks)).toContain('How is it going, Jonas?');
    expect(JSON.stringify(unsaved.blocks)).toContain('journeys_poll_answer_1');
    // An admin's deliberate mention and link become Slack's tokens, and the person is named for the page to show "@Name".
    const mentioning = await call<MessagePreviewJson>(admin, 'POST', `/onboarding/tags/${tryOut.id}/events/preview`, {
      onboarding_schedule_event: { kind: 'message', title: 'Hello', text: `Say hi to {@${JONAS}} & read [the handbook](https://example.com/hb)` },
    });
    expect(JSON.stringify(mentioning.blocks)).toContain(`Say hi to <@${JONAS}> &amp; read <https://example.com/hb|the handbook>`);
    expect(mentioning.user_names).toEqual({ [JONAS]: expect.stringMatching(/^Jonas /) });
    const bad = await call<{ fields: Record<string, string> }>(admin, 'POST', `/onboarding/tags/${tryOut.id}/events/preview`, { onboarding_schedule_event: { kind: 'message', title: 'x', text: ' ' } }, 400);
    expect(Object.keys(bad.fields)).toEqual(['onboarding_schedule_event.text']);
    const dry = await call<DryRunAnswer>(admin, 'GET', `/onboarding/tags/${tryOut.id}/dry_run?user_id=${await memberId(JONAS)}`);
    expect(dry.items.find((i) => i.event_id === laptop.id)!.preview).toEqual(published);
    const globex = await signIn(t, GLOBEX.teamId, GLOBEX.adminUserId);
    await call(globex, 'GET', `/onboarding/events/${welcome.id}/preview`, undefined, 404);
  });

  it('"try it in the sandbox" enrols the admin from an empty body; the clock runs through the journey and the message is the preview', async () => {
    // No body at all, as the dry run's button posts it.
    const res = await fetch(`${t.url}/onboarding/tags/${tryOut.id}/try_in_sandbox`, { method: 'POST', headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf, accept: 'application/json' } });
    expect(res.status).toBe(200);
    const tried = (await res.json()) as TryInSandboxAnswer;
    expect(tried.session).toMatchObject({ start_date: '2026-03-03', time_zone: 'America/New_York', is_sandbox: true });
    expect(tried.sandbox_url).toBe('/sandbox');
    const preview = await call<MessagePreviewJson>(admin, 'GET', `/onboarding/events/${welcome.id}/preview?user_id=${admin.memberId}`);

    // Day 0 at 10:00 New York (15:00 UTC).
    await advance('2026-03-03T14:59:00Z');
    expect(withText(ADMIN, 'welcome to Try-out')).toHaveLength(0);
    await advance('2026-03-03T15:01:00Z');
    const [sent] = withText(ADMIN, 'welcome to Try-out');
    // The same message; only the hub link's token is the recipient's own (signed when it was sent).
    const token = (blocks: unknown): unknown => JSON.parse(JSON.stringify(blocks).replace(/(\/auth\/site\/\d+\?t=)[^|>]+/g, '$1…'));
    expect(JSON.stringify(sent!.blocks)).toMatch(/\/auth\/site\/\d+\?t=[\w.-]+\|Open your journey hub/);
    expect(token(sent!.blocks)).toEqual(token(preview.blocks));
    expect(new Date(Number(sent!.ts) * 1000).toISOString()).toBe('2026-03-03T15:00:00.000Z');
  });

  it('a task is reminded each work day until it is done, its placeholders filled in the reminder and after "Mark as done"', async () => {
    // Day 1 is Wednesday 4 March, 9:00 New York = 14:00 UTC.
    await advance('2026-03-04T14:01:00Z');
    const [task] = withText(ADMIN, 'Set up your laptop');
    expect(textOf(task!)).toContain('Alex, install the usual tools.');
    await advance('2026-03-05T14:01:00Z');
    const reminders = () => withText(ADMIN, 'Reminder:');
    expect(reminders()).toHaveLength(1);
    expect(textOf(reminders()[0]!)).toContain('Alex, install the usual tools.');
    expect(textOf(reminders()[0]!)).not.toContain('{first_name}');
    // Friday, then Monday (the weekend skipped, New York on daylight time since Sunday: 9:00 is 13:00 UTC).
    await advance('2026-03-06T14:01:00Z');
    expect(reminders()).toHaveLength(2);
    await advance('2026-03-08T23:00:00Z');
    expect(reminders()).toHaveLength(2);
    await t.api('POST', '/sandbox/actions', { team_id: TEAM, user_id: ADMIN, action_id: 'journeys_task_done', channel_id: dm(ADMIN), message_ts: task!.ts });
    await settle(t);
    const done = t.sandbox.state.messageList(dm(ADMIN)).find((m) => m.ts === task!.ts)!;
    expect(textOf(done)).toContain('Done');
    expect(textOf(done)).toContain('Alex, install the usual tools.');
    expect(textOf(done)).not.toContain('{first_name}');
    await advance('2026-03-10T13:01:00Z');
    expect(reminders()).toHaveLength(2);
    // The site's action items fill them too.
    const items = await call<{ task_assignments: Array<{ state: string }> }>(admin, 'GET', '/onboarding/action_items');
    expect(items.task_assignments).toEqual([]);
  }, LONG);

  it('participants starting together share a cohort channel: created once, each invited, one post', async () => {
    const cohort = await newJourney('Spring cohort');
    await call(admin, 'PUT', `/onboarding/tags/${cohort.id}`, { onboarding_tag: { cohort_channels: true } });
    await addEvent(cohort.id, { kind: 'cohort_message', days_later: 0, minute_in_day: 540, title: 'Cohort hello', text: 'Welcome, everyone starting on {start_date}!' });
    const enrol = async (slackUserId: string, startDate: string) =>
      (await call<{ session: SessionJson & { cohort_id?: number | null } }>(admin, 'POST', `/onboarding/tags/${cohort.id}/sessions`, { start_date: startDate, memberships: [{ role_id: cohort.primary, user_id: await memberId(slackUserId) }] })).session;
    const a = await enrol(ROHAN, '2026-03-16');
    const b = await enrol(JONAS, '2026-03-16');
    const c = await enrol(MAYA, '2026-03-17');
    const cohorts = await t.services.db.selectFrom('journey_sessions').select(['id', 'cohort_id']).where('id', 'in', [a.id, b.id, c.id]).orderBy('id').execute();
    expect(cohorts[0]!.cohort_id).not.toBeNull();
    expect(cohorts[1]!.cohort_id).toBe(cohorts[0]!.cohort_id);
    expect(cohorts[2]!.cohort_id).not.toBe(cohorts[0]!.cohort_id);

    // 9:00 in Kolkata (03:30 UTC): Slack creates the channel, then Rohan is invited and the post goes out.
    await advance('2026-03-16T03:31:00Z');
    await advance('2026-03-16T03:33:00Z');
    const channel = t.sandbox.state.channelByName(TEAM, 'spring-cohort-2026-03-16')!;
    expect(channel).toBeDefined();
    expect(channel.members).toContain(ROHAN);
    expect(channel.members).not.toContain(JONAS);
    // 9:00 in Berlin (08:00 UTC): Jonas joins the same channel; the cohort's post is not repeated.
    await advance('2026-03-16T08:03:00Z');
    expect(t.sandbox.state.channelByName(TEAM, 'spring-cohort-2026-03-16')!.members).toEqual(expect.arrayContaining([ROHAN, JONAS]));
    const posts = t.sandbox.state.messageList(channel.id).filter((m) => m.bot_id && textOf(m).includes('Welcome, everyone starting on'));
    expect(posts).toHaveLength(1);
    expect(textOf(posts[0]!)).toContain('Monday, March 16');
    expect(t.sandbox.state.callsTo('conversations.create', TEAM).filter((call) => JSON.stringify(call).includes('spring-cohort-2026-03-16'))).toHaveLength(1);
    // Maya's cohort (the next day) gets its own channel.
    await advance('2026-03-17T14:03:00Z');
    expect(t.sandbox.state.channelByName(TEAM, 'spring-cohort-2026-03-17')!.members).toEqual(expect.arrayContaining([MAYA]));
    expect(t.sandbox.state.channelByName(TEAM, 'spring-cohort-2026-03-17')!.members).not.toContain(JONAS);
  }, LONG);

  it('a start date in the past: its past days are skipped or caught up, as chosen', async () => {
    const enrol = async (slackUserId: string, policy: 'skip' | 'catch_up') =>
      (await call<{ session: SessionJson }>(admin, 'POST', `/onboarding/tags/${tryOut.id}/sessions`, { start_date: '2026-03-09', past_start_policy: policy, memberships: [{ role_id: tryOut.primary, user_id: await memberId(slackUserId) }] })).session;
    const skipped = await enrol(ROHAN, 'skip');
    const caught = await enrol(MAYA, 'catch_up');
    const stateOf = (s: SessionJson, eventId: number) => s.session_events.find((e) => e.event_id === eventId)!.state;
    expect([stateOf(skipped, welcome.id), stateOf(skipped, laptop.id)]).toEqual(['skipped', 'skipped']);
    expect([stateOf(caught, welcome.id), stateOf(caught, laptop.id)]).toEqual(['pending', 'pending']);
    // Enrolment is a domain event with the journey's flow type (reporting counts onboarding apart).
    const created = await t.services.db.selectFrom('domain_events').select('payload').where('type', '=', 'journey.session_created').orderBy('seq', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(created.payload).toMatchObject({ sessionId: caught.id, tagId: tryOut.id, flowType: 'onboarding', source: 'api' });
  });

  it('removes a role from a journey (DELETE /onboarding/roles/{id}): not the primary, not while an active message uses it', async () => {
    const coach = (await call<{ role: { id: number } }>(admin, 'POST', '/onboarding/roles', { role: { name: 'Coach', plural_name: 'Coaches', purpose: 'mentor' }, tag_id: tryOut.id })).role;
    const note = await addEvent(tryOut.id, { kind: 'message', days_later: 2, role: coach.id, title: 'Coach note', text: 'Say hello to {first_name}.' });
    const refused = await call<{ fields: Record<string, string> }>(admin, 'DELETE', `/onboarding/roles/${coach.id}?tag_id=${tryOut.id}`, undefined, 400);
    expect(refused.fields).toEqual({ role: 'one active message uses it: send them to another role or deactivate them first' });
    const primary = await call<{ fields: Record<string, string> }>(admin, 'DELETE', `/onboarding/roles/${tryOut.primary}?tag_id=${tryOut.id}`, undefined, 400);
    expect(primary.fields).toEqual({ role: 'the primary role cannot be removed' });
    const globex = await signIn(t, GLOBEX.teamId, GLOBEX.adminUserId);
    await call(globex, 'DELETE', `/onboarding/roles/${coach.id}`, undefined, 404);
    await call(admin, 'DELETE', '/onboarding/roles/99999999', undefined, 404);

    // Deactivated, the message no longer holds the role in the journey; the role stays while the event names it.
    await call(admin, 'PUT', `/onboarding/events/${note.id}`, { onboarding_schedule_event: { active: false } });
    const removed = await call<DeleteRoleAnswer>(admin, 'DELETE', `/onboarding/roles/${coach.id}?tag_id=${tryOut.id}`);
    expect(removed).toEqual({ id: coach.id, removed_from: [tryOut.id], deleted: false });
    const roles = await call<{ roleIds: number[] }>(admin, 'GET', `/onboarding/tags/${tryOut.id}/fetch_roles_as_json`);
    expect(roles.roleIds).not.toContain(coach.id);
    // Once nothing names it, the role itself goes.
    await call(admin, 'DELETE', `/onboarding/events/${note.id}`);
    expect(await call<DeleteRoleAnswer>(admin, 'DELETE', `/onboarding/roles/${coach.id}`)).toEqual({ id: coach.id, removed_from: [], deleted: true });
    await call(admin, 'DELETE', `/onboarding/roles/${coach.id}`, undefined, 404);
  });
});
