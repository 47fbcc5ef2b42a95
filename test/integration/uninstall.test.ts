import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decrypt } from '../../src/crypto.js';
import type { LinkTokenJson } from '../../src/integrations/api-types.js';
import { ACME, GLOBEX } from '../../src/sandbox/seed.js';
import { signIn } from '../support/hearth.js';
import { SANDBOX_START, startSandboxHearth, type SandboxHearth, type SignedIn } from '../support/sandbox-hearth.js';

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
