import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decrypt } from '../../src/crypto.js';
import type { LinkTokenJson } from '../../src/integrations/api-types.js';
import { ACME, GLOBEX } from '../../src/sandbox/seed.js';
import { signIn } from '../support/hearth.js';
import { createOnboardingJourney, setPlan, SANDBOX_START, settle, startSandboxHearth, type SandboxHearth, type SignedIn } from '../support/sandbox-hearth.js';

/** Requests Hearth makes to the providers' stand-ins (the HR system, applicant tracking, calendars' OAuth). */
const PROVIDER_PATHS = ['/sandbox/merge/', '/sandbox/greenhouse/', '/sandbox/oauth/'];

/**
 * app_uninstalled stops every capability of that workspace and deletes its provider tokens: over the next eight
 * days of clock it makes no Slack call and no provider call, while a workspace that stays installed goes on.
 */
describe('uninstall stops everything', () => {
  let t: SandboxHearth;
  const providerCalls: Array<{ url: string; accountToken?: string }> = [];
  const realFetch = globalThis.fetch;

  beforeAll(async () => {
    t = await startSandboxHearth();
    globalThis.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const accountToken = (init?.headers as Record<string, string> | undefined)?.['x-account-token'];
      if (PROVIDER_PATHS.some((p) => url.includes(p))) providerCalls.push({ url, ...(accountToken ? { accountToken } : {}) });
      return realFetch(input, init);
    };
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    await t?.close();
  });

  /** A weekly Watercooler in the channel and the HR system linked (a daily sync): work for Slack and a provider. */
  async function busy(admin: SignedIn, channel: string): Promise<void> {
    await t.call(admin, 'POST', '/channel_programs/apply_template_as_json', { template_id: 'watercooler-default-dozen', channel_id: channel });
    const link = await t.call<LinkTokenJson>(admin, 'POST', '/hris/create_link_token_as_json', {});
    const { public_token } = await t.call<{ public_token: string }>(admin, 'POST', '/sandbox/merge/api/link', { link_token: link.link_token });
    await t.call(admin, 'POST', '/hris/create_integration_as_json', { public_token });
    await t.services.queue.idle();
  }

  it('after app_uninstalled and 8 days of clock: 0 Slack calls and 0 provider calls for that workspace, its provider tokens gone', { timeout: 300_000 }, async () => {
    await busy(await signIn(t, ACME.teamId, ACME.adminUserId), ACME.channels.general);
    await busy(await signIn(t, GLOBEX.teamId, GLOBEX.adminUserId), GLOBEX.channels.general);
    const acme = (await t.services.workspaces.byTeamId(ACME.teamId))!;
    const sealed = await t.services.db.selectFrom('hris_identities').select('account_token_enc').where('workspace_id', '=', acme.id).executeTakeFirstOrThrow();
    const acmeAccountToken = decrypt(t.services.config.encryptionKey, sealed.account_token_enc);

    await t.driver.event({ teamId: ACME.teamId, event: { type: 'app_uninstalled' } });
    await expect.poll(async () => (await t.services.workspaces.byId(acme.id))?.paused_at).toBeInstanceOf(Date);
    await t.services.queue.idle();

    const since = Math.max(0, ...t.sandbox.state.calls.map((c) => c.seq));
    providerCalls.length = 0;
    await t.api('POST', '/sandbox/clock/advance', { to: new Date(SANDBOX_START.getTime() + 8 * 86_400_000).toISOString() });

    const after = t.sandbox.state.calls.filter((c) => c.seq > since);
    expect(after.filter((c) => c.teamId === ACME.teamId).map((c) => c.method)).toEqual([]);
    // Globex stayed: its prompts went out and its HR system synced, so the clock did move work along.
    expect(after.filter((c) => c.teamId === GLOBEX.teamId && c.method === 'chat.postMessage').length).toBeGreaterThan(0);
    expect(providerCalls.filter((c) => c.accountToken).length).toBeGreaterThan(0);
    expect(providerCalls.filter((c) => c.accountToken === acmeAccountToken)).toEqual([]);
    const acmeIdentity = await t.services.db.selectFrom('hris_identities').selectAll().where('workspace_id', '=', acme.id).executeTakeFirstOrThrow();
    expect(acmeIdentity).toMatchObject({ state: 'deactivated', account_token_enc: '', next_sync_at: null });
  });

  it('deletes the workspace, its rows and its uploaded files, when the retention period (30 days by default) is over', { timeout: 300_000 }, async () => {
    const acme = (await t.services.workspaces.byTeamId(ACME.teamId))!;
    const file = `ws/${acme.id}/left-behind`;
    await t.services.storage.put(file, Readable.from([Buffer.from('a photo')]));
    const rows = async (table: 'members' | 'channel_programs' | 'hris_identities' | 'accounts', workspaceId = acme.id) =>
      (await t.services.db.selectFrom(table).select('workspace_id').where('workspace_id', '=', workspaceId).execute()).length;
    expect(await rows('members')).toBeGreaterThan(0);

    // Day 29 after the uninstall: still kept, so a reinstall would resume.
    await t.api('POST', '/sandbox/clock/advance', { to: new Date(acme.paused_at!.getTime() + 29 * 86_400_000).toISOString() });
    expect(await t.services.workspaces.byId(acme.id)).toBeDefined();
    expect(await t.services.storage.size(file)).toBe(7);

    await t.api('POST', '/sandbox/clock/advance', { to: new Date(acme.paused_at!.getTime() + 30 * 86_400_000 + 120_000).toISOString() });
    expect(await t.services.workspaces.byId(acme.id)).toBeUndefined();
    for (const table of ['members', 'channel_programs', 'hris_identities', 'accounts'] as const) expect(await rows(table), table).toBe(0);
    expect(await t.services.db.selectFrom('installations').select('install_key').where('team_id', '=', ACME.teamId).execute()).toEqual([]);
    expect(await t.services.storage.size(file)).toBeNull();
    // Globex, still installed, keeps everything.
    const globex = (await t.services.workspaces.byTeamId(GLOBEX.teamId))!;
    expect(await rows('members', globex.id)).toBeGreaterThan(0);
  });

  it("deletes a workspace's data at once when an admin confirms with the workspace's name", async () => {
    const globex = (await t.services.workspaces.byTeamId(GLOBEX.teamId))!;
    const member = await signIn(t, GLOBEX.teamId, 'U0GLX002');
    const admin = await signIn(t, GLOBEX.teamId, GLOBEX.adminUserId);
    await t.call(member, 'POST', '/workspace/delete_data_as_json', { confirm_name: GLOBEX.name }, 403);
    const wrong = await t.call<{ error: string; fields: Record<string, string> }>(admin, 'POST', '/workspace/delete_data_as_json', { confirm_name: 'globex' }, 400);
    expect(wrong).toMatchObject({ error: `Type the workspace's name, ${GLOBEX.name}, to delete its data`, fields: { confirm_name: `must be ${GLOBEX.name}` } });
    expect(await t.services.workspaces.byId(globex.id)).toBeDefined();

    await t.call(admin, 'POST', '/workspace/delete_data_as_json', { confirm_name: GLOBEX.name });
    expect(await t.services.workspaces.byId(globex.id)).toBeUndefined();
    expect((await t.services.db.selectFrom('members').select('id').where('workspace_id', '=', globex.id).execute()).length).toBe(0);
    // The admin's session went with the workspace.
    await t.call(admin, 'GET', '/users/show_as_json', undefined, 401);
  });
});

