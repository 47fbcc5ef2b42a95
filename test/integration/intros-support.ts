import type { SandboxHearth } from '../support/sandbox-hearth.js';

/** Helpers for the Intros tests on the sandbox: a signed-in API client and what a member sees in Slack. */

export interface ApiClient {
  /** The session's cookie header, for a raw fetch. */
  cookie: string;
  call<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, status?: number): Promise<T>;
}

export async function signedIn(t: SandboxHearth, teamId: string, userId: string): Promise<ApiClient> {
  const res = await fetch(`${t.url}/sandbox/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ team_id: teamId, user_id: userId }) });
  if (res.status !== 200) throw new Error(`sign in as ${userId}: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie();
  const cookie = cookies.map((c) => c.split(';')[0]).join('; ');
  const csrf = decodeURIComponent(cookies.find((c) => c.startsWith('hearth_csrf='))!.split(';')[0]!.split('=')[1]!);
  return {
    cookie,
    async call<T>(method: string, path: string, body?: unknown, status = 200): Promise<T> {
      const r = await fetch(`${t.url}${path}`, {
        method,
        headers: { cookie, 'x-csrf-token': csrf, accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await r.text();
      if (r.status !== status) throw new Error(`${method} ${path}: expected ${status}, got ${r.status}: ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    },
  };
}

export interface SeenMessage {
  ts: string;
  user?: string;
  text: string;
  blocks?: Array<Record<string, unknown>>;
}

export interface SeenConversation {
  id: string;
  kind: string;
  users?: string[];
  messages: SeenMessage[];
}

/** The member's group DMs (mpims) and their messages, as the sandbox shows them to that member. */
export async function groupDms(t: SandboxHearth, teamId: string, userId: string): Promise<SeenConversation[]> {
  const convs = await t.api<{ direct: Array<{ id: string; kind: string; users?: string[] }> }>('GET', `/sandbox/workspaces/${teamId}/channels?as=${userId}`);
  const out: SeenConversation[] = [];
  for (const c of convs.direct.filter((d) => d.kind === 'mpim')) {
    const { messages } = await t.api<{ messages: SeenMessage[] }>('GET', `/sandbox/conversations/${c.id}/messages?team=${teamId}&as=${userId}`);
    out.push({ ...c, messages });
  }
  return out;
}

/** The member's DM with the app (owner notices, ghost questions, reminders to pick interests). */
export async function appDm(t: SandboxHearth, teamId: string, userId: string): Promise<SeenConversation | null> {
  const convs = await t.api<{ app: { dm: { id: string; kind: string } | null } }>('GET', `/sandbox/workspaces/${teamId}/channels?as=${userId}`);
  if (!convs.app.dm) return null;
  const { messages } = await t.api<{ messages: SeenMessage[] }>('GET', `/sandbox/conversations/${convs.app.dm.id}/messages?team=${teamId}&as=${userId}`);
  return { ...convs.app.dm, messages };
}

export function buttonsOf(message: SeenMessage): Array<{ action_id: string; value?: string; block_id?: string }> {
  const out: Array<{ action_id: string; value?: string; block_id?: string }> = [];
  for (const b of message.blocks ?? []) {
    if (b.type !== 'actions') continue;
    for (const e of (b.elements as Array<{ type: string; action_id: string; value?: string }>) ?? []) if (e.type === 'button') out.push({ action_id: e.action_id, value: e.value, block_id: b.block_id as string });
  }
  return out;
}

export async function advanceTo(t: SandboxHearth, at: Date | string): Promise<void> {
  await t.api('POST', '/sandbox/clock/advance', { to: new Date(at).toISOString() });
}

export const db = (t: SandboxHearth) => t.services.db;

/** Slack ids of the members of each meeting of a round. */
export async function groupsOf(t: SandboxHearth, roundId: number): Promise<Array<{ id: number; state: string; members: string[] }>> {
  const rows = await db(t)
    .selectFrom('intros_meetings as mt')
    .innerJoin('intros_meeting_members as mm', 'mm.meeting_id', 'mt.id')
    .innerJoin('members as m', 'm.id', 'mm.member_id')
    .select(['mt.id', 'mt.state', 'm.slack_user_id'])
    .where('mt.round_id', '=', roundId)
    .orderBy('mt.group_index')
    .execute();
  const groups = new Map<number, { id: number; state: string; members: string[] }>();
  for (const r of rows) {
    const g = groups.get(r.id) ?? { id: r.id, state: r.state, members: [] };
    g.members.push(r.slack_user_id);
    groups.set(r.id, g);
  }
  return [...groups.values()];
}
