import type { SandboxHearth } from '../support/sandbox-hearth.js';

/** A signed-in member of the sandbox with a JSON client (PATCH too) and a raw one (uploads). */
export interface Client {
  cookie: string;
  csrf: string;
  memberId: number;
  slackUserId: string;
  call<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, status?: number): Promise<T>;
}

export async function member(t: SandboxHearth, teamId: string, userId: string): Promise<Client> {
  const res = await fetch(`${t.url}/sandbox/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ team_id: teamId, user_id: userId }) });
  if (res.status !== 200) throw new Error(`sign in as ${userId}: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie();
  const cookie = cookies.map((c) => c.split(';')[0]).join('; ');
  const csrf = decodeURIComponent(cookies.find((c) => c.startsWith('hearth_csrf='))!.split(';')[0]!.split('=')[1]!);
  const ws = await t.services.workspaces.byTeamId(teamId);
  const m = await t.services.people.bySlackId(ws!.id, userId);
  return {
    cookie,
    csrf,
    memberId: m!.id,
    slackUserId: userId,
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
