import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../../src/sandbox/seed.js';
import { startSandboxApiServer, type SandboxApiServer } from '../../../src/sandbox/server.js';
import { installAndSync, signIn, startTestHearth, type TestHearth } from '../../support/hearth.js';
import { request } from '../../support/http.js';

/** conversations.invite as Slack answers it: all or nothing without `force`, per-user `errors` with it. */
describe('inviting people records only who really joined (issue 12, item 4)', () => {
  let sandbox: SandboxApiServer;
  let t: TestHearth;
  let admin: { cookie: string; csrf: string };
  const channel = ACME.channels.buddyVolunteers;

  beforeAll(async () => {
    sandbox = await startSandboxApiServer();
    t = await startTestHearth({ slackApiUrl: sandbox.url });
    await installAndSync(t, ACME.teamId, ACME.botToken);
    admin = await signIn(t, ACME.teamId, ACME.adminUserId);
    // Someone invited @Hearth to the channel, as a person would in Slack.
    sandbox.state.addMembers(sandbox.state.channel(ACME.teamId, channel)!, [ACME.botUserId]);
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it('one invitee already in the channel (Hearth did not know) and one deactivated meanwhile: the rest are invited, only they and the member are on the roster', async () => {
    const s = t.hearth.services;
    const ws = (await s.workspaces.byTeamId(ACME.teamId))!;
    const roster = await s.channels.syncRoster(ws, channel, await s.clients.forWorkspace(ws.id));
    const [alreadyThere, newcomer, leaver] = ['U0DEMO011', 'U0DEMO012', 'U0DEMO013', 'U0DEMO014', 'U0DEMO015'].filter((u) => !roster.includes(u));
    // Behind Hearth's back: one joins the channel, one is deactivated (Hearth's copies are stale).
    sandbox.state.addMembers(sandbox.state.channel(ACME.teamId, channel)!, [alreadyThere!]);
    sandbox.state.member(ACME.teamId, leaver!)!.deleted = true;

    const res = await fetch(`${t.url}/channels/invite_users_as_json`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ channel_id: channel, user_ids: [alreadyThere, newcomer, leaver] }),
    });
    expect(res.status).toBe(200);
    await s.queue.idle();
    await expect.poll(() => sandbox.state.channel(ACME.teamId, channel)!.members.includes(newcomer!), { timeout: 10_000 }).toBe(true);
    const [call] = sandbox.state.callsTo('conversations.invite', ACME.teamId);
    expect(call!.args).toMatchObject({ users: [alreadyThere, newcomer, leaver].join(','), force: 'true' });
    expect(call!.outcome).toBe('ok');
    await expect.poll(async () => (await s.channels.roster(ws.id, channel)).includes(newcomer!), { timeout: 10_000 }).toBe(true);
    const kept = await s.channels.roster(ws.id, channel);
    expect(kept).toContain(alreadyThere);
    expect(kept).not.toContain(leaver);
    // The kept roster is Slack's.
    expect([...kept].sort()).toEqual([...sandbox.state.channel(ACME.teamId, channel)!.members].sort());
  });

  it('6. the bot starts in no channel: a program on a public channel makes Hearth join it; a private one needs an invite first', async () => {
    const s = t.hearth.services;
    const ws = (await s.workspaces.byTeamId(ACME.teamId))!;
    const call = (path: string, body: unknown) => request(t, admin, 'POST', path, body);
    expect(sandbox.state.channel(ACME.teamId, ACME.channels.newHires)!.members).not.toContain(ACME.botUserId);
    expect((await s.channels.byId(ws.id, ACME.channels.newHires))?.bot_is_member).toBe(false);
    expect((await call('/channel_programs/apply_template_as_json', { template_id: 'intros-lunch-trio', channel_id: ACME.channels.newHires })).status).toBe(200);
    await expect.poll(() => sandbox.state.channel(ACME.teamId, ACME.channels.newHires)!.members.includes(ACME.botUserId), { timeout: 10_000 }).toBe(true);
    expect(sandbox.state.callsTo('conversations.join', ACME.teamId).map((c) => c.outcome)).toEqual(['ok']);
    await expect.poll(async () => (await s.channels.byId(ws.id, ACME.channels.newHires))?.bot_is_member, { timeout: 10_000 }).toBe(true);
    // #leadership is private and nobody invited Hearth: Hearth cannot even see it.
    const res = await call('/channel_programs/apply_template_as_json', { template_id: 'intros-lunch-trio', channel_id: ACME.channels.leadership });
    expect(res.status).toBe(400);
  });
});
