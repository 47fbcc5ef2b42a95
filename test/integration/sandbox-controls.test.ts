import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME, GLOBEX } from '../../src/sandbox/seed.js';
import { DEMO, demoPlugin, type DemoSeen } from '../support/demo-plugin.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';

/** The sandbox API drives every Slack flow through the real, signed Bolt endpoint and answers with the outcome. */

interface Message {
  ts: string;
  user?: string;
  text: string;
  blocks: Array<Record<string, unknown>>;
  ephemeral: boolean;
  edited?: unknown;
  metadata?: { event_type: string };
}
interface Modal {
  id: string;
  callback_id: string;
  errors?: Record<string, string>;
  state: { values: Record<string, Record<string, Record<string, unknown>>> };
}
interface Channels {
  channels: Array<{ id: string; name: string }>;
  direct: Array<{ id: string; label: string }>;
  app: { bot_user_id: string; dm: { id: string; latest_ts: string | null } | null };
}

const A = ACME.teamId;
const ADMIN = ACME.adminUserId;
const DANA = 'U0DEMO001';
const GENERAL = ACME.channels.general;

describe('sandbox controls', () => {
  let t: SandboxHearth;
  const seen: DemoSeen = { actions: [], submissions: [] };

  beforeAll(async () => {
    t = await startSandboxHearth({ capabilities: [demoPlugin(seen)] });
    // Many clicks and posts in a few seconds of real time: Slack's rate limits (on by default) off for speed.
    t.sandbox.state.rateLimits.enabled = false;
  });
  afterAll(() => t?.close());

  const messages = (channel: string, as: string, team = A) =>
    t.api<{ messages: Message[] }>('GET', `/sandbox/conversations/${channel}/messages?team=${team}&as=${as}`).then((r) => r.messages);

  /** Runs /hearth demo and returns the app DM and the message with the buttons. */
  async function demoMessage(user = ADMIN): Promise<{ channel: string; message: Message }> {
    await t.api('POST', '/sandbox/commands', { team_id: A, user_id: user, channel_id: GENERAL, text: `/hearth ${DEMO.command}` });
    const { app } = await t.api<Channels>('GET', `/sandbox/workspaces/${A}/channels?as=${user}`);
    expect(app.dm).not.toBeNull();
    const list = await messages(app.dm!.id, user);
    const message = list.filter((m) => !m.ephemeral && m.text === 'Your demo task').at(-1);
    expect(message).toBeDefined();
    return { channel: app.dm!.id, message: message! };
  }

  it('lists the workspaces, their members and what a member sees in the sidebar', async () => {
    const { workspaces } = await t.api<{ workspaces: Array<{ id: string; name: string }> }>('GET', '/sandbox/workspaces');
    expect(workspaces.map((w) => w.name)).toEqual(['Acme Demo', 'Globex']);
    const { members } = await t.api<{ members: Array<{ id: string; real_name: string; is_bot: boolean }> }>('GET', `/sandbox/workspaces/${A}/members`);
    expect(members.find((m) => m.id === ADMIN)?.real_name).toBe('Alex Rivera');
    expect(members.find((m) => m.id === ACME.botUserId)?.is_bot).toBe(true);
    const sidebar = await t.api<Channels>('GET', `/sandbox/workspaces/${A}/channels?as=${ADMIN}`);
    expect(sidebar.channels.map((c) => c.name)).toEqual(expect.arrayContaining(['general', 'leadership']));
    const dana = await t.api<Channels>('GET', `/sandbox/workspaces/${A}/channels?as=U0DEMO008`);
    expect(dana.channels.map((c) => c.name)).not.toContain('leadership');
  });

  it('runs /hearth help through the real Bolt receiver and shows the answer to that member only', async () => {
    const out = await t.api<{ ok: boolean; stored: Message }>('POST', '/sandbox/commands', { team_id: A, user_id: ADMIN, channel_id: GENERAL, text: 'help' });
    expect(out.ok).toBe(true);
    expect(out.stored).toMatchObject({ ephemeral: true, user: ACME.botUserId });
    expect(out.stored.text).toContain('Hearth commands');
    expect(JSON.stringify(out.stored.blocks)).toContain('/hearth help');

    const mine = await messages(GENERAL, ADMIN);
    expect(mine.find((m) => m.ts === out.stored.ts)?.ephemeral).toBe(true);
    const theirs = await messages(GENERAL, DANA);
    expect(theirs.find((m) => m.ts === out.stored.ts)).toBeUndefined();
    // A signed request went through: Slack's own command log in the app shows nothing was posted publicly.
    expect(t.sandbox.state.callsTo('chat.postMessage', A).filter((c) => c.args.channel === GENERAL)).toHaveLength(0);
  });

  it('refuses a command Slack would not know', async () => {
    const res = await fetch(`${t.url}/sandbox/commands`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ team_id: A, user_id: ADMIN, channel_id: GENERAL, text: '/giphy cats' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/\/giphy is not a valid command/);
  });

  it('round-trips a button click: block_actions to the app, chat.update and a response_url ephemeral back', async () => {
    const { channel, message } = await demoMessage();
    expect(message.metadata?.event_type).toBe('hearth_outbox');
    const actions = message.blocks.find((b) => b.type === 'actions') as { block_id: string; elements: Array<{ action_id: string }> };
    expect(actions.elements.map((e) => e.action_id)).toEqual([DEMO.doneAction, DEMO.formAction]);

    const out = await t.api<{ ok: boolean; action: Record<string, unknown> }>('POST', '/sandbox/actions', {
      team_id: A,
      user_id: ADMIN,
      channel_id: channel,
      message_ts: message.ts,
      action_id: DEMO.doneAction,
    });
    expect(out.ok).toBe(true);
    expect(out.action).toMatchObject({ type: 'button', action_id: DEMO.doneAction, block_id: 'demo_actions', value: 'task-1' });

    const body = seen.actions.at(-1)!;
    expect(body).toMatchObject({
      type: 'block_actions',
      user: { id: ADMIN, team_id: A },
      team: { id: A, domain: 'acme-demo' },
      channel: { id: channel },
      container: { type: 'message', message_ts: message.ts, channel_id: channel, is_ephemeral: false },
      message: { ts: message.ts },
    });
    expect(body.response_url).toMatch(/\/sandbox\/api\/_responses\//);
    expect(body.trigger_id).toMatch(/^\d+\.T0DEMO0001\./);

    const after = await messages(channel, ADMIN);
    const updated = after.find((m) => m.ts === message.ts)!;
    expect(updated.text).toBe('Done!');
    expect(updated.edited).toBeDefined();
    expect(JSON.stringify(updated.blocks)).toContain('Done!');
    expect(after.find((m) => m.ephemeral && m.text.includes('marked as done'))).toBeDefined();
  });

  it('sends a select pick with the selected option, as Slack shapes it', async () => {
    const { channel, message } = await demoMessage();
    const section = message.blocks.find((b) => b.type === 'section') as { block_id: string };
    await t.api('POST', '/sandbox/actions', { team_id: A, user_id: ADMIN, channel_id: channel, message_ts: message.ts, action_id: DEMO.colourAction, selected_option: 'green' });
    const action = seen.actions.at(-1)!.actions[0] as unknown as Record<string, unknown>;
    expect(action).toMatchObject({ type: 'static_select', block_id: section.block_id, selected_option: { value: 'green', text: { type: 'plain_text', text: 'green' } } });
    const bad = await fetch(`${t.url}/sandbox/actions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ team_id: A, user_id: ADMIN, channel_id: channel, message_ts: message.ts, action_id: DEMO.colourAction, selected_option: 'purple' }),
    });
    expect(bad.status).toBe(400);
  });

  it('opens a modal from a click, keeps the app\'s errors on it, and closes it on a plain ack', async () => {
    const { channel, message } = await demoMessage();
    await t.api('POST', '/sandbox/actions', { team_id: A, user_id: ADMIN, channel_id: channel, message_ts: message.ts, action_id: DEMO.formAction });
    const open = await t.api<{ modals: Modal[] }>('GET', `/sandbox/views?team=${A}&user=${ADMIN}`);
    expect(open.modals).toHaveLength(1);
    expect(open.modals[0]!.callback_id).toBe(DEMO.formCallback);

    // Slack's client checks required fields itself: nothing reaches the app.
    const before = seen.submissions.length;
    const empty = await t.api<{ response_action: string; errors: Record<string, string>; sent: boolean }>('POST', '/sandbox/views/submit', { team_id: A, user_id: ADMIN, values: {} });
    expect(empty).toMatchObject({ response_action: 'errors', sent: false });
    expect(Object.keys(empty.errors).sort()).toEqual([DEMO.ageBlock, DEMO.nameBlock]);
    expect(seen.submissions.length).toBe(before);

    const invalid = await t.api<{ response_action: string; errors: Record<string, string>; modals: Modal[] }>('POST', '/sandbox/views/submit', {
      team_id: A,
      user_id: ADMIN,
      values: { [DEMO.nameBlock]: { [DEMO.nameAction]: 'Alex' }, [DEMO.ageBlock]: { [DEMO.ageAction]: 'forty' }, [DEMO.teamBlock]: { [DEMO.teamAction]: 'people' } },
    });
    expect(invalid.response_action).toBe('errors');
    expect(invalid.errors).toEqual({ [DEMO.ageBlock]: 'Age must be a whole number, like 42' });
    const submitted = seen.submissions.at(-1)!.values;
    expect(submitted[DEMO.nameBlock]![DEMO.nameAction]).toEqual({ type: 'plain_text_input', value: 'Alex' });
    expect(submitted[DEMO.teamBlock]![DEMO.teamAction]).toMatchObject({ type: 'static_select', selected_option: { value: 'people' } });

    const kept = await t.api<{ modals: Modal[] }>('GET', `/sandbox/views?team=${A}&user=${ADMIN}`);
    expect(kept.modals[0]!.errors).toEqual({ [DEMO.ageBlock]: 'Age must be a whole number, like 42' });
    // What the member typed stays in the modal.
    expect(kept.modals[0]!.state.values[DEMO.nameBlock]![DEMO.nameAction]).toMatchObject({ value: 'Alex' });

    const ok = await t.api<{ response_action: string; modals: Modal[] }>('POST', '/sandbox/views/submit', {
      team_id: A,
      user_id: ADMIN,
      values: { [DEMO.ageBlock]: { [DEMO.ageAction]: '42' } },
    });
    expect(ok.response_action).toBe('close');
    expect(ok.modals).toEqual([]);
    expect(seen.submissions.at(-1)!.values[DEMO.nameBlock]![DEMO.nameAction]).toMatchObject({ value: 'Alex' });
  });

  it('follows the app\'s update, push and clear answers to a submission', async () => {
    const { channel, message } = await demoMessage();
    const openForm = () => t.api('POST', '/sandbox/actions', { team_id: A, user_id: ADMIN, channel_id: channel, message_ts: message.ts, action_id: DEMO.formAction });
    const submit = (name: string) =>
      t.api<{ response_action: string; modals: Array<Modal & { title: { text: string } }> }>('POST', '/sandbox/views/submit', {
        team_id: A,
        user_id: ADMIN,
        values: { [DEMO.nameBlock]: { [DEMO.nameAction]: name }, [DEMO.ageBlock]: { [DEMO.ageAction]: '1' } },
      });
    await openForm();
    const updated = await submit('update');
    expect(updated.response_action).toBe('update');
    expect(updated.modals.map((m) => m.title.text)).toEqual(['Step: update']);
    await t.api('POST', '/sandbox/views/close', { team_id: A, user_id: ADMIN });

    await openForm();
    const pushed = await submit('push');
    expect(pushed.modals.map((m) => m.title.text)).toEqual(['Tell us about you', 'Step: push']);
    expect(pushed.modals[1]!).toMatchObject({ previous_view_id: pushed.modals[0]!.id, root_view_id: pushed.modals[0]!.id });
    const back = await t.api<{ modals: Modal[] }>('POST', '/sandbox/views/close', { team_id: A, user_id: ADMIN });
    expect(back.modals).toHaveLength(1);
    const cleared = await submit('clear');
    expect(cleared).toMatchObject({ response_action: 'clear', modals: [] });
  });

  it('lets a member close a modal', async () => {
    const { channel, message } = await demoMessage();
    await t.api('POST', '/sandbox/actions', { team_id: A, user_id: ADMIN, channel_id: channel, message_ts: message.ts, action_id: DEMO.formAction });
    const closed = await t.api<{ closed: string[]; modals: Modal[] }>('POST', '/sandbox/views/close', { team_id: A, user_id: ADMIN });
    expect(closed.closed).toHaveLength(1);
    expect(closed.modals).toEqual([]);
  });

  it('opens the Home tab: app_home_opened through the driver, and the published view back', async () => {
    const home = await t.api<{ published: boolean; view: { type: string; blocks: Array<Record<string, unknown>> } }>('POST', '/sandbox/home/open', { team_id: A, user_id: ADMIN });
    expect(home.published).toBe(true);
    expect(home.view.type).toBe('home');
    expect(JSON.stringify(home.view.blocks)).toContain('Welcome to Hearth, Alex');
    const again = await t.api<{ view: { id: string } }>('GET', `/sandbox/home?team=${A}&user=${ADMIN}`);
    expect(again.view.id).toBeTruthy();
  });

  it('posts a member\'s message and tells the app when its bot is there', async () => {
    const { app } = await t.api<Channels>('GET', `/sandbox/workspaces/${A}/channels?as=${ADMIN}`);
    const posted = await t.api<{ message: Message; event_id: string | null }>('POST', '/sandbox/messages', { team_id: A, user_id: ADMIN, channel_id: app.dm!.id, text: 'hello *bot*' });
    expect(posted.message).toMatchObject({ user: ADMIN, text: 'hello *bot*', ephemeral: false });
    expect(posted.event_id).toMatch(/^Ev/);
    // The sandbox answers once the app's listener has run; the event log records "done" right after.
    const status = async () => (await t.services.db.selectFrom('processed_events').select('status').where('event_id', '=', posted.event_id!).executeTakeFirst())?.status;
    await expect.poll(status).toBe('done');
    // #leadership is private and Maya is not in it.
    const res = await fetch(`${t.url}/sandbox/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ team_id: A, user_id: 'U0DEMO013', channel_id: ACME.channels.leadership, text: 'hi' }),
    });
    expect(res.status).toBe(404);
  });

  it('fires any event through the driver and waits for the app (team_join adds the member)', async () => {
    const user = {
      id: 'U0NEWHIRE',
      team_id: A,
      name: 'newbie',
      real_name: 'Nova Hire',
      deleted: false,
      is_bot: false,
      tz: 'Europe/Prague',
      profile: { real_name: 'Nova Hire', display_name: 'nova', email: 'nova@acme.example' },
    };
    const { event_id } = await t.api<{ event_id: string }>('POST', '/sandbox/events', { team_id: A, event: { type: 'team_join', user } });
    expect(event_id).toMatch(/^Ev/);
    const ws = (await t.services.workspaces.byTeamId(A))!;
    expect((await t.services.people.bySlackId(ws.id, 'U0NEWHIRE'))?.real_name).toBe('Nova Hire');
    // Slack's directory has them too (as the README's "a new hire joins"): Hearth can DM them.
    expect(t.sandbox.state.member(A, 'U0NEWHIRE')).toMatchObject({ real_name: 'Nova Hire', tz: 'Europe/Prague', deleted: false });
    const [id] = await t.services.outbox.enqueue([{ workspaceId: ws.id, key: 'newhire:welcome', kind: 'test', method: 'dm.post', args: { users: ['U0NEWHIRE'], text: 'Welcome!' } }]);
    await expect.poll(async () => (await t.services.outbox.repo.byId(id!))?.state, { timeout: 10_000 }).toBe('sent');
  });

  it('advances the clock through every due tick, so scheduled outbox messages go out', async () => {
    const ws = (await t.services.workspaces.byTeamId(A))!;
    const now = t.clock.now();
    await t.services.outbox.enqueue([
      { workspaceId: ws.id, key: 'later:1', kind: 'test', method: 'chat.postMessage', args: { channel: GENERAL, text: 'Two hours later' }, notBefore: new Date(now.getTime() + 2 * 3600_000) },
    ]);
    expect((await messages(GENERAL, ADMIN)).find((m) => m.text === 'Two hours later')).toBeUndefined();
    const out = await t.api<{ now: string; ticks: number }>('POST', '/sandbox/clock/advance', { minutes: 180 });
    expect(out.ticks).toBeGreaterThanOrEqual(1);
    expect(out.now).toBe(new Date(now.getTime() + 180 * 60_000).toISOString());
    const clock = await t.api<{ now: string }>('GET', '/sandbox/clock');
    expect(clock.now).toBe(out.now);
    expect((await messages(GENERAL, ADMIN)).find((m) => m.text === 'Two hours later')).toBeDefined();
    await t.api('POST', '/sandbox/clock/advance', { to: '2020-01-01T00:00:00Z' }, 400);
  });

  it('keeps workspaces apart: another workspace\'s conversations, members and views are 404', async () => {
    const notFound = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
      const res = await fetch(`${t.url}${path}`, { method, headers: { 'content-type': 'application/json', accept: 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
    };
    await notFound('GET', `/sandbox/conversations/${GLOBEX.channels.general}/messages?team=${A}&as=${ADMIN}`);
    await notFound('GET', `/sandbox/conversations/${GENERAL}/messages?team=${GLOBEX.teamId}&as=${GLOBEX.adminUserId}`);
    await notFound('GET', `/sandbox/workspaces/${GLOBEX.teamId}/channels?as=${ADMIN}`);
    await notFound('GET', `/sandbox/home?team=${GLOBEX.teamId}&user=${ADMIN}`);
    await notFound('POST', '/sandbox/commands', { team_id: A, user_id: GLOBEX.adminUserId, channel_id: GENERAL, text: 'help' });
    await notFound('POST', '/sandbox/commands', { team_id: A, user_id: ADMIN, channel_id: GLOBEX.channels.general, text: 'help' });
    await notFound('POST', '/sandbox/session', { team_id: GLOBEX.teamId, user_id: ADMIN });
    const { channel, message } = await demoMessage();
    await notFound('POST', '/sandbox/actions', { team_id: GLOBEX.teamId, user_id: GLOBEX.adminUserId, channel_id: channel, message_ts: message.ts, action_id: DEMO.doneAction });
    // Globex's own member sees Globex.
    const globex = await t.api<Channels>('GET', `/sandbox/workspaces/${GLOBEX.teamId}/channels?as=${GLOBEX.adminUserId}`);
    expect(globex.channels.map((c) => c.id)).toContain(GLOBEX.channels.general);
  });

  it('signs a member in to the admin pages', async () => {
    const res = await fetch(`${t.url}/sandbox/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ team_id: A, user_id: DANA }) });
    expect(res.status).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const me = (await (await fetch(`${t.url}/users/show_as_json`, { headers: { cookie } })).json()) as { name: string; slack_user_id: string };
    expect(me).toMatchObject({ slack_user_id: DANA, name: 'Dana Whitfield' }); // personName: her full name, as every page names people
  });

  it('queues faults and turns rate limits on and off', async () => {
    const queued = await t.api<{ faults: Array<{ kind: string; method: string }> }>('POST', '/sandbox/faults', { fault: { kind: 'error', method: 'chat.postMessage', error: 'channel_not_found' } }, 201);
    expect(queued.faults).toEqual([expect.objectContaining({ kind: 'error', method: 'chat.postMessage' })]);
    await t.api('DELETE', '/sandbox/faults');
    expect(t.sandbox.state.faults).toEqual([]);
    const limits = await t.api<{ enabled: boolean }>('POST', '/sandbox/rate_limits', { enabled: true, limits: { 'users.list': { limit: 1, window_ms: 60_000 } } });
    expect(limits.enabled).toBe(true);
    expect(t.sandbox.state.rateLimits.enabled).toBe(true);
    await t.api('POST', '/sandbox/rate_limits', { enabled: false, reset: true });
    expect(t.sandbox.state.rateLimits.enabled).toBe(false);
  });
});
