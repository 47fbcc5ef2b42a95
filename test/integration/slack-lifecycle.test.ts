import type { Installation } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME, GLOBEX } from '../../src/sandbox/seed.js';
import { startSandboxApiServer, type SandboxApiServer } from '../../src/sandbox/server.js';
import { installAndSync, startTestHearth, type TestHearth } from '../support/hearth.js';

describe('Slack lifecycle: directory events, uninstall, token rotation', () => {
  let sandbox: SandboxApiServer;
  let t: TestHearth;
  let acme: number;

  beforeAll(async () => {
    sandbox = await startSandboxApiServer();
    t = await startTestHearth({ slackApiUrl: sandbox.url, slackTimeoutMs: 2000 });
    acme = await installAndSync(t, ACME.teamId, ACME.botToken, ACME.adminUserId);
    await installAndSync(t, GLOBEX.teamId, GLOBEX.botToken);
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  const member = (id: string, teamId: string = ACME.teamId) => t.hearth.services.db.selectFrom('members').innerJoin('workspaces', 'workspaces.id', 'members.workspace_id').selectAll('members').where('workspaces.team_id', '=', teamId).where('slack_user_id', '=', id).executeTakeFirst();

  it('reads the directory on install: people, bots, deactivated and external members marked', async () => {
    expect(await member(ACME.adminUserId)).toMatchObject({ is_admin: true, is_bot: false, deleted: false });
    expect(await member(ACME.deactivatedUserId)).toMatchObject({ deleted: true });
    expect(await member('U0DEMOPOLL')).toMatchObject({ is_bot: true });
    const channels = await t.hearth.services.db.selectFrom('channels').select('channel_id').where('workspace_id', '=', acme).execute();
    // Every public channel; not #leadership, which is private and Hearth has not been invited to.
    const publicIds = Object.values(ACME.channels).filter((id) => id !== ACME.channels.leadership);
    expect(channels.map((c) => c.channel_id)).toEqual(expect.arrayContaining(publicIds));
    expect(channels.map((c) => c.channel_id)).not.toContain(ACME.channels.leadership);
    const account = await t.hearth.services.db.selectFrom('accounts').selectAll().where('workspace_id', '=', acme).executeTakeFirstOrThrow();
    expect(account.owner_member_id).toBe((await member(ACME.adminUserId))!.id);
  });

  it('keeps members current from team_join and user_change, including a move of time zone and deactivation', async () => {
    const user = { id: 'U0NEWHIRE1', team_id: ACME.teamId, name: 'sam', real_name: 'Sam New', tz: 'Europe/London', profile: { email: 'Sam@Acme.example', display_name: 'Sam' } };
    await t.driver.event({ teamId: ACME.teamId, event: { type: 'team_join', user } });
    await expect.poll(() => member('U0NEWHIRE1')).toMatchObject({ real_name: 'Sam New', tz: 'Europe/London', email: 'sam@acme.example', deleted: false });
    await t.driver.event({ teamId: ACME.teamId, event: { type: 'user_change', user: { ...user, tz: 'Asia/Tokyo', deleted: true } } });
    await expect.poll(() => member('U0NEWHIRE1')).toMatchObject({ tz: 'Asia/Tokyo', deleted: true });
  });

  it('a directory refresh rewrites only the members whose fields changed', async () => {
    const s = t.hearth.services;
    const ws = (await s.workspaces.byId(acme))!;
    const stamps = async () => new Map((await s.db.selectFrom('members').select(['slack_user_id', 'updated_at']).where('workspace_id', '=', acme).execute()).map((m) => [m.slack_user_id, m.updated_at.getTime()]));
    const before = await stamps();
    sandbox.state.member(ACME.teamId, ACME.adminUserId)!.profile!.title = 'Head of People and Places';
    await s.people.sync(ws, await s.clients.forWorkspace(acme));
    const after = await stamps();
    const changed = [...after].filter(([id, at]) => before.get(id) !== at).map(([id]) => id);
    expect(changed).toEqual([ACME.adminUserId]);
    expect(await member(ACME.adminUserId)).toMatchObject({ title: 'Head of People and Places' });
  });

  it('on app_uninstalled deletes the tokens, pauses the workspace, keeps its data, and sends nothing more', async () => {
    await t.driver.event({ teamId: GLOBEX.teamId, event: { type: 'app_uninstalled' } });
    const s = t.hearth.services;
    await expect.poll(async () => (await s.workspaces.byTeamId(GLOBEX.teamId))?.paused_at).toBeInstanceOf(Date);
    const install = await s.db.selectFrom('installations').selectAll().where('team_id', '=', GLOBEX.teamId).executeTakeFirstOrThrow();
    expect(install.data_enc).toBeNull();
    expect(install.revoked_at).toBeInstanceOf(Date);
    expect(await member(GLOBEX.adminUserId, GLOBEX.teamId)).toBeDefined();
    const globex = (await s.workspaces.byTeamId(GLOBEX.teamId))!;
    const [id] = await s.outbox.enqueue([{ workspaceId: globex.id, key: 'after-uninstall', kind: 'test', method: 'chat.postMessage', args: { channel: GLOBEX.channels.general, text: 'hi' } }]);
    await expect.poll(async () => (await s.outbox.repo.byId(id!))?.state).toBe('failed');
    expect(sandbox.state.callsTo('chat.postMessage', GLOBEX.teamId)).toHaveLength(0);
  });

  it('refreshes a rotating token once under concurrency, and everyone gets the new token', async () => {
    const store = t.hearth.services.installations;
    const soon = Math.floor(Date.now() / 1000) + 60;
    const rotating: Installation = {
      team: { id: 'T0ROTATE1', name: 'Rotating' },
      enterprise: undefined,
      user: { id: 'U0INSTALLER', token: undefined, scopes: undefined },
      bot: { token: 'xoxe.xoxb-old', refreshToken: 'xoxe-1-refresh-old', expiresAt: soon, userId: 'U0BOT', id: 'B0BOT', scopes: ['chat:write'] },
      appId: 'A0HEARTH',
      isEnterpriseInstall: false,
    };
    await store.storeInstallation(rotating);
    let refreshes = 0;
    const refresher = {
      refresh: async (refreshToken: string) => {
        refreshes++;
        expect(refreshToken).toBe('xoxe-1-refresh-old');
        await new Promise((r) => setTimeout(r, 100));
        return { token: 'xoxe.xoxb-new', refreshToken: 'xoxe-1-refresh-new', expiresInSeconds: 43_200 };
      },
    };
    const tokens = await Promise.all(Array.from({ length: 5 }, () => store.botToken('T0ROTATE1', null, refresher)));
    expect(tokens).toEqual(Array(5).fill('xoxe.xoxb-new'));
    expect(refreshes).toBe(1);
    const row = await t.hearth.services.db.selectFrom('installations').selectAll().where('team_id', '=', 'T0ROTATE1').executeTakeFirstOrThrow();
    expect(row.bot_token_expires_at!.getTime()).toBeGreaterThan(Date.now() + 11 * 3600_000);
    expect(row.data_enc).not.toContain('xoxe.xoxb-new'); // sealed at rest
  });
});
