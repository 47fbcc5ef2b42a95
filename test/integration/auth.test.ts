import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME, GLOBEX } from '../../src/sandbox/seed.js';
import { startSandboxApiServer, type SandboxApiServer } from '../../src/sandbox/server.js';
import { install, startTestHearth, type TestHearth } from '../support/hearth.js';

/** Cookies a response set, as one Cookie header value. */
function cookiesOf(res: Response, jar = new Map<string, string>()): Map<string, string> {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const [name, ...value] = pair!.split('=');
    jar.set(name!, value.join('='));
  }
  return jar;
}
const header = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

/** Sign in with Slack (OpenID Connect) end to end, against the sandbox's openid.connect.* methods. */
describe('admin sign-in and sessions', () => {
  let sandbox: SandboxApiServer;
  let t: TestHearth;

  beforeAll(async () => {
    sandbox = await startSandboxApiServer();
    t = await startTestHearth({
      slackApiUrl: sandbox.url,
      env: { SLACK_CLIENT_ID: '111.222', SLACK_CLIENT_SECRET: 'client-secret', SLACK_STATE_SECRET: 'state-secret-for-tests' },
    });
    const acme = await install(t.hearth, ACME.teamId, ACME.botToken);
    const ws = (await t.hearth.services.workspaces.byId(acme))!;
    await t.hearth.services.people.sync(ws, await t.hearth.services.clients.forWorkspace(acme));
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  async function signIn(userId: string, returnTo = '/coffee/7?tab=members') {
    const start = await fetch(`${t.url}/auth/slack?return_to=${encodeURIComponent(returnTo)}`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.origin + authorize.pathname).toBe('https://slack.com/openid/connect/authorize');
    expect(authorize.searchParams.get('scope')).toBe('openid email profile');
    const jar = cookiesOf(start);
    // Slack would show its consent page, then redirect back with a code.
    const code = sandbox.state.issueOpenIdCode({ teamId: ACME.teamId, userId, nonce: authorize.searchParams.get('nonce')! });
    const back = await fetch(`${t.url}/auth/slack/callback?code=${code}&state=${encodeURIComponent(authorize.searchParams.get('state')!)}`, {
      redirect: 'manual',
      headers: { cookie: header(jar) },
    });
    return { back, jar: cookiesOf(back, jar) };
  }

  it('never returns to another site, whatever the browser would make of return_to', async () => {
    for (const evil of ['/\t/evil.example/x', '//evil.example', '/\\evil.example', 'https://evil.example/']) {
      const { back } = await signIn(ACME.adminUserId, evil);
      expect(back.status).toBe(302);
      expect(back.headers.get('location')).toBe('/');
    }
  });

  it('signs a member in and returns to the page asked for', async () => {
    const { back, jar } = await signIn(ACME.adminUserId);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/coffee/7?tab=members');
    const me = await fetch(`${t.url}/users/show_as_json`, { headers: { cookie: header(jar) } });
    expect(me.status).toBe(200);
    const body = (await me.json()) as { slack_user_id: string; team: { slack_team_id: string }; is_admin: boolean };
    expect(body).toMatchObject({ slack_user_id: ACME.adminUserId, team: { slack_team_id: ACME.teamId }, is_admin: true });
  });

  it('refuses a callback whose state was not started in this browser', async () => {
    const { back } = await signIn(ACME.adminUserId);
    expect(back.status).toBe(302);
    const forged = await fetch(`${t.url}/auth/slack/callback?code=x&state=forged`, { redirect: 'manual' });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { error: string }).error).toMatch(/sign in again/);
  });

  it('never redirects off-site after sign-in', async () => {
    const { back } = await signIn(ACME.adminUserId, '//evil.example/x');
    expect(back.headers.get('location')).toBe('/');
  });

  it('answers 401 to API calls without a session, and to a tampered cookie', async () => {
    expect((await fetch(`${t.url}/users/show_as_json`)).status).toBe(401);
    expect((await fetch(`${t.url}/no/such/api`)).status).toBe(401);
    const { jar } = await signIn(ACME.adminUserId);
    const raw = jar.get('hearth_session')!;
    jar.set('hearth_session', raw.slice(0, -2) + (raw.endsWith('AA') ? 'BB' : 'AA'));
    expect((await fetch(`${t.url}/users/show_as_json`, { headers: { cookie: header(jar) } })).status).toBe(401);
  });

  it('requires the CSRF token for cookie-authenticated writes', async () => {
    const { jar } = await signIn('U0DEMO005');
    const me = (await (await fetch(`${t.url}/users/show_as_json`, { headers: { cookie: header(jar) } })).json()) as { id: number; csrf_token: string; is_admin: boolean };
    expect(me.is_admin).toBe(false);
    const url = `${t.url}/users/${me.id}/update_notifications`;
    const payload = JSON.stringify({ append_keys: ['weekly_digest'] });
    const without = await fetch(url, { method: 'POST', headers: { cookie: header(jar), 'content-type': 'application/json' }, body: payload });
    expect(without.status).toBe(403);
    const withToken = await fetch(url, { method: 'POST', headers: { cookie: header(jar), 'content-type': 'application/json', 'x-csrf-token': me.csrf_token }, body: payload });
    expect(withToken.status).toBe(200);
    expect(await withToken.json()).toEqual({ notifications: { weekly_digest: true } });
    // Bad input is a 400 naming the field, and nothing is written.
    const bad = await fetch(url, { method: 'POST', headers: { cookie: header(jar), 'content-type': 'application/json', 'x-csrf-token': me.csrf_token }, body: JSON.stringify({ append_keys: ['Not Snake'] }) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toHaveProperty(['append_keys.0']);
    // Another member's id is a 404.
    const other = await fetch(`${t.url}/users/${me.id + 1}/update_notifications`, { method: 'POST', headers: { cookie: header(jar), 'content-type': 'application/json', 'x-csrf-token': me.csrf_token }, body: payload });
    expect(other.status).toBe(404);
    const after = (await (await fetch(`${t.url}/users/show_as_json`, { headers: { cookie: header(jar) } })).json()) as { notifications: object };
    expect(after.notifications).toEqual({ weekly_digest: true });
  });

  it('will not sign in to a workspace Hearth is not installed in', async () => {
    const start = await fetch(`${t.url}/auth/slack`, { redirect: 'manual' });
    const authorize = new URL(start.headers.get('location')!);
    const code = sandbox.state.issueOpenIdCode({ teamId: GLOBEX.teamId, userId: GLOBEX.adminUserId });
    const back = await fetch(`${t.url}/auth/slack/callback?code=${code}&state=${encodeURIComponent(authorize.searchParams.get('state')!)}`, {
      redirect: 'manual',
      headers: { cookie: header(cookiesOf(start)) },
    });
    expect(back.status).toBe(403);
  });
});
