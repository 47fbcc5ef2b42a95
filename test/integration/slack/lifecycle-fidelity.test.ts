import type { Installation } from '@slack/bolt';
import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../../src/db/index.js';
import { ACME, GLOBEX } from '../../../src/sandbox/seed.js';
import { startSandboxApiServer, type SandboxApiServer } from '../../../src/sandbox/server.js';
import { PgInstallationStore } from '../../../src/slack/installation-store.js';
import { SlackClients } from '../../../src/slack/clients.js';
import { ControllableClock } from '../../../src/time/clock.js';
import { WorkspaceRepository } from '../../../src/workspaces/repository.js';
import { startTestHearth, type TestHearth } from '../../support/hearth.js';

const path = process.env.DATABASE_URL ? 'Postgres' : 'PGlite';
const OAUTH_ENV = { SLACK_CLIENT_ID: '111.222', SLACK_CLIENT_SECRET: 'client-secret', SLACK_STATE_SECRET: 'state-secret-for-tests' };

describe(`Slack lifecycle as Slack does it (issue 12, items 3 and 5; ${path})`, () => {
  let sandbox: SandboxApiServer;
  let t: TestHearth;
  let second: DbHandle | undefined;
  // Bolt dates a new token's expiry from the wall clock, so this clock starts at the wall clock's time.
  const clock = new ControllableClock(new Date());

  beforeAll(async () => {
    sandbox = await startSandboxApiServer({ now: () => clock.now() });
    t = await startTestHearth({ slackApiUrl: sandbox.url, clock, env: OAUTH_ENV });
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
    await sandbox.close();
  });

  /** The OAuth install as a person approving it in Slack: Slack's redirect with a code. */
  async function installByOAuth(teamId: string, userId: string): Promise<number> {
    const start = await fetch(`${t.url}/slack/install`, { redirect: 'manual' });
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const cookie = start.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const code = sandbox.state.issueOAuthCode({ teamId, userId });
    const back = await fetch(`${t.url}/slack/oauth_redirect?code=${code}&state=${encodeURIComponent(state)}`, { redirect: 'manual', headers: { cookie } });
    expect(back.status).toBe(302);
    return (await t.hearth.services.workspaces.byTeamId(teamId))!.id;
  }

  it('3. an org-wide app_uninstalled, in Slack’s envelope (is_enterprise_install only in authorizations), revokes the enterprise installation', async () => {
    const store = t.hearth.services.installations;
    const orgWide: Installation = {
      team: undefined,
      enterprise: { id: 'E0ORG0001', name: 'Org' },
      user: { id: 'U0ORGADMIN', token: undefined, scopes: undefined },
      bot: { token: 'xoxb-org-wide', userId: 'U0ORGBOT', id: 'B0ORGBOT', scopes: ['chat:write'] },
      appId: 'A0HEARTH',
      isEnterpriseInstall: true,
    };
    await store.storeInstallation(orgWide);
    expect(await store.find({ teamId: 'T0ORGWS01', enterpriseId: 'E0ORG0001' })).toBeDefined();
    // Slack's Events API envelope for an org-wide install, as documented: no top-level is_enterprise_install.
    const body = JSON.stringify({
      token: 'x',
      team_id: 'T0ORGWS01',
      enterprise_id: 'E0ORG0001',
      context_team_id: 'T0ORGWS01',
      context_enterprise_id: 'E0ORG0001',
      api_app_id: 'A0HEARTH',
      event: { type: 'app_uninstalled', event_ts: '1772438400.000100' },
      type: 'event_callback',
      event_id: 'Ev0ORGUNINSTALL',
      event_time: 1772438400,
      authorizations: [{ enterprise_id: 'E0ORG0001', team_id: null, user_id: 'U0ORGBOT', is_bot: true, is_enterprise_install: true }],
      is_ext_shared_channel: false,
    });
    expect((await t.driver.post(body, 'application/json')).status).toBe(200);
    await expect.poll(async () => (await t.hearth.services.db.selectFrom('installations').select('data_enc').where('install_key', '=', 'E:E0ORG0001').executeTakeFirstOrThrow()).data_enc).toBeNull();
    expect(await store.find({ enterpriseId: 'E0ORG0001', isEnterpriseInstall: true })).toBeUndefined();
  });

  it('3. the driver sends events in that envelope and can deliver one for an org-wide install', async () => {
    let seen: Record<string, unknown> | undefined;
    const original = t.driver.post.bind(t.driver);
    const spy = Object.assign(Object.create(Object.getPrototypeOf(t.driver) as object) as typeof t.driver, t.driver, {
      post: async (b: string, type: string, headers?: Record<string, string>) => {
        seen = JSON.parse(b) as Record<string, unknown>;
        return original(b, type, headers);
      },
    });
    await spy.event({ teamId: 'T0ORGWS02', enterpriseId: 'E0ORG0002', isEnterpriseInstall: true, event: { type: 'app_home_opened', user: 'U1', tab: 'home' } });
    expect(seen).not.toHaveProperty('is_enterprise_install');
    expect(seen).toMatchObject({ team_id: 'T0ORGWS02', enterprise_id: 'E0ORG0002', context_team_id: 'T0ORGWS02', is_ext_shared_channel: false, type: 'event_callback' });
    expect(seen!.authorizations).toEqual([{ enterprise_id: 'E0ORG0002', team_id: null, user_id: expect.any(String), is_bot: true, is_enterprise_install: true }]);
  });

  it('5. the OAuth install hands out an expiring token and a refresh token, as with rotation on', async () => {
    const ws = await installByOAuth(GLOBEX.teamId, GLOBEX.adminUserId);
    const row = await t.hearth.services.db.selectFrom('installations').selectAll().where('team_id', '=', GLOBEX.teamId).executeTakeFirstOrThrow();
    expect(Math.abs(row.bot_token_expires_at!.getTime() - (clock.now().getTime() + 43_200_000))).toBeLessThan(60_000);
    const token = await t.hearth.services.clients.token(ws);
    expect(token).toMatch(/^xoxe\.xoxb-/);
    expect((await new WebClient(token, { slackApiUrl: sandbox.url }).auth.test()).team_id).toBe(GLOBEX.teamId);
  });

  it('5. the sandbox refuses an expired token and a refresh token used twice', async () => {
    const issued = sandbox.state.issueRotatingToken(ACME.teamId, clock.now());
    const api = (token?: string) => new WebClient(token, { slackApiUrl: sandbox.url, retryConfig: { retries: 0 } });
    const grant = { client_id: '111.222', client_secret: 'client-secret', grant_type: 'refresh_token', refresh_token: issued.refreshToken } as const;
    const fresh = await api().oauth.v2.access(grant);
    expect(fresh).toMatchObject({ token_type: 'bot', expires_in: 43_200 });
    expect(fresh.refresh_token).not.toBe(issued.refreshToken);
    await expect(api().oauth.v2.access(grant)).rejects.toMatchObject({ data: { error: 'invalid_refresh_token' } });
    clock.advance(43_200_000);
    await expect(api(issued.token).auth.test()).rejects.toMatchObject({ data: { error: 'token_expired' } });
    clock.advance(-43_200_000);
  });

  it(`5. two workers refresh the same installation at once: one refresh, both keep working (${path})`, async () => {
    const s = t.hearth.services;
    const ws = (await s.workspaces.byTeamId(GLOBEX.teamId))!;
    const oldToken = await s.clients.token(ws.id);
    // Five minutes before expiry: both workers must refresh before their next call.
    clock.advance(43_200_000 - 4 * 60_000);
    // The second worker: its own database connection (pool) on Postgres; PGlite has one in-process database.
    const db = process.env.DATABASE_URL ? (second = await openDatabase({ url: t.databaseUrl! })).db : s.db;
    const observer = { called: () => {}, rateLimited: () => {} };
    const otherClients = new SlackClients(s.config, new WorkspaceRepository(db, clock), new PgInstallationStore(db, s.config.encryptionKey, clock), observer);
    const before = sandbox.state.callsTo('oauth.v2.access').length;
    const tokens = await Promise.all([s.clients.token(ws.id), otherClients.token(ws.id), s.clients.token(ws.id), otherClients.token(ws.id)]);
    const refreshes = sandbox.state.callsTo('oauth.v2.access').slice(before);
    expect(refreshes.map((c) => c.outcome)).toEqual(['ok']);
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).not.toBe(oldToken);
    for (const clients of [s.clients, otherClients]) {
      const client = await clients.forWorkspace(ws.id);
      expect((await client.auth.test()).team_id).toBe(GLOBEX.teamId);
    }
    // Past the old token's life, the refreshed one still works.
    clock.advance(10 * 60_000);
    expect((await (await otherClients.forWorkspace(ws.id)).auth.test()).team_id).toBe(GLOBEX.teamId);
  });
});
