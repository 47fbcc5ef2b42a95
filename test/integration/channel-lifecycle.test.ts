import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METADATA_EVENT_TYPE } from '../../src/outbox/service.js';
import { ACME } from '../../src/sandbox/seed.js';
import { signIn } from '../support/hearth.js';
import { dmWith, setPlan, settle, startSandboxHearth, type SandboxHearth, type SignedIn } from '../support/sandbox-hearth.js';

const path = `${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'} + ${process.env.REDIS_URL ? 'BullMQ' : 'in-process queue'}`;
const TEAM = ACME.teamId;
const OWNER = ACME.adminUserId;

/**
 * A program's channel lost (issue 27): Hearth removed from it (member_left_channel, channel_left), the channel
 * archived (channel_archive) or deleted (channel_deleted). Each pauses the program and tells its owner once what
 * happened and what to do; Hearth then neither posts there through chat:write.public nor joins it again, and
 * reconciling an unknown outcome never joins a channel to look.
 */
describe(`channel lifecycle: a program's channel lost (${path})`, () => {
  let t: SandboxHearth;
  let owner: SignedIn;
  let ws: number;

  beforeAll(async () => {
    t = await startSandboxHearth({ slackTimeoutMs: 1500 });
    owner = await signIn(t, TEAM, OWNER);
    ws = (await t.services.workspaces.byTeamId(TEAM))!.id;
    await setPlan(t, TEAM, 'premium');
  });
  afterAll(() => t?.close());

  const ownerDms = async () =>
    (await t.api<{ messages: Array<{ text: string }> }>('GET', `/sandbox/conversations/${dmWith(t, OWNER)}/messages?team=${TEAM}&as=${OWNER}`)).messages.map((m) => m.text);
  /** The owner's DMs that arrived since `before` (a count of them). */
  const newDms = async (before: number) => (await ownerDms()).slice(before);
  const program = async (channel: string) => {
    const id = (await t.call<{ id: number }>(owner, 'POST', '/channel_programs/apply_template_as_json', { template_id: 'watercooler-default-dozen', channel_id: channel })).id;
    await settle(t);
    return id;
  };
  const state = async (programId: number) => t.services.db.selectFrom('channel_programs').select(['is_active', 'paused_for']).where('id', '=', programId).executeTakeFirstOrThrow();
  const event = (e: Record<string, unknown>) => t.api('POST', '/sandbox/events', { team_id: TEAM, event: e });
  const calls = (method: string, channel: string) => t.sandbox.state.callsTo(method, TEAM).filter((c) => c.args.channel === channel).length;

  it('Hearth removed (member_left_channel, then channel_left): the program pauses, its owner gets one DM, and Hearth neither posts nor joins there', async () => {
    const channel = ACME.channels.celebrations;
    const id = await program(channel);
    expect(t.sandbox.state.channel(TEAM, channel)!.members).toContain(ACME.botUserId);
    const before = (await ownerDms()).length;

    // Slack tells the app both ways when someone removes it.
    t.sandbox.state.removeMember(t.sandbox.state.channel(TEAM, channel)!, ACME.botUserId);
    await event({ type: 'member_left_channel', user: ACME.botUserId, channel, channel_type: 'C', team: TEAM });
    await event({ type: 'channel_left', channel, actor_id: OWNER });
    await settle(t);
    expect(await state(id)).toEqual({ is_active: false, paused_for: 'not_in_channel' });
    expect(await newDms(before)).toEqual(['*Watercooler* in #celebrations is paused: Hearth was removed from #celebrations. Invite Hearth back to #celebrations (`/invite @Hearth`) and it starts again by itself.']);

    // Slack would take a post (chat:write.public) and a join (channels:join): Hearth makes neither.
    const posts = calls('chat.postMessage', channel);
    const joins = calls('conversations.join', channel);
    const [post, join] = await t.services.outbox.enqueue([
      { workspaceId: ws, key: 'lifecycle:removed:post', kind: 'watercooler', programId: id, method: 'chat.postMessage', args: { channel, text: 'a prompt already queued' } },
      { workspaceId: ws, key: 'lifecycle:removed:join', kind: 'join', method: 'conversations.join', args: { channel } },
    ]);
    await settle(t);
    for (const rowId of [post!, join!]) expect(await t.services.outbox.repo.byId(rowId)).toMatchObject({ state: 'failed', last_error: 'not_in_channel' });
    expect(calls('chat.postMessage', channel)).toBe(posts);
    expect(calls('conversations.join', channel)).toBe(joins);
    // Its owner was told already, once.
    expect(await newDms(before)).toHaveLength(1);
  });

  it('the channel archived (channel_archive): the program pauses and its owner is told once what to do; unarchived, it runs again', async () => {
    const channel = ACME.channels.watercooler;
    const id = await program(channel);
    const before = (await ownerDms()).length;
    t.sandbox.state.channel(TEAM, channel)!.is_archived = true;
    await event({ type: 'channel_archive', channel, user: OWNER });
    await settle(t);
    expect(await state(id)).toEqual({ is_active: false, paused_for: 'is_archived' });
    const told = await newDms(before);
    expect(told).toHaveLength(1);
    expect(told).toEqual([`*Watercooler* in #watercooler is paused: #watercooler was archived. Unarchive #watercooler and it starts again by itself; or <${t.url}/watercooler/${id}/edit|move it to another channel>.`]);

    // Unarchived, with Hearth still in it: the program runs again by itself, and its owner hears so.
    t.sandbox.state.channel(TEAM, channel)!.is_archived = false;
    await event({ type: 'channel_unarchive', channel, user: OWNER });
    await settle(t);
    expect(await state(id)).toEqual({ is_active: true, paused_for: null });
    expect(await newDms(before + 1)).toEqual(['*Watercooler* in #watercooler is running again: the channel was unarchived.']);
  });

  it('the channel deleted (channel_deleted): the program pauses and its owner is told once to move it', async () => {
    const channel = ACME.channels.buddyVolunteers;
    const id = await program(channel);
    const before = (await ownerDms()).length;
    delete t.sandbox.state.data.channels[channel];
    await event({ type: 'channel_deleted', channel });
    await settle(t);
    expect(await state(id)).toEqual({ is_active: false, paused_for: 'channel_not_found' });
    expect(await newDms(before)).toEqual([`*Watercooler* in #buddy-volunteers is paused: #buddy-volunteers was deleted. <${t.url}/watercooler/${id}/edit|Move it to another channel>.`]);
  });

  it('reconciling never joins a channel: a post Hearth made into a public channel it is not in stays unconfirmed, not sent again', async () => {
    const channel = ACME.channels.general;
    expect(t.sandbox.state.channel(TEAM, channel)!.members).not.toContain(ACME.botUserId);
    // Slack stores the post (chat:write.public) and the answer is lost.
    t.sandbox.state.injectFault({ method: 'chat.postMessage', teamId: TEAM, channel, kind: 'timeout' });
    const [id] = await t.services.outbox.enqueue([{ workspaceId: ws, key: 'lifecycle:unknown', kind: 'test', method: 'chat.postMessage', args: { channel, text: 'did it arrive?' } }]);
    await expect.poll(async () => (await t.services.outbox.repo.byId(id!))?.state, { timeout: 10_000 }).toBe('unknown');
    await t.services.outbox.reconcile(id!);
    const row = (await t.services.outbox.repo.byId(id!))!;
    expect(row.state).toBe('unknown');
    expect(row.reconcile_stopped_at).not.toBeNull();
    expect(row.last_error).toMatch(/Slack refused the lookup: not_in_channel/);
    expect(calls('conversations.join', channel)).toBe(0);
    const copies = t.sandbox.state.messageList(channel).filter((m) => m.metadata?.event_type === METADATA_EVENT_TYPE && (m.metadata.event_payload as { outbox_id?: number }).outbox_id === id);
    expect(copies).toHaveLength(1);
  });
});
