import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubFrameData, HubPeopleData, HubPollsData, HubSiteAnswer, HubSiteJson, HubTasksData, HubTemplate, HubTimelineData } from '../../src/hub/api-types.js';
import { siteLink } from '../../src/http/site-links.js';
import type { SessionJson } from '../../src/journeys/api-types.js';
import { ACME, GLOBEX } from '../../src/sandbox/seed.js';
import { install, signIn } from '../support/hearth.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';
import { ANANYA, dm, enrolJonas, hubLinkOf, JONAS, KAI, LENA, MAYA, sendTasksAndPolls, settle, TEAM, textOf, type Who } from './hub-support.js';

/**
 * The journey hub on the sandbox workspace: the editor's round trip, who may open a session's hub (published,
 * unpublished, another session, another workspace), the signed link in the Slack messages (valid, forged,
 * expired, another session's), and answering from the hub with source site.
 */
describe(`journey hub (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let t: SandboxHearth;
  let fx: Awaited<ReturnType<typeof enrolJonas>>;
  let admin: Who;
  let tagId: number;
  let session: SessionJson;
  let other: SessionJson;
  let workspaceId: number;
  let call: SandboxHearth['call'];
  const as = (slackUserId: string, team: string = TEAM) => signIn(t, team, slackUserId);
  const memberId = (slackUserId: string) => fx.memberId(slackUserId);
  const site = (sessionId: number, module: string) => `/site/${sessionId}/data?module=${encodeURIComponent(module)}`;

  beforeAll(async () => {
    t = await startSandboxHearth();
    fx = await enrolJonas(t);
    ({ admin, tagId, session, other, workspaceId, call } = fx);
  });
  afterAll(() => t?.close());

  it('sends the tasks and polls (triggered from the session page) without a hub link while the hub is not published', async () => {
    await sendTasksAndPolls(t, admin, session);
    const messages = t.sandbox.state.messageList(dm(t, JONAS)).filter((m) => m.bot_id);
    expect(messages.filter((m) => /Mark as done|journeys_poll_answer/.test(textOf(m))).length).toBeGreaterThanOrEqual(2);
    // Its participant could not open it yet: no message links to it.
    expect(messages.filter((m) => textOf(m).includes('Open your journey hub'))).toEqual([]);
  });

  it('the editor: the default site, a template and the published flag saved and read back, bad input named', async () => {
    const first = await call<HubSiteAnswer>(admin, 'GET', `/onboarding/tags/${tagId}/site`);
    expect(first.site).toMatchObject({ tag_id: tagId, published: false, updated_at: null });
    expect(first.site.template.modules.map((m) => m.type)).toEqual(['welcome', 'people', 'events', 'tasks', 'polls', 'resources', 'channels', 'timeline']);
    // The preview: the admin as the participant, the journey's tasks and polls, its channel.
    expect(first.preview.frame.session.participant?.slack_user_id).toBe(ACME.adminUserId);
    expect(first.preview.data.tasks.tasks.length).toBeGreaterThan(0);
    expect(first.preview.data.channels.channels.map((c) => c.id)).toEqual([ACME.channels.general]);
    // The sample's titles are filled for the admin as the participant, as the send fills them (one builder).
    const firstName = first.preview.frame.session.participant!.name.split(' ')[0]!;
    const journey = await call<{ events: Array<{ id: number; title: string; role: number | null; recipient_type: string; active: boolean; kind: string }> }>(admin, 'GET', `/onboarding/tags/${tagId}`);
    const sample = first.preview.data.events.upcoming[0]!;
    await call(admin, 'PUT', `/onboarding/events/${sample.id}`, { onboarding_schedule_event: { title: 'Hello {first_name}, welcome to {journey}' } });
    const task = first.preview.data.tasks.tasks[0]!;
    const taskEvent = journey.events.find((e) => e.kind === 'task' && e.title === task.title)!;
    await call(admin, 'PUT', `/onboarding/events/${taskEvent.id}`, { onboarding_schedule_event: { title: 'Your task, {first_name}', text: 'Only for {first_name}.' } });
    const filled = await call<HubSiteAnswer>(admin, 'GET', `/onboarding/tags/${tagId}/site`);
    expect(filled.preview.data.events.upcoming.find((e) => e.id === sample.id)!.title).toBe(`Hello ${firstName}, welcome to Engineering onboarding`);
    expect(filled.preview.data.timeline.items.find((e) => e.id === sample.id)!.title).toBe(`Hello ${firstName}, welcome to Engineering onboarding`);
    expect(filled.preview.data.tasks.tasks.find((x) => x.title.startsWith('Your task'))).toMatchObject({ title: `Your task, ${firstName}`, text: `Only for ${firstName}.` });
    expect(JSON.stringify(filled.preview.data)).not.toMatch(/\{(first_name|journey|name|manager|buddy)\}/);

    const template: HubTemplate = structuredClone(first.site.template);
    const [welcome, people, ...rest] = template.modules;
    welcome!.title = 'Welcome to Acme, {first_name}!';
    welcome!.text = 'We are *so* glad you are here.';
    welcome!.image_asset_id = 42;
    const resources = rest.find((m) => m.type === 'resources')!;
    resources.links = [{ label: 'Handbook', url: 'https://acme.example/handbook' }];
    rest.find((m) => m.type === 'timeline')!.enabled = false;
    template.modules = [people!, welcome!, ...rest];
    const saved = await call<{ site: HubSiteJson }>(admin, 'PUT', `/onboarding/tags/${tagId}/site`, { template });
    expect(saved.site.published).toBe(false);
    const back = await call<HubSiteAnswer>(admin, 'GET', `/onboarding/tags/${tagId}/site`);
    expect(back.site.template).toEqual(template);
    expect(back.preview.frame.modules.map((m) => m.type)).toEqual(['people', 'welcome', 'events', 'tasks', 'polls', 'resources', 'channels']);
    expect(back.preview.frame.modules[1]!.image_url).toBe('/onboarding/assets/42/file');

    const bad = await call<{ fields: Record<string, string> }>(admin, 'PUT', `/onboarding/tags/${tagId}/site`, { template: { modules: template.modules.map((m) => (m.type === 'resources' ? { ...m, links: [{ label: 'x', url: 'javascript:alert(1)' }] } : m)) } }, 400);
    expect(bad.fields).toEqual({ 'template.modules.5.links.0.url': 'a link must start with https:// or http://' });
    const twice = await call<{ fields: Record<string, string> }>(admin, 'PUT', `/onboarding/tags/${tagId}/site`, { template: { modules: [...template.modules.slice(1), template.modules[1]] } }, 400);
    expect(twice.fields).toEqual({ 'template.modules': 'each module appears once' });
    expect((await call<{ error: string }>(admin, 'PUT', `/onboarding/tags/${tagId}/site`, {}, 400)).error).toBe('send template or published');
    expect((await call<{ fields: Record<string, string> }>(admin, 'PUT', `/onboarding/tags/${tagId}/site`, { published: 'yes' }, 400)).fields).toEqual({ published: 'must be true or false' });
    // Nothing of a refused save was written.
    expect((await call<HubSiteAnswer>(admin, 'GET', `/onboarding/tags/${tagId}/site`)).site.template).toEqual(template);

    // Someone who is not one of the journey's admins cannot save it; another flow's path or workspace: not found.
    await call(await as(LENA), 'PUT', `/onboarding/tags/${tagId}/site`, { published: true }, 403);
    await call(admin, 'GET', `/participants/tags/${tagId}/site`, undefined, 404);
    await call(await as(GLOBEX.adminUserId, GLOBEX.teamId), 'PUT', `/onboarding/tags/${tagId}/site`, { published: true }, 404);
    await call(await as(GLOBEX.adminUserId, GLOBEX.teamId), 'GET', `/onboarding/tags/${tagId}/site`, undefined, 404);

    // A site saved before a module existed: the new module comes last, switched off (and the site still saves).
    await t.services.db.updateTable('hub_sites').set({ template: JSON.stringify({ modules: template.modules.filter((m) => m.type !== 'channels') }) }).where('tag_id', '=', tagId).execute();
    const older = (await call<HubSiteAnswer>(admin, 'GET', `/onboarding/tags/${tagId}/site`)).site.template.modules;
    expect(older.at(-1)).toMatchObject({ type: 'channels', enabled: false });
    await call(admin, 'PUT', `/onboarding/tags/${tagId}/site`, { template });

    const events = await t.services.db.selectFrom('domain_events').select('payload').where('type', '=', 'hub.site_saved').execute();
    expect(events.map((e) => e.payload)).toEqual([
      { tagId, memberId: admin.memberId, published: false, templateChanged: true, publishedChanged: false },
      { tagId, memberId: admin.memberId, published: false, templateChanged: true, publishedChanged: false },
    ]);
  });

  it('unpublished: the session\'s other roles and the journey\'s admins may open it, its participant may not, nor anyone else', async () => {
    const frame = await call<HubFrameData>(await as(LENA), 'GET', site(session.id, 'site'));
    expect(frame).toMatchObject({ published: false, viewer: { is_participant: false, is_journey_admin: false }, session: { journey_name: 'Engineering onboarding' } });
    await call(await as(ANANYA), 'GET', site(session.id, 'people'));
    expect((await call<HubFrameData>(admin, 'GET', site(session.id, 'site'))).viewer.is_journey_admin).toBe(true);
    const refused = await call<{ error: string }>(await as(JONAS), 'GET', site(session.id, 'site'), undefined, 403);
    expect(refused.error).toBe("This journey's hub isn't published yet.");
    await call(await as(KAI), 'GET', site(session.id, 'site'), undefined, 403);
    await call(null, 'GET', site(session.id, 'site'), undefined, 401);
  });

  it('published: its participant may open it; another session stays refused, another workspace\'s is not found', async () => {
    await call(admin, 'PUT', `/onboarding/tags/${tagId}/site`, { published: true });
    // From now on the messages link to it: Jonas's next messages, and Maya's tasks and polls.
    for (const se of session.session_events.filter((e) => e.kind === 'message' && e.state === 'pending').slice(0, 3)) await call(admin, 'POST', `/onboarding/session_events/${se.id}/trigger`);
    await sendTasksAndPolls(t, admin, other);
    expect(t.sandbox.state.messageList(dm(t, JONAS)).filter((m) => m.bot_id && textOf(m).includes('Open your journey hub')).length).toBeGreaterThan(0);
    expect(t.sandbox.state.messageList(dm(t, MAYA)).filter((m) => m.bot_id && textOf(m).includes('Open your journey hub')).length).toBeGreaterThanOrEqual(2);
    // `/hearth journey` (the Home tab's section) carries his own signed link to the hub, which signs him in.
    const reply = JSON.stringify(await t.api('POST', '/sandbox/commands', { team_id: TEAM, user_id: JONAS, channel_id: dm(t, JONAS), text: '/hearth journey' }));
    const link = new RegExp(`(http://[^|"]+/auth/site/${session.id}\\?t=[^|"]+)\\|Open your journey hub`).exec(reply)?.[1];
    expect(link).toBeDefined();
    expect((await fetch(link!, { redirect: 'manual' })).headers.getSetCookie().length).toBeGreaterThan(0);
    const jonas = await as(JONAS);
    const frame = await call<HubFrameData>(jonas, 'GET', site(session.id, JSON.stringify({ type: 'site' })));
    expect(frame).toMatchObject({ published: true, viewer: { member_id: jonas.memberId, is_participant: true } });
    const people = await call<HubPeopleData>(jonas, 'GET', site(session.id, 'people'));
    expect(people.people.map((p) => [p.role_name, p.person?.slack_user_id])).toEqual([
      ['New hire', JONAS],
      ['Manager', LENA],
      ['Buddy', ANANYA],
    ]);
    expect(people.people[1]!.person!.slack_url).toBe(`https://slack.com/app_redirect?team=${TEAM}&channel=${LENA}`);
    // Maya's session of the same journey is not Jonas's.
    await call(jonas, 'GET', site(other.id, 'site'), undefined, 403);
    await call(await as(KAI), 'GET', site(session.id, 'site'), undefined, 403);
    await call(await as(GLOBEX.adminUserId, GLOBEX.teamId), 'GET', site(session.id, 'site'), undefined, 404);
    await call(jonas, 'GET', site(99999999, 'site'), undefined, 404);
    await call(jonas, 'GET', site(session.id, 'nope'), undefined, 400);
    await call(jonas, 'GET', '/site/99999999999/data?module=site', undefined, 400);
    const events = await call<{ upcoming: Array<{ title: string }>; past: Array<{ title: string }> }>(jonas, 'GET', site(session.id, 'events'));
    expect(events.past.length).toBeGreaterThanOrEqual(2);
    expect(events.upcoming.length).toBeGreaterThan(2);
    const timeline = await call<{ items: Array<{ start?: boolean }> }>(jonas, 'GET', site(session.id, 'timeline'));
    expect(timeline.items[0]!.start).toBe(true);
    const channels = await call<{ channels: Array<{ id: string }> }>(jonas, 'GET', site(session.id, 'channels'));
    expect(channels.channels.map((c) => c.id)).toContain(ACME.channels.general);
  });

  it('the Slack messages carry a signed link that signs their recipient in; forged, expired or other links do not', async () => {
    const messages = t.sandbox.state.messageList(dm(t, JONAS)).filter((m) => m.bot_id && textOf(m).includes('Open your journey hub'));
    const url = new URL(hubLinkOf(messages[0]!), t.url);
    expect(url.pathname).toBe(`/auth/site/${session.id}`);
    const open = (path: string, cookie?: string) => fetch(`${t.url}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });

    const ok = await open(url.pathname + url.search);
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toBe(`/site/${session.id}`);
    const cookie = ok.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const csrf = decodeURIComponent(/hearth_csrf=([^;]+)/.exec(cookie)![1]!);
    const frame = await call<HubFrameData>({ cookie, csrf }, 'GET', site(session.id, 'site'));
    expect(frame.viewer.member_id).toBe(await memberId(JONAS));

    const refusedTo = async (path: string) => {
      const res = await open(path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`/auth/slack?return_to=${encodeURIComponent(`/site/${session.id}`)}`);
      expect(res.headers.getSetCookie()).toEqual([]);
    };
    const token = url.searchParams.get('t')!;
    const [body, sig] = token.split('.');
    // Forged: Jonas's token with Kai's member id, or a signature of our own.
    const forgedBody = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), m: await memberId(KAI) })).toString('base64url');
    await refusedTo(`/auth/site/${session.id}?t=${encodeURIComponent(`${forgedBody}.${sig}`)}`);
    // (A signature that already ends in AA gets BB: the tampered one must differ, or 1 run in 4,096 fails.)
    await refusedTo(`/auth/site/${session.id}?t=${encodeURIComponent(`${body}.${sig!.slice(0, -2)}${sig!.endsWith('AA') ? 'BB' : 'AA'}`)}`);
    await refusedTo(`/auth/site/${session.id}`);
    // Another session's path with this token; a link signed with another secret; an expired one.
    const claims = { workspaceId, sessionId: session.id, memberId: await memberId(JONAS) };
    const link = (secret: string, c: typeof claims, at: Date) => new URL(siteLink('http://x', secret, c, at)).searchParams.get('t')!;
    const secret = t.services.config.sessionSecret;
    const path = (tok: string) => `/auth/site/${session.id}?t=${encodeURIComponent(tok)}`;
    // A token for another session (Maya's); one signed with another secret; one 31 days old (links last 30).
    await refusedTo(path(link(secret, { ...claims, sessionId: other.id }, t.clock.now())));
    await refusedTo(path(link('not-the-secret', claims, t.clock.now())));
    await refusedTo(path(link(secret, claims, new Date(t.clock.now().getTime() - 31 * 86_400_000))));
    await open(path(link(secret, claims, new Date(t.clock.now().getTime() - 29 * 86_400_000)))).then((r) => expect(r.headers.getSetCookie()).not.toEqual([]));
    // A link never switches who is signed in: Kai, signed in, stays Kai (and is refused the hub).
    const kai = await as(KAI);
    const res = await open(url.pathname + url.search, kai.cookie);
    expect(res.headers.getSetCookie()).toEqual([]);
    await call(kai, 'GET', site(session.id, 'site'), undefined, 403);
  });

  it('answers from the hub go through Journeys (source site): the same domain events as the Slack buttons', async () => {
    const jonas = await as(JONAS);
    const statusOf = async (seId: number) => (await call<HubTimelineData>(jonas, 'GET', site(session.id, 'timeline'))).items.find((i) => i.id === seId)?.status;
    const { tasks } = await call<HubTasksData>(jonas, 'GET', site(session.id, 'tasks'));
    const task = tasks.find((x) => x.mine && x.state === 'incomplete')!;
    // The timeline shows each task and poll as it really is: sent but open is "to do", not "done".
    expect(await statusOf(task.session_event_id)).toBe('to_do');
    await call(jonas, 'PUT', `/onboarding/task_assignments/${task.id}`, { task_assignment: { state: 'complete' }, source: 'site' });
    expect(await statusOf(task.session_event_id)).toBe('done');
    const { polls } = await call<HubPollsData>(jonas, 'GET', site(session.id, 'polls'));
    const poll = polls.find((p) => p.mine && p.answer_index === null)!;
    expect(await statusOf(poll.session_event_id)).toBe('to_answer');
    await call(jonas, 'POST', `/onboarding/poll_responses/${poll.id}/answer`, { answer_index: 0, source: 'site' });
    expect(await statusOf(poll.session_event_id)).toBe('answered');
    // The journey's admin (in none of its roles) sees the participant's, not as theirs; Lena, his manager, sees her own.
    const seen = await call<HubTasksData>(admin, 'GET', site(session.id, 'tasks'));
    expect(seen.tasks.find((x) => x.id === task.id)).toMatchObject({ mine: false, state: 'complete', source: 'site' });
    const lena = await call<HubTasksData>(await as(LENA), 'GET', site(session.id, 'tasks'));
    expect(lena.tasks.length).toBeGreaterThan(0);
    expect(lena.tasks.every((x) => x.mine && x.assignee?.slack_user_id === LENA)).toBe(true);
    // Titles are filled in as they were sent: no {first_name} left.
    expect(JSON.stringify([tasks, polls, lena])).not.toContain('{first_name}');
    const events = await t.services.db.selectFrom('domain_events').select(['type', 'payload']).where('type', 'in', ['journey.task_completed', 'journey.poll_answered']).orderBy('seq').execute();
    expect(events).toEqual([
      { type: 'journey.task_completed', payload: { taskAssignmentId: task.id, sessionId: session.id, sessionEventId: task.session_event_id, memberId: jonas.memberId, source: 'site' } },
      { type: 'journey.poll_answered', payload: { pollResponseId: poll.id, sessionId: session.id, sessionEventId: poll.session_event_id, memberId: jonas.memberId, answerIndex: 0, source: 'site' } },
    ]);
  });

  it('an answer from a Slack button updates the message and keeps its hub link', async () => {
    const maya = () => t.sandbox.state.messageList(dm(t, MAYA)).filter((m) => m.bot_id);
    const poll = maya().find((m) => textOf(m).includes('journeys_poll_answer_0'))!;
    const task = maya().find((m) => textOf(m).includes('journeys_task_done'))!;
    expect(hubLinkOf(poll)).toMatch(new RegExp(`^/auth/site/${other.id}\\?t=`));
    await t.api('POST', '/sandbox/actions', { team_id: TEAM, user_id: MAYA, action_id: 'journeys_poll_answer_0', channel_id: dm(t, MAYA), message_ts: poll.ts });
    await t.api('POST', '/sandbox/actions', { team_id: TEAM, user_id: MAYA, action_id: 'journeys_task_done', channel_id: dm(t, MAYA), message_ts: task.ts });
    await settle(t);
    const answered = maya().find((m) => m.ts === poll.ts)!;
    expect(textOf(answered)).toContain('You answered');
    expect(hubLinkOf(answered)).toMatch(new RegExp(`^/auth/site/${other.id}\\?t=`));
    const done = maya().find((m) => m.ts === task.ts)!;
    expect(textOf(done)).toContain('Done');
    expect(hubLinkOf(done)).toMatch(new RegExp(`^/auth/site/${other.id}\\?t=`));
    // The updated link still signs Maya in.
    const res = await fetch(`${t.url}${hubLinkOf(done)}`, { redirect: 'manual' });
    expect(res.headers.get('location')).toBe(`/site/${other.id}`);
  });

  it('the hub\'s sites are in the workspace export, with their journeys', async () => {
    const doc = await call<{ manifest: Array<{ table: string; capability: string; refs: Record<string, string> }>; tables: Record<string, Array<Record<string, unknown>>> }>(admin, 'GET', '/data/export.json');
    expect(doc.manifest.find((m) => m.table === 'hub_sites')).toMatchObject({ capability: 'hub', refs: { tag_id: 'journey_tags', updated_by_member_id: 'members' } });
    expect(doc.tables.hub_sites).toEqual([expect.objectContaining({ tag_id: tagId, published: true })]);
    expect(doc.tables.journey_tags!.map((x) => x.id)).toContain(tagId);

    // Into a fresh workspace: the site comes with its journey, the journey with its roles, ids remapped.
    const freshId = await install(t.hearth, 'T0HUBNEW01', 'xoxb-hub-fresh', 'Fresh');
    const fresh = (await t.services.workspaces.byId(freshId))!;
    await t.services.people.upsert(fresh, [{ id: 'U0HUBADM', team_id: 'T0HUBNEW01', name: 'hub.admin', real_name: 'Hub Admin', is_admin: true, profile: { real_name: 'Hub Admin' } } as never]);
    const freshAdmin = await signIn(t, 'T0HUBNEW01', 'U0HUBADM');
    const form = new FormData();
    form.append('file', new Blob([JSON.stringify(doc)]), 'export.json');
    expect((await call<{ imported: Record<string, number> }>(freshAdmin, 'POST', '/data/import', form)).imported).toMatchObject({ hub_sites: 1 });
    const copy = await t.services.db.selectFrom('hub_sites').innerJoin('journey_tags', 'journey_tags.id', 'hub_sites.tag_id').select(['journey_tags.name', 'journey_tags.workspace_id', 'journey_tags.role_ids', 'hub_sites.published', 'hub_sites.template']).where('hub_sites.workspace_id', '=', freshId).execute();
    expect(copy).toEqual([expect.objectContaining({ name: 'Engineering onboarding', workspace_id: freshId, published: true, template: doc.tables.hub_sites![0]!.template })]);
    const freshRoles = await t.services.db.selectFrom('journey_roles').select('id').where('workspace_id', '=', freshId).execute();
    expect(copy[0]!.role_ids.every((id) => freshRoles.some((r) => r.id === id))).toBe(true);
  });
});
