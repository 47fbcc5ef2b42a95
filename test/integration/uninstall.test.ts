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
});
