import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLOBEX } from '../../src/sandbox/seed.js';
import { startSandboxApiServer, type SandboxApiServer } from '../../src/sandbox/server.js';
import { startTestHearth, type TestHearth } from '../support/hearth.js';

/** The multi-workspace OAuth install, Slack's side played by the sandbox's oauth.v2.access. */
describe('OAuth install', () => {
  let sandbox: SandboxApiServer;
  let t: TestHearth;

  beforeAll(async () => {
    sandbox = await startSandboxApiServer();
    t = await startTestHearth({ slackApiUrl: sandbox.url, env: { SLACK_CLIENT_ID: '111.222', SLACK_CLIENT_SECRET: 'client-secret', SLACK_STATE_SECRET: 'state-secret-for-tests' } });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it('installs a workspace: tokens sealed, workspace and account created, directory read', async () => {
    const start = await fetch(`${t.url}/slack/install`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.origin + authorize.pathname).toBe('https://slack.com/oauth/v2/authorize');
    expect(authorize.searchParams.get('scope')).toContain('chat:write');
    const state = authorize.searchParams.get('state')!;
    const cookie = start.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

    const code = sandbox.state.issueOAuthCode({ teamId: GLOBEX.teamId, userId: GLOBEX.adminUserId });
    const back = await fetch(`${t.url}/slack/oauth_redirect?code=${code}&state=${encodeURIComponent(state)}`, { redirect: 'manual', headers: { cookie } });
    expect(back.status).toBe(302);
    // The installer lands on the success page, signed in as themselves.
    const landing = new URL(back.headers.get('location')!, t.url);
    expect(landing.pathname).toBe('/installed');
    expect(landing.searchParams.get('app')).toMatch(/^A/);
    const session = back.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    expect(session).toContain('hearth_session=');
    const me = await fetch(`${t.url}/users/show_as_json`, { headers: { cookie: session } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ slack_user_id: GLOBEX.adminUserId, team: { slack_team_id: GLOBEX.teamId } });

    const s = t.hearth.services;
    const ws = (await s.workspaces.byTeamId(GLOBEX.teamId))!;
    expect(ws.name).toBe(GLOBEX.name);
    const row = await s.db.selectFrom('installations').selectAll().where('team_id', '=', GLOBEX.teamId).executeTakeFirstOrThrow();
    expect(row.data_enc).not.toContain(GLOBEX.botToken);
    // Token rotation is on (the manifest's setting): the token is a rotating one that the sandbox accepts.
    const token = await s.clients.token(ws.id);
    expect(token).toMatch(/^xoxe\.xoxb-/);
    expect(row.data_enc).not.toContain(token);
    await expect.poll(async () => (await s.db.selectFrom('members').select('id').where('workspace_id', '=', ws.id).execute()).length, { timeout: 10_000 }).toBeGreaterThan(5);
    await expect.poll(async () => (await s.db.selectFrom('accounts').select('owner_member_id').where('workspace_id', '=', ws.id).executeTakeFirst())?.owner_member_id, { timeout: 10_000 }).toBeTypeOf('number');
  });

  it('refuses a callback without the state this browser was given', async () => {
    const code = sandbox.state.issueOAuthCode({ teamId: GLOBEX.teamId, userId: GLOBEX.adminUserId });
    const back = await fetch(`${t.url}/slack/oauth_redirect?code=${code}&state=forged`, { redirect: 'manual' });
    expect(back.status).toBeGreaterThanOrEqual(400);
  });
});
