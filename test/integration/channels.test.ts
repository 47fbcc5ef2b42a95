import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME, GLOBEX } from '../../src/sandbox/seed.js';
import { startSandboxApiServer, type SandboxApiServer } from '../../src/sandbox/server.js';
import { installAndSync, signIn, startTestHearth, type TestHearth } from '../support/hearth.js';

describe('channel directory, search and invites', () => {
  let sandbox: SandboxApiServer;
  let t: TestHearth;
  let admin: { cookie: string; csrf: string };
  let member: { cookie: string; csrf: string };

  beforeAll(async () => {
    sandbox = await startSandboxApiServer();
    // People have invited @Hearth to #leadership (private) and #buddy-volunteers; it is in no other channel.
    for (const channel of [ACME.channels.leadership, ACME.channels.buddyVolunteers]) sandbox.state.addMembers(sandbox.state.channel(ACME.teamId, channel)!, [ACME.botUserId]);
    t = await startTestHearth({ slackApiUrl: sandbox.url });
    await installAndSync(t, ACME.teamId, ACME.botToken);
    await installAndSync(t, GLOBEX.teamId, GLOBEX.botToken);
    admin = await signIn(t, ACME.teamId, ACME.adminUserId);
    member = await signIn(t, ACME.teamId, 'U0DEMO005');
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  const search = async (who: { cookie: string }, qs: string) => {
    const res = await fetch(`${t.url}/channels/search?${qs}`, { headers: { cookie: who.cookie, accept: 'application/json' } });
    return { status: res.status, body: (await res.json()) as Array<{ uid: string; name: string }> };
  };

  it('finds channels by part of their name, names starting with it first', async () => {
    const { status, body } = await search(member, 'query=e');
    expect(status).toBe(200);
    expect(body.map((c) => c.name)).toEqual(expect.arrayContaining(['general', 'new-hires', 'celebrations']));
    // #intros is shared with another company (Slack Connect): only with include_shared.
    expect((await search(member, 'query=INTRO')).body).toEqual([]);
    expect((await search(member, 'query=INTRO&include_shared=1')).body).toEqual([{ uid: ACME.channels.intros, name: 'intros' }]);
    expect((await search(member, 'query=')).body).toEqual([]);
  });

  it('includes private channels only when asked, and only those Hearth is in', async () => {
    expect((await search(admin, 'query=leader')).body).toEqual([]);
    expect((await search(admin, 'query=leader&include_private=1')).body).toEqual([{ uid: ACME.channels.leadership, name: 'leadership' }]);
  });

  it("never shows another workspace's channels", async () => {
    const names = (await search(admin, 'query=g')).body.map((c) => c.uid);
    expect(names.some((id) => id.startsWith('C0GLX'))).toBe(false);
  });

  it('answers 401 without a session', async () => {
    expect((await fetch(`${t.url}/channels/search?query=gen`, { headers: { accept: 'application/json' } })).status).toBe(401);
  });

  it('finds people by name or email for the pickers: humans of this workspace only', async () => {
    const find = async (q: string) => (await (await fetch(`${t.url}/people/search?query=${encodeURIComponent(q)}`, { headers: { cookie: member.cookie, accept: 'application/json' } })).json()) as Array<{ id: number; slack_user_id: string; name: string }>;
    const alex = await find('alex');
    expect(alex.map((p) => p.slack_user_id)).toContain(ACME.adminUserId);
    expect(alex.find((p) => p.slack_user_id === ACME.adminUserId)!.id).toBe((await t.hearth.services.people.bySlackId(1, ACME.adminUserId))!.id);
    expect((await find('@acme.example')).length).toBeGreaterThan(10);
    expect((await find('polly')).map((p) => p.slack_user_id)).not.toContain('U0DEMOPOLL');
    expect((await find('hank'))).toEqual([]); // Globex's CEO
    expect(await find('%')).toEqual([]);
  });

  it('invites people to a channel once, counting who was added', async () => {
    const post = (who: { cookie: string; csrf: string }, body: unknown) =>
      fetch(`${t.url}/channels/invite_users_as_json`, { method: 'POST', headers: { cookie: who.cookie, 'x-csrf-token': who.csrf, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const roster = await t.hearth.services.channels.syncRoster((await t.hearth.services.workspaces.byTeamId(ACME.teamId))!, ACME.channels.buddyVolunteers, await t.hearth.services.clients.forWorkspace(1));
    const outsider = ['U0DEMO030', 'U0DEMO031', 'U0DEMO032', 'U0DEMO033'].find((u) => !roster.includes(u))!;
    const insider = roster.find((u) => u.startsWith('U0DEMO0'))!;

    expect((await post(member, { channel_id: ACME.channels.buddyVolunteers, user_ids: [outsider] })).status).toBe(403);
    const bad = await post(admin, { channel_id: 'not-a-channel', user_ids: [] });
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { fields: object }).fields)).toEqual(['channel_id', 'user_ids']);

    const res = await post(admin, { channel_id: ACME.channels.buddyVolunteers, user_ids: [outsider, insider] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ num_invited: 2, num_added: 1 });
    await expect.poll(() => sandbox.state.channel(ACME.teamId, ACME.channels.buddyVolunteers)?.members.includes(outsider), { timeout: 10_000 }).toBe(true);
    expect(sandbox.state.callsTo('conversations.invite', ACME.teamId)).toHaveLength(1);
  });

  it("refuses another workspace's people, bots and unknown ids, naming them, and invites no one", async () => {
    const post = (body: unknown) =>
      fetch(`${t.url}/channels/invite_users_as_json`, { method: 'POST', headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const calls = sandbox.state.callsTo('conversations.invite', ACME.teamId).length;
    for (const stranger of [GLOBEX.adminUserId, ACME.botUserId, 'U0NOBODY99']) {
      const res = await post({ channel_id: ACME.channels.buddyVolunteers, user_ids: ['U0DEMO034', stranger] });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: string; fields: Record<string, string> };
      expect(body.fields.user_ids).toBe(`not people of this workspace: ${stranger}`);
    }
    expect(await t.hearth.services.channels.roster(1, ACME.channels.buddyVolunteers)).not.toContain(GLOBEX.adminUserId);
    expect(sandbox.state.callsTo('conversations.invite', ACME.teamId)).toHaveLength(calls);
  });
});