/**
 * A reinstall within the retention period resumes where it was: after app_uninstalled and ten quiet days, the
 * workspace is installed again through Slack's OAuth; its programs, journeys and rows are all there, the next
 * Watercooler prompt and the journey's next message go out, and the retention deletion no longer happens when the
 * first uninstall's period ends.
 */
describe('a reinstall within the retention period', () => {
  let t: SandboxHearth;
  const DAY = 86_400_000;
  const at = (days: number) => new Date(SANDBOX_START.getTime() + days * DAY).toISOString();

  beforeAll(async () => {
    t = await startSandboxHearth({ env: { SLACK_CLIENT_ID: '111.222', SLACK_CLIENT_SECRET: 'client-secret', SLACK_STATE_SECRET: 'state-secret-for-tests' } });
  });
  afterAll(() => t?.close());

  /** What the workspace holds, table by table. */
  const holdings = async (workspaceId: number) => {
    const count = async (table: 'members' | 'channel_programs' | 'journey_tags' | 'journey_sessions' | 'journey_session_events') =>
      table === 'journey_session_events'
        ? (await t.services.db.selectFrom('journey_session_events').innerJoin('journey_sessions', 'journey_sessions.id', 'journey_session_events.session_id').select('journey_session_events.id').where('journey_sessions.workspace_id', '=', workspaceId).execute()).length
        : (await t.services.db.selectFrom(table).select('workspace_id').where('workspace_id', '=', workspaceId).execute()).length;
    return { members: await count('members'), programs: await count('channel_programs'), journeys: await count('journey_tags'), sessions: await count('journey_sessions'), sessionEvents: await count('journey_session_events') };
  };

  /** The install as a person approving it in Slack: Hearth's install link, Slack's redirect back with a code. */
  async function reinstall(teamId: string, userId: string): Promise<void> {
    const start = await fetch(`${t.url}/slack/install`, { redirect: 'manual' });
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const cookie = start.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const code = t.sandbox.state.issueOAuthCode({ teamId, userId });
    const back = await fetch(`${t.url}/slack/oauth_redirect?code=${code}&state=${encodeURIComponent(state)}`, { redirect: 'manual', headers: { cookie } });
    expect(back.status).toBe(302);
    expect(new URL(back.headers.get('location')!, t.url).pathname).toBe('/installed');
  }

  it('keeps everything, resumes its sends, and is no longer deleted when the first period ends', { timeout: 300_000 }, async () => {
    const admin = await signIn(t, ACME.teamId, ACME.adminUserId);
    await setPlan(t, ACME.teamId, 'premium');
    const acme = (await t.services.workspaces.byTeamId(ACME.teamId))!;
    // A weekly Watercooler in #general, and an onboarding journey for a hire who starts a week later.
    await t.call(admin, 'POST', '/channel_programs/apply_template_as_json', { template_id: 'watercooler-default-dozen', channel_id: ACME.channels.general });
    const { tag } = await createOnboardingJourney(t, admin);
    const primary = (await t.call<{ roles: Array<{ id: number; primary: boolean }> }>(admin, 'GET', `/onboarding/tags/${tag.id}`)).roles.find((r) => r.primary)!.id;
    const hire = (await t.services.people.bySlackId(acme.id, 'U0DEMO010'))!;
    await t.call(admin, 'POST', `/onboarding/tags/${tag.id}/sessions`, { start_date: '2026-03-09', memberships: [{ role_id: primary, user_id: hire.id }] });
    await settle(t);
    const kept = await holdings(acme.id);
    expect(kept).toMatchObject({ programs: 1, journeys: 1, sessions: 1 });
    expect(kept.sessionEvents).toBeGreaterThan(5);

    await t.driver.event({ teamId: ACME.teamId, event: { type: 'app_uninstalled' } });
    await expect.poll(async () => (await t.services.workspaces.byId(acme.id))?.paused_at).toBeInstanceOf(Date);
    const pausedAt = (await t.services.workspaces.byId(acme.id))!.paused_at!;
    await t.services.queue.idle();
    const quiet = Math.max(0, ...t.sandbox.state.calls.map((c) => c.seq));
    // Ten days uninstalled (less than the 30 of the retention period): nothing reaches Slack for Acme.
    await t.api('POST', '/sandbox/clock/advance', { to: at(10) });
    expect(t.sandbox.state.calls.filter((c) => c.seq > quiet && c.teamId === ACME.teamId).map((c) => c.method)).toEqual([]);

    await reinstall(ACME.teamId, ACME.adminUserId);
    expect((await t.services.workspaces.byId(acme.id))!.paused_at).toBeNull();
    expect(await t.services.workspaces.byTeamId(ACME.teamId)).toMatchObject({ id: acme.id });
    expect(await holdings(acme.id)).toEqual(kept);

    // Sends resume: the next prompt in #general and the journey's next messages go out.
    const resumed = Math.max(0, ...t.sandbox.state.calls.map((c) => c.seq));
    const journeySent = async () => (await t.services.db.selectFrom('outbox').select('id').where('workspace_id', '=', acme.id).where('kind', 'like', 'journey%').where('state', '=', 'sent').execute()).length;
    const journeyBefore = await journeySent();
    await t.api('POST', '/sandbox/clock/advance', { to: at(18) });
    await settle(t);
    const posts = t.sandbox.state.calls.filter((c) => c.seq > resumed && c.teamId === ACME.teamId && c.method === 'chat.postMessage');
    expect(posts.filter((c) => (c.args as { channel?: string }).channel === ACME.channels.general).length).toBeGreaterThan(0);
    expect(await journeySent()).toBeGreaterThan(journeyBefore);

    // Past the first uninstall's deadline: still here, with everything.
    await t.api('POST', '/sandbox/clock/advance', { to: new Date(pausedAt.getTime() + 31 * DAY).toISOString() });
    expect(await t.services.workspaces.byId(acme.id)).toMatchObject({ id: acme.id, paused_at: null });
    expect((await holdings(acme.id)).journeys).toBe(1);
  });
});
