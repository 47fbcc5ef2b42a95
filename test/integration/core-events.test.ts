import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME } from '../../src/sandbox/seed.js';
import { startSandboxApiServer, type SandboxApiServer } from '../../src/sandbox/server.js';
import { installAndSync, signIn, startTestHearth, type TestHearth } from '../support/hearth.js';

/** The core's domain events: programs created, paused and resumed; people joining and leaving program channels. */
describe(`core domain events (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let sandbox: SandboxApiServer;
  let t: TestHearth;
  let workspaceId: number;
  let admin: { cookie: string; csrf: string; memberId: number };
  let intros: number;
  let watercooler: number;
  const CHANNEL = ACME.channels.intros;
  const NEWCOMER = 'U0DEMO031';

  /** The events recorded after `afterSeq`, in order, as (type, payload). */
  const eventsAfter = async (afterSeq: number) => {
    const rows = await t.hearth.services.db.selectFrom('domain_events').select(['seq', 'type', 'payload']).where('workspace_id', '=', workspaceId).where('seq', '>', afterSeq).orderBy('seq').execute();
    return rows.map((r) => ({ type: r.type, payload: r.payload }));
  };
  const lastSeq = async () => {
    const row = await t.hearth.services.db.selectFrom('domain_events').select((eb) => eb.fn.max('seq').as('seq')).where('workspace_id', '=', workspaceId).executeTakeFirst();
    return Number(row?.seq ?? 0);
  };
  const create = async (templateId: string) => {
    const res = await fetch(`${t.url}/channel_programs/apply_template_as_json`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ template_id: templateId, channel_id: CHANNEL }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: number }).id;
  };
  const memberEvent = async (type: 'member_joined_channel' | 'member_left_channel', user: string) => {
    const { response, eventId } = await t.driver.event({ teamId: ACME.teamId, event: { type, user, channel: CHANNEL, channel_type: 'C', team: ACME.teamId } });
    expect(response.status).toBe(200);
    // Acknowledged first, handled after: wait until it has been.
    const status = async () => (await t.hearth.services.db.selectFrom('processed_events').select('status').where('event_id', '=', eventId).executeTakeFirst())?.status;
    await expect.poll(status, { timeout: 10_000 }).toBe('done');
  };

  beforeAll(async () => {
    sandbox = await startSandboxApiServer();
    // No worker: nothing but the actions below changes rosters or programs.
    t = await startTestHearth({ slackApiUrl: sandbox.url, worker: false });
    workspaceId = await installAndSync(t, ACME.teamId, ACME.botToken);
    admin = await signIn(t, ACME.teamId, ACME.adminUserId);
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  it('records program.created in the creating transaction, one per program', async () => {
    expect(await eventsAfter(0)).toEqual([]);
    intros = await create('intros-coffee-chats');
    watercooler = await create('watercooler-default-dozen');
    expect(await eventsAfter(0)).toEqual([
      { type: 'program.created', payload: { programId: intros, type: 'CoffeeConfiguration', channelId: CHANNEL, creatorMemberId: admin.memberId } },
      { type: 'program.created', payload: { programId: watercooler, type: 'Watercooler', channelId: CHANNEL, creatorMemberId: admin.memberId } },
    ]);
  });

  it('records program.paused when an active program is paused, program.resumed when resumed; nothing for no change', async () => {
    const { programs } = t.hearth.services;
    const from = await lastSeq();
    await programs.setActive(await programs.get(workspaceId, intros), false);
    await programs.setActive(await programs.get(workspaceId, intros), false);
    expect((await programs.get(workspaceId, intros)).is_active).toBe(false);
    await programs.setActive(await programs.get(workspaceId, intros), true);
    await programs.setActive(await programs.get(workspaceId, intros), true);
    expect(await eventsAfter(from)).toEqual([
      { type: 'program.paused', payload: { programId: intros, type: 'CoffeeConfiguration' } },
      { type: 'program.resumed', payload: { programId: intros, type: 'CoffeeConfiguration' } },
    ]);
  });

  it('records member.joined_program and member.left_program for each program on the channel, once', async () => {
    await t.hearth.services.channels.syncRoster((await t.hearth.services.workspaces.byId(workspaceId))!, CHANNEL, await t.hearth.services.clients.forWorkspace(workspaceId));
    const roster = await t.hearth.services.channels.roster(workspaceId, CHANNEL);
    expect(roster).not.toContain(NEWCOMER);
    const from = await lastSeq();

    await memberEvent('member_joined_channel', NEWCOMER);
    const joined = [
      { type: 'member.joined_program', payload: { programId: intros, type: 'CoffeeConfiguration', slackUserId: NEWCOMER } },
      { type: 'member.joined_program', payload: { programId: watercooler, type: 'Watercooler', slackUserId: NEWCOMER } },
    ];
    expect(await eventsAfter(from)).toEqual(joined);

    // A join of someone already in the roster (Slack saying it again, an old member) records nothing new.
    await memberEvent('member_joined_channel', NEWCOMER);
    await memberEvent('member_joined_channel', roster[0]!);
    expect(await eventsAfter(from)).toEqual(joined);

    await memberEvent('member_left_channel', NEWCOMER);
    await memberEvent('member_left_channel', NEWCOMER);
    expect(await eventsAfter(from)).toEqual([
      ...joined,
      { type: 'member.left_program', payload: { programId: intros, type: 'CoffeeConfiguration', slackUserId: NEWCOMER } },
      { type: 'member.left_program', payload: { programId: watercooler, type: 'Watercooler', slackUserId: NEWCOMER } },
    ]);
  });

  it("records the roster sync's additions and removals, and nothing when the roster already matches", async () => {
    const s = t.hearth.services;
    const channel = sandbox.state.channel(ACME.teamId, CHANNEL)!;
    const leaver = channel.members.find((m) => m.startsWith('U0DEMO0'))!;
    sandbox.state.removeMember(channel, leaver);
    sandbox.state.addMembers(channel, [NEWCOMER]);
    const sync = async () => s.channels.syncRoster((await s.workspaces.byId(workspaceId))!, CHANNEL, await s.clients.forWorkspace(workspaceId));
    const from = await lastSeq();
    await sync();
    expect(await eventsAfter(from)).toEqual([
      { type: 'member.joined_program', payload: { programId: intros, type: 'CoffeeConfiguration', slackUserId: NEWCOMER } },
      { type: 'member.left_program', payload: { programId: intros, type: 'CoffeeConfiguration', slackUserId: leaver } },
      { type: 'member.joined_program', payload: { programId: watercooler, type: 'Watercooler', slackUserId: NEWCOMER } },
      { type: 'member.left_program', payload: { programId: watercooler, type: 'Watercooler', slackUserId: leaver } },
    ]);
    await sync();
    expect(await eventsAfter(from)).toHaveLength(4);
  });

  it('records nothing for roster changes on a channel without programs', async () => {
    const from = await lastSeq();
    await t.hearth.services.channels.joined(workspaceId, ACME.channels.general, NEWCOMER);
    await t.hearth.services.channels.left(workspaceId, ACME.channels.general, 'U0DEMO001');
    expect(await eventsAfter(from)).toEqual([]);
  });
});
