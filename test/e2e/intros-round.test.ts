import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { startSandboxHearth, type SandboxHearth, setPlan } from '../support/sandbox-hearth.js';

interface Direct {
  id: string;
  kind: string;
  users?: string[];
}
interface Message {
  ts: string;
  user?: string;
  text: string;
  blocks?: Array<{ type: string; elements?: Array<{ type: string; action_id?: string }> }>;
}
interface CoffeePage {
  config: { next_run_at: string };
  members: Array<{ slack_user_id: string; status: string }>;
  current_round: { id: number; state: string; groups: Array<{ id: number; state: string; members: Array<{ slack_user_id: string }> }> } | null;
}

/**
 * Intros end to end, only through HTTP as a person and Slack would use them: sign in on the sandbox, create a
 * program on #intros from a template, move the sandbox clock past the first round, look at every member's
 * DMs, click "We met" in Slack and see it on the admin page.
 */
describe('Intros end to end on the sandbox', () => {
  let t: SandboxHearth;
  let cookie = '';
  let csrf = '';

  const app = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${t.url}${path}`, {
      method,
      headers: { cookie, 'x-csrf-token': csrf, accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  };
  const directOf = async (userId: string) => (await t.api<{ direct: Direct[] }>('GET', `/sandbox/workspaces/${ACME.teamId}/channels?as=${userId}`)).direct;
  const messagesOf = async (channel: string, userId: string) => (await t.api<{ messages: Message[] }>('GET', `/sandbox/conversations/${channel}/messages?team=${ACME.teamId}&as=${userId}`)).messages;

  beforeAll(async () => {
    t = await startSandboxHearth();
    // The free plan caps a round at 24 people; #intros has about 30, so this workspace is on the paid plan.
    await setPlan(t, ACME.teamId, 'premium');
    const res = await fetch(`${t.url}/sandbox/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ team_id: ACME.teamId, user_id: ACME.adminUserId }) });
    const cookies = res.headers.getSetCookie();
    cookie = cookies.map((c) => c.split(';')[0]).join('; ');
    csrf = decodeURIComponent(cookies.find((c) => c.startsWith('hearth_csrf='))!.split(';')[0]!.split('=')[1]!);
  });
  afterAll(() => t?.close());

  it('creates a program on #intros, runs its round, and a "We met" click shows on the admin page', async () => {
    const created = await app<{ redirect_url: string }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: ACME.channels.intros });
    expect(created.redirect_url).toMatch(/^\/coffee\/\d+$/);
    const before = await app<CoffeePage>('GET', created.redirect_url);
    const eligible = before.members.filter((m) => m.status === 'active').map((m) => m.slack_user_id);
    const ineligible = before.members.filter((m) => m.status === 'ineligible').map((m) => m.slack_user_id);
    expect(ineligible).toEqual(expect.arrayContaining([ACME.deactivatedUserId, ACME.externalUserId, 'U0DEMOPOLL']));
    expect(eligible.length).toBeGreaterThan(24);

    const dmsBefore = new Map<string, number>();
    for (const u of eligible) dmsBefore.set(u, (await directOf(u)).filter((d) => d.kind === 'mpim').length);

    await t.api('POST', '/sandbox/clock/advance', { to: new Date(new Date(before.config.next_run_at).getTime() + 2 * 60_000).toISOString() });

    const after = await app<CoffeePage>('GET', created.redirect_url);
    expect(after.current_round?.state).toBe('sent');
    const groups = after.current_round!.groups;
    for (const u of eligible) {
      const mpims = (await directOf(u)).filter((d) => d.kind === 'mpim');
      expect(mpims.length - dmsBefore.get(u)!, u).toBe(1);
      const group = groups.find((g) => g.members.some((m) => m.slack_user_id === u))!;
      expect([...mpims[0]!.users!].filter((x) => x !== ACME.botUserId).sort()).toEqual(group.members.map((m) => m.slack_user_id).filter((x) => x !== u).sort());
    }
    // Nobody ineligible is in a conversation Hearth opened.
    const opened = t.sandbox.state.channelList(ACME.teamId).filter((c) => c.is_mpim || c.is_im);
    for (const c of opened) for (const u of ineligible.filter((x) => x !== ACME.botUserId)) expect(c.members).not.toContain(u);

    // A member clicks "We met ✅" in their intro.
    const clicker = eligible[0]!;
    const dm = (await directOf(clicker)).find((d) => d.kind === 'mpim')!;
    const intro = (await messagesOf(dm.id, clicker)).find((m) => m.user === ACME.botUserId)!;
    expect(intro.blocks?.some((b) => b.elements?.some((e) => e.action_id === 'intros_met'))).toBe(true);
    const clicked = await t.api<{ ok: boolean }>('POST', '/sandbox/actions', { team_id: ACME.teamId, user_id: clicker, channel_id: dm.id, message_ts: intro.ts, action_id: 'intros_met' });
    expect(clicked.ok).toBe(true);

    const final = await app<CoffeePage>('GET', created.redirect_url);
    const mine = final.current_round!.groups.find((g) => g.members.some((m) => m.slack_user_id === clicker))!;
    expect(mine.state).toBe('met');
    expect(final.current_round!.groups.filter((g) => g.state === 'met')).toHaveLength(1);
    // The message in Slack now says so, and its buttons are gone.
    const updated = (await messagesOf(dm.id, clicker)).find((m) => m.ts === intro.ts)!;
    expect(JSON.stringify(updated.blocks)).toContain('You met');
    expect(updated.blocks?.some((b) => b.type === 'actions')).toBe(false);
  });
});
