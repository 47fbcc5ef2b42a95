import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME, GLOBEX } from '../../src/sandbox/seed.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';
import { signedIn } from './intros-support.js';

/** Issue 14: switching workspace from the user menu, and "already has" with a link before any plan limit. */
describe('admin shell API', () => {
  let t: SandboxHearth;
  beforeAll(async () => {
    t = await startSandboxHearth();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the workspaces a person is in by email, and switches only to those', async () => {
    const db = t.services.db;
    const alex = await db.selectFrom('members').select(['email']).where('slack_user_id', '=', ACME.adminUserId).executeTakeFirstOrThrow();
    const admin = await signedIn(t, ACME.teamId, ACME.adminUserId);
    const before = await admin.call<{ workspaces: Array<{ team_id: string; current: boolean }> }>('GET', '/users/show_as_json');
    expect(before.workspaces).toEqual([expect.objectContaining({ team_id: ACME.teamId, current: true })]);
    await admin.call('POST', '/auth/switch_workspace', { team_id: GLOBEX.teamId }, 404);

    // The same person (same email) in Globex: now both are listed, and the switch signs in there.
    const globex = await t.services.workspaces.byTeamId(GLOBEX.teamId);
    await db.updateTable('members').set({ email: alex.email }).where('workspace_id', '=', globex!.id).where('slack_user_id', '=', GLOBEX.adminUserId).execute();
    const after = await admin.call<{ workspaces: Array<{ team_id: string; current: boolean }> }>('GET', '/users/show_as_json');
    expect(after.workspaces.map((w) => [w.team_id, w.current]).sort()).toEqual([[ACME.teamId, true], [GLOBEX.teamId, false]].sort());
    const res = await fetch(`${t.url}/auth/switch_workspace`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'x-csrf-token': decodeURIComponent(/hearth_csrf=([^;]+)/.exec(admin.cookie)![1]!), 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ team_id: GLOBEX.teamId }),
    });
    expect(res.status).toBe(200);
    const session = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const me = (await (await fetch(`${t.url}/users/show_as_json`, { headers: { cookie: session, accept: 'application/json' } })).json()) as { team: { slack_team_id: string } };
    expect(me.team.slack_team_id).toBe(GLOBEX.teamId);
  });

  it('a second program of a kind on a channel says "#channel already has …" with the existing program, not a plan limit', async () => {
    const admin = await signedIn(t, ACME.teamId, ACME.adminUserId);
    const first = await admin.call<{ id: number }>('POST', '/channel_programs/apply_template_as_json', { template_id: 'intros-coffee-chats', channel_id: ACME.channels.intros });
    const again = await admin.call<{ error: string; fields: Record<string, string>; existing_program: { id: number; page_path: string } }>(
      'POST',
      '/channel_programs/apply_template_as_json',
      { template_id: 'intros-coffee-chats', channel_id: ACME.channels.intros },
      400,
    );
    expect(again.error).toBe('#intros already has Intros');
    expect(again.existing_program).toEqual({ id: first.id, page_path: `/coffee/${first.id}` });
  });
});
