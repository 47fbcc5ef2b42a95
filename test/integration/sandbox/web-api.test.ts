import {
  type ConversationsMembersResponse,
  type Logger,
  LogLevel,
  type UsersListResponse,
  WebClient,
  type WebAPICallResult,
} from '@slack/web-api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACME, GLOBEX, seedState } from '../../../src/sandbox/seed.js';
import { type SandboxApiServer, startSandboxApiServer } from '../../../src/sandbox/server.js';
import type { SandboxState } from '../../../src/sandbox/state.js';

/**
 * The sandbox Web API through the real @slack/web-api client, configured as the outbox will use it:
 * no SDK retries, rate-limited calls rejected, an explicit timeout where it matters.
 */

const quietLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  setLevel: () => {},
  getLevel: () => LogLevel.ERROR,
  setName: () => {},
};

let nowMs = Date.parse('2026-11-23T15:00:00Z');
const now = () => new Date(nowMs);

let server: SandboxApiServer;
let state: SandboxState;

function client(token: string | undefined = ACME.botToken, extra: { timeout?: number } = {}): WebClient {
  return clientFor(token, extra);
}

/** Like client(), but `undefined` really means no token (for not_authed and the OAuth exchanges). */
function clientFor(token: string | undefined, extra: { timeout?: number } = {}): WebClient {
  return new WebClient(token, {
    slackApiUrl: server.url,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    logger: quietLogger,
    ...extra,
  });
}

/** The rejection of a call, for asserting on Slack's error codes. */
async function failure(call: Promise<WebAPICallResult>): Promise<{ code?: string; data?: { error?: string } & Record<string, unknown>; retryAfter?: number; statusCode?: number }> {
  try {
    await call;
  } catch (err) {
    return err as { code?: string; data?: { error?: string } };
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  server = await startSandboxApiServer({ state: seedState({ now }), now });
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  // A fresh workspace per test, in the same server.
  server.state.restore(seedState().snapshot());
  state = server.state;
  state.faults = [];
  state.outage = null;
  state.calls = [];
  state.rateLimits.enabled = false;
  state.rateLimits.custom = {};
  state.rateLimits.reset();
  nowMs += 60_000;
});

describe('sandbox Slack Web API', () => {
  it('answers auth.test for the workspace the token belongs to', async () => {
    const acme = await client().auth.test();
    expect(acme).toMatchObject({ ok: true, team_id: ACME.teamId, user_id: ACME.botUserId, bot_id: ACME.botId, url: 'https://acme-demo.slack.com/' });
    const globex = await client(GLOBEX.botToken).auth.test();
    expect(globex).toMatchObject({ team_id: GLOBEX.teamId, user_id: GLOBEX.botUserId });
  });

  it('rejects unknown and missing tokens as Slack does', async () => {
    expect((await failure(client('xoxb-not-a-real-token').auth.test())).data?.error).toBe('invalid_auth');
    expect((await failure(clientFor(undefined).auth.test())).data?.error).toBe('not_authed');
    expect((await failure(client().apiCall('conversations.teleport'))).data?.error).toBe('unknown_method');
  });

  it('pages users.list with cursors until every member is collected', async () => {
    const seen: string[] = [];
    let pages = 0;
    for await (const page of client().paginate('users.list', { limit: 7 })) {
      pages += 1;
      seen.push(...(page as UsersListResponse).members!.map((m) => m.id!));
    }
    const expected = state.memberList(ACME.teamId).map((m) => m.id);
    expect(pages).toBe(Math.ceil(expected.length / 7));
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(seen.length);
    const users = await client().users.list({});
    const kolkata = (users.members ?? []).find((m) => m.id === 'U0DEMO002');
    expect(kolkata).toMatchObject({ tz: 'Asia/Kolkata', tz_offset: 19_800, tz_label: 'India Standard Time' });
    expect((await failure(client().users.list({ cursor: 'garbage!' }))).data?.error).toBe('invalid_cursor');
  });

  it('looks people up by id and email', async () => {
    const info = await client().users.info({ user: 'U0DEMO007' });
    expect(info.user?.profile?.email).toBe('ananya.iyer@acme.example');
    const found = await client().users.lookupByEmail({ email: 'Ananya.Iyer@acme.example' });
    expect(found.user?.id).toBe('U0DEMO007');
    expect((await failure(client().users.lookupByEmail({ email: 'nobody@acme.example' }))).data?.error).toBe('users_not_found');
    expect((await failure(client().users.info({ user: 'U0NOPE' }))).data?.error).toBe('user_not_found');
    // manifest.json does not ask for users.profile:read, and Slack would refuse, so the sandbox does too.
    const refused = await failure(client().users.profile.get({ user: 'U0DEMO007' }));
    expect(refused.data).toMatchObject({ error: 'missing_scope', needed: 'users.profile:read' });
    state.workspace(ACME.teamId)!.botScopes.push('users.profile:read');
    const profile = await client().users.profile.get({ user: 'U0DEMO007' });
    expect(JSON.stringify(profile.profile?.fields)).toContain('Engineering');
  });

  it('stores chat.postMessage with metadata and returns it from conversations.history', async () => {
    const web = client();
    const metadata = { event_type: 'hearth_outbox', event_payload: { outbox_id: 'ob_42' } };
    const blocks = [{ type: 'section', text: { type: 'mrkdwn', text: 'Welcome, *Maya*!' } }];
    // The bot starts in no channel: it posts with chat:write.public, but reads history only as a member.
    expect((await failure(web.conversations.history({ channel: ACME.channels.newHires }))).data?.error).toBe('not_in_channel');
    await web.conversations.join({ channel: ACME.channels.newHires });
    const posted = await web.chat.postMessage({ channel: ACME.channels.newHires, text: 'Welcome, Maya!', blocks, metadata });
    expect(posted).toMatchObject({ ok: true, channel: ACME.channels.newHires, message: { text: 'Welcome, Maya!', bot_id: ACME.botId, metadata } });
    expect(posted.ts).toBe(`${Math.floor(nowMs / 1000)}.${String((nowMs % 1000) * 1000).padStart(6, '0')}`);

    const history = await web.conversations.history({ channel: ACME.channels.newHires, include_all_metadata: true });
    expect(history.messages?.[0]).toMatchObject({ ts: posted.ts, text: 'Welcome, Maya!', blocks, metadata });
    const plain = await web.conversations.history({ channel: ACME.channels.newHires });
    expect(plain.messages?.[0]?.metadata).toBeUndefined();
    expect(state.callsTo('chat.postMessage')).toHaveLength(1);
  });

  it('threads replies and counts them', async () => {
    const web = client();
    await web.conversations.join({ channel: ACME.channels.celebrations });
    const parent = await web.chat.postMessage({ channel: ACME.channels.celebrations, text: 'Happy birthday Tereza!' });
    await web.chat.postMessage({ channel: ACME.channels.celebrations, text: '🎂', thread_ts: parent.ts! });
    const history = await web.conversations.history({ channel: ACME.channels.celebrations });
    expect(history.messages).toHaveLength(1);
    expect(history.messages?.[0]).toMatchObject({ reply_count: 1, thread_ts: parent.ts });
    const replies = await web.conversations.replies({ channel: ACME.channels.celebrations, ts: parent.ts! });
    expect(replies.messages?.map((m) => m.text)).toEqual(['Happy birthday Tereza!', '🎂']);
  });

  it('rejects 51 blocks with invalid_blocks and does not store the message', async () => {
    const blocks = Array.from({ length: 51 }, () => ({ type: 'divider' }));
    const error = await failure(client().chat.postMessage({ channel: ACME.channels.general, text: 'too much', blocks }));
    expect(error.code).toBe('slack_webapi_platform_error');
    expect(error.data?.error).toBe('invalid_blocks');
    expect(state.messageList(ACME.channels.general)).toHaveLength(0);
  });

  it('checks message text, blocks, channels and membership', async () => {
    const web = client();
    expect((await failure(web.chat.postMessage({ channel: ACME.channels.general, text: 'x'.repeat(40_001) }))).data?.error).toBe('msg_too_long');
    const longSection = [{ type: 'section', text: { type: 'mrkdwn', text: 'x'.repeat(3001) } }];
    expect((await failure(web.chat.postMessage({ channel: ACME.channels.general, text: 'x', blocks: longSection }))).data?.error).toBe('invalid_blocks');
    expect((await failure(web.chat.postMessage({ channel: ACME.channels.general, text: 'x', blocks: [{ type: 'marquee' }] as never }))).data?.error).toBe('invalid_blocks');
    expect((await failure(web.chat.postMessage({ channel: 'C0NOPE', text: 'hi' }))).data?.error).toBe('channel_not_found');
    const secret = state.createChannel(ACME.teamId, { name: 'secret-project', isPrivate: true, creator: 'U0DEMO001' });
    expect((await failure(web.chat.postMessage({ channel: secret.id, text: 'hi' }))).data?.error).toBe('not_in_channel');
    const open = state.createChannel(ACME.teamId, { name: 'open-project', isPrivate: false, creator: 'U0DEMO001' });
    await expect(web.chat.postMessage({ channel: open.id, text: 'hi' })).resolves.toMatchObject({ ok: true }); // chat:write.public
    const workspace = state.workspace(ACME.teamId)!;
    workspace.botScopes = workspace.botScopes.filter((s) => s !== 'chat:write.public');
    expect((await failure(web.chat.postMessage({ channel: open.id, text: 'hi' }))).data?.error).toBe('not_in_channel');
  });

  it('uploads a file as files.uploadV2 does, and refuses to share one whose bytes never came', async () => {
    const web = client();
    const done = await web.filesUploadV2({ channel_id: 'U0DEMO013', filename: 'report.csv', content: 'a,b\n1,2\n', initial_comment: 'Your report' });
    const id = done.files[0]!.files![0]!.id!;
    expect(state.file(ACME.teamId, id)).toMatchObject({ name: 'report.csv', content: 'a,b\n1,2\n', length: 8 });
    const dm = (await web.conversations.open({ users: 'U0DEMO013' })).channel!.id!;
    expect(state.messageList(dm).at(-1)).toMatchObject({ text: 'Your report', files: [{ id, name: 'report.csv', size: 8 }] });
    // Reserved but not uploaded; unknown; another workspace's file; no length.
    const reserved = await web.files.getUploadURLExternal({ filename: 'x.csv', length: 3 });
    expect((await failure(web.files.completeUploadExternal({ files: [{ id: reserved.file_id! }], channel_id: ACME.channels.general }))).data?.error).toBe('file_not_found');
    expect((await failure(web.files.completeUploadExternal({ files: [{ id: 'F0NOPE' }] }))).data?.error).toBe('file_not_found');
    expect((await failure(client(GLOBEX.botToken).files.completeUploadExternal({ files: [{ id }] }))).data?.error).toBe('file_not_found');
    expect((await failure(web.apiCall('files.getUploadURLExternal', { filename: 'x.csv' }))).data?.error).toBe('invalid_arguments');
  });

  it('posts to a user id through their DM', async () => {
    const posted = await client().chat.postMessage({ channel: 'U0DEMO013', text: 'Welcome to Acme!' });
    expect(posted.channel).toMatch(/^D/);
    const opened = await client().conversations.open({ users: 'U0DEMO013' });
    expect(opened.channel?.id).toBe(posted.channel);
  });

  it('opens group DMs of at most 8 other people, the same conversation for the same set', async () => {
    const web = client();
    const nine = ['U0DEMO001', 'U0DEMO002', 'U0DEMO003', 'U0DEMO004', 'U0DEMO005', 'U0DEMO006', 'U0DEMO007', 'U0DEMO008', 'U0DEMO009'];
    expect((await failure(web.conversations.open({ users: nine.join(',') }))).data?.error).toBe('too_many_users');

    const eight = nine.slice(0, 8);
    const first = await web.conversations.open({ users: eight.join(',') });
    const again = await web.conversations.open({ users: [...eight].reverse().join(',') });
    expect(first.channel?.id).toBeTruthy();
    expect(again.channel?.id).toBe(first.channel?.id);
    expect(again).toMatchObject({ already_open: true });
    expect(new Set(state.channel(ACME.teamId, first.channel!.id!)?.members)).toEqual(new Set([...eight, ACME.botUserId]));
    // Reading an MPIM's members needs mpim:read, which manifest.json does not ask for.
    expect((await failure(web.conversations.members({ channel: first.channel!.id! }))).data?.error).toBe('missing_scope');

    const im = await web.conversations.open({ users: 'U0DEMO001' });
    expect(im.channel?.id).toMatch(/^D/);
    expect((await failure(web.conversations.open({ users: ACME.deactivatedUserId }))).data?.error).toBe('user_disabled');
  });

  it('rate limits with 429 and Retry-After when switched on', async () => {
    const web = client();
    await web.users.list({});
    state.rateLimits.enabled = true;
    state.rateLimits.setLimit('users.list', 1);
    await web.users.list({});
    const error = await failure(web.users.list({}));
    expect(error.code).toBe('slack_webapi_rate_limited_error');
    expect(error.retryAfter).toBe(60);
    nowMs += 30_000;
    expect((await failure(web.users.list({}))).retryAfter).toBe(30);
    nowMs += 30_000;
    await expect(web.users.list({})).resolves.toMatchObject({ ok: true });
    expect(state.calls.filter((c) => c.outcome === 'ratelimited')).toHaveLength(2);
  });

  it('limits chat.postMessage to one per second per channel', async () => {
    state.rateLimits.enabled = true;
    const web = client();
    await web.chat.postMessage({ channel: ACME.channels.general, text: 'one' });
    const error = await failure(web.chat.postMessage({ channel: ACME.channels.general, text: 'two' }));
    expect(error).toMatchObject({ code: 'slack_webapi_rate_limited_error', retryAfter: 1 });
    await web.chat.postMessage({ channel: ACME.channels.watercooler, text: 'elsewhere' });
    nowMs += 1000;
    await web.chat.postMessage({ channel: ACME.channels.general, text: 'two' });
    expect(state.messageList(ACME.channels.general).map((m) => m.text)).toEqual(['one', 'two']);
  });

  it('stores the message but never answers under a timeout fault', async () => {
    state.injectFault({ method: 'chat.postMessage', kind: 'timeout' });
    const started = Date.now();
    const error = await failure(client(ACME.botToken, { timeout: 500 }).chat.postMessage({ channel: ACME.channels.general, text: 'did it send?' }));
    expect(error.code).toBe('slack_webapi_request_error');
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    expect(state.messageList(ACME.channels.general).map((m) => m.text)).toEqual(['did it send?']);
    expect(state.callsTo('chat.postMessage')).toMatchObject([{ outcome: 'fault', fault: 'timeout', status: null }]);
    // The fault was used up: the next call is answered.
    await expect(client().chat.postMessage({ channel: ACME.channels.general, text: 'again' })).resolves.toMatchObject({ ok: true });
  });

  it('drops the connection after storing, fails with 500, or returns an injected error', async () => {
    const web = client();
    state.injectFault({ method: 'chat.postMessage', kind: 'drop_after_store' });
    expect((await failure(web.chat.postMessage({ channel: ACME.channels.general, text: 'dropped' }))).code).toBe('slack_webapi_request_error');
    expect(state.messageList(ACME.channels.general).map((m) => m.text)).toEqual(['dropped']);

    state.injectFault({ method: 'chat.postMessage', kind: 'http_500' });
    const http = await failure(web.chat.postMessage({ channel: ACME.channels.general, text: 'lost' }));
    expect(http).toMatchObject({ code: 'slack_webapi_http_error', statusCode: 500 });

    state.injectFault({ method: 'chat.postMessage', kind: 'error', error: 'channel_not_found' });
    expect((await failure(web.chat.postMessage({ channel: ACME.channels.general, text: 'nope' }))).data?.error).toBe('channel_not_found');
    expect(state.messageList(ACME.channels.general).map((m) => m.text)).toEqual(['dropped']);

    state.injectFault({ method: 'users.list', kind: 'delay', ms: 50 });
    await expect(web.users.list({ limit: 1 })).resolves.toMatchObject({ ok: true });
    expect(state.callsTo('chat.postMessage').map((c) => c.fault)).toEqual(['drop_after_store', 'http_500', 'error']);
  });

  it('answers every call of a workspace as during an outage until the sandbox clock passes its end', async () => {
    const web = client();
    state.outage = { until: new Date(nowMs + 5 * 60_000), teamId: ACME.teamId, answer: 'service_unavailable' };
    expect((await failure(web.chat.postMessage({ channel: ACME.channels.general, text: 'down' }))).data?.error).toBe('service_unavailable');
    expect((await failure(web.conversations.history({ channel: ACME.channels.general }))).data?.error).toBe('service_unavailable');
    // Another workspace is up.
    await expect(client(GLOBEX.botToken).auth.test()).resolves.toMatchObject({ ok: true });
    state.outage.answer = 'http_503';
    expect(await failure(web.chat.postMessage({ channel: ACME.channels.general, text: 'maybe' }))).toMatchObject({ code: 'slack_webapi_http_error', statusCode: 503 });
    expect(state.messageList(ACME.channels.general).map((m) => m.text)).not.toContain('down');
    nowMs += 5 * 60_000;
    await expect(web.chat.postMessage({ channel: ACME.channels.general, text: 'back' })).resolves.toMatchObject({ ok: true });
  });

  it('keeps the second workspace apart from the first', async () => {
    const globex = client(GLOBEX.botToken);
    const listed = await globex.conversations.list({ types: 'public_channel,private_channel' });
    expect(listed.channels?.map((c) => c.id).sort()).toEqual([GLOBEX.channels.general, GLOBEX.channels.intros].sort());
    expect((await failure(globex.conversations.info({ channel: ACME.channels.general }))).data?.error).toBe('channel_not_found');
    expect((await failure(globex.chat.postMessage({ channel: ACME.channels.general, text: 'hi' }))).data?.error).toBe('channel_not_found');
    expect((await failure(globex.users.info({ user: 'U0DEMO001' }))).data?.error).toBe('user_not_found');
    const members = await globex.paginate('users.list', {});
    for await (const page of members) {
      expect((page as UsersListResponse).members!.every((m) => m.team_id === GLOBEX.teamId)).toBe(true);
    }
  });

  it('lists and describes channels as the bot sees them', async () => {
    const web = client();
    const pub = await web.conversations.list({ limit: 3 });
    expect(pub.channels).toHaveLength(3);
    expect(pub.response_metadata?.next_cursor).toBeTruthy();
    const all = await web.conversations.list({ types: 'public_channel,private_channel', limit: 100 });
    // A private channel is listed only once a person has invited the bot.
    expect(all.channels?.map((c) => c.name).sort()).toEqual(['buddy-volunteers', 'celebrations', 'general', 'intros', 'new-hires', 'watercooler']);
    state.addMembers(state.channel(ACME.teamId, ACME.channels.leadership)!, [ACME.botUserId]);
    const withPrivate = await web.conversations.list({ types: 'public_channel,private_channel', limit: 100 });
    expect(withPrivate.channels?.map((c) => c.name)).toContain('leadership');
    expect((await web.conversations.info({ channel: ACME.channels.intros })).channel?.is_member).toBe(false);
    await web.conversations.join({ channel: ACME.channels.intros });
    const intros = await web.conversations.info({ channel: ACME.channels.intros, include_num_members: true });
    expect(intros.channel).toMatchObject({ name: 'intros', is_member: true, is_ext_shared: true });
    const members: string[] = [];
    for await (const page of web.paginate('conversations.members', { channel: ACME.channels.intros, limit: 10 })) {
      members.push(...(page as ConversationsMembersResponse).members!);
    }
    expect(members).toHaveLength(state.channel(ACME.teamId, ACME.channels.intros)!.members.length);
  });

  it('creates, joins, invites and kicks', async () => {
    const web = client();
    const created = await web.conversations.create({ name: 'hearth-test' });
    const id = created.channel!.id!;
    expect((await failure(web.conversations.create({ name: 'hearth-test' }))).data?.error).toBe('name_taken');
    expect((await failure(web.conversations.create({ name: 'Bad Name!' }))).data?.error).toBe('invalid_name_specials');
    await web.conversations.invite({ channel: id, users: 'U0DEMO001,U0DEMO002' });
    expect((await failure(web.conversations.invite({ channel: id, users: 'U0DEMO001' }))).data?.error).toBe('already_in_channel');
    await web.conversations.kick({ channel: id, user: 'U0DEMO002' });
    expect(state.channel(ACME.teamId, id)?.members.sort()).toEqual([ACME.botUserId, 'U0DEMO001'].sort());
    const joined = await web.conversations.join({ channel: id });
    expect(joined).toMatchObject({ ok: true, warning: 'already_in_channel' });
  });

  it('updates, deletes, reacts, links and posts ephemerally', async () => {
    const web = client();
    const posted = await web.chat.postMessage({ channel: ACME.channels.watercooler, text: 'Question of the week' });
    const updated = await web.chat.update({ channel: ACME.channels.watercooler, ts: posted.ts!, text: 'Question of the week: tea or coffee?' });
    expect(updated.message).toMatchObject({ text: 'Question of the week: tea or coffee?', edited: { user: ACME.botUserId } });
    expect((await failure(web.chat.update({ channel: ACME.channels.watercooler, ts: '1.000001', text: 'x' }))).data?.error).toBe('message_not_found');
    const human = state.addMessage(state.channel(ACME.teamId, ACME.channels.watercooler)!, { user: 'U0DEMO010', text: 'coffee' });
    expect((await failure(web.chat.update({ channel: ACME.channels.watercooler, ts: human.ts, text: 'tea' }))).data?.error).toBe('cant_update_message');

    await web.reactions.add({ channel: ACME.channels.watercooler, timestamp: human.ts, name: 'coffee' });
    expect((await failure(web.reactions.add({ channel: ACME.channels.watercooler, timestamp: human.ts, name: 'coffee' }))).data?.error).toBe('already_reacted');
    expect(state.findMessage(ACME.channels.watercooler, human.ts)?.reactions).toEqual([{ name: 'coffee', users: [ACME.botUserId], count: 1 }]);

    const link = await web.chat.getPermalink({ channel: ACME.channels.watercooler, message_ts: posted.ts! });
    expect(link.permalink).toBe(`https://acme-demo.slack.com/archives/${ACME.channels.watercooler}/p${posted.ts!.replace('.', '')}`);

    const eph = await web.chat.postEphemeral({ channel: ACME.channels.watercooler, user: 'U0DEMO001', text: 'Only you can see this' });
    expect(eph.message_ts).toBeTruthy();
    expect(state.ephemeralFor(ACME.teamId, ACME.channels.watercooler, 'U0DEMO001')).toHaveLength(1);
    expect(state.channel(ACME.teamId, ACME.channels.watercooler)?.members).not.toContain(ACME.adminUserId);
    expect((await failure(web.chat.postEphemeral({ channel: ACME.channels.watercooler, user: ACME.adminUserId, text: 'x' }))).data?.error).toBe('user_not_in_channel');

    await web.chat.delete({ channel: ACME.channels.watercooler, ts: posted.ts! });
    expect(state.findMessage(ACME.channels.watercooler, posted.ts!)).toBeUndefined();
  });

  it('schedules messages on the sandbox clock', async () => {
    const web = client();
    const postAt = Math.floor(nowMs / 1000) + 120;
    await web.conversations.join({ channel: ACME.channels.general });
    expect((await failure(web.chat.scheduleMessage({ channel: ACME.channels.general, text: 'past', post_at: Math.floor(nowMs / 1000) - 1 }))).data?.error).toBe('time_in_past');
    const scheduled = await web.chat.scheduleMessage({ channel: ACME.channels.general, text: 'Reminder', post_at: postAt });
    expect(scheduled.scheduled_message_id).toMatch(/^Q/);
    nowMs += 121_000;
    const history = await web.conversations.history({ channel: ACME.channels.general });
    expect(history.messages?.[0]).toMatchObject({ text: 'Reminder', ts: `${postAt}.000000` });
  });

  it('publishes home tabs and manages modals with trigger ids and hashes', async () => {
    const web = client();
    const home = await web.views.publish({ user_id: ACME.adminUserId, view: { type: 'home', blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'Hi' } }] } });
    expect(home.view).toMatchObject({ type: 'home', team_id: ACME.teamId });
    const tooBig = Array.from({ length: 101 }, () => ({ type: 'divider' as const }));
    expect((await failure(web.views.publish({ user_id: ACME.adminUserId, view: { type: 'home', blocks: tooBig } }))).data?.error).toBe('invalid_blocks');

    const modal = { type: 'modal' as const, title: { type: 'plain_text' as const, text: 'Enroll' }, blocks: [{ type: 'divider' as const }] };
    expect((await failure(web.views.open({ trigger_id: '123.456.bogus', view: modal }))).data?.error).toBe('invalid_trigger_id');
    const trigger = state.issueTriggerId(ACME.teamId, ACME.adminUserId);
    const opened = await web.views.open({ trigger_id: trigger, view: modal });
    const viewId = opened.view!.id!;
    expect(state.modalStack(ACME.teamId, ACME.adminUserId).map((v) => v.id)).toEqual([viewId]);
    expect((await failure(web.views.open({ trigger_id: state.issueTriggerId(ACME.teamId, ACME.adminUserId), view: { ...modal, blocks: tooBig } }))).data?.error).toBe('invalid_blocks');

    const updated = await web.views.update({ view_id: viewId, hash: opened.view!.hash!, view: { ...modal, title: { type: 'plain_text', text: 'Enrolled' } } });
    expect(updated.view?.hash).not.toBe(opened.view?.hash);
    expect((await failure(web.views.update({ view_id: viewId, hash: opened.view!.hash!, view: modal }))).data?.error).toBe('hash_conflict');

    const pushed = await web.views.push({ trigger_id: state.issueTriggerId(ACME.teamId, ACME.adminUserId), view: modal });
    expect(pushed.view?.previous_view_id).toBe(viewId);
    expect(state.modalStack(ACME.teamId, ACME.adminUserId)).toHaveLength(2);
  });

  it('exchanges install and Sign in with Slack codes', async () => {
    const anonymous = clientFor(undefined);
    const code = state.issueOAuthCode({ teamId: ACME.teamId, userScopes: ['identity.basic'] });
    const install = await anonymous.oauth.v2.access({ client_id: 'cid', client_secret: 'secret', code });
    expect(install).toMatchObject({
      ok: true,
      app_id: ACME.appId,
      // Token rotation on: an expiring token with a single-use refresh token.
      access_token: expect.stringMatching(/^xoxe\.xoxb-/),
      refresh_token: expect.stringMatching(/^xoxe-1-/),
      expires_in: 43_200,
      bot_user_id: ACME.botUserId,
      team: { id: ACME.teamId, name: ACME.name },
      authed_user: { id: ACME.adminUserId, token_type: 'user' },
      is_enterprise_install: false,
    });
    expect((await failure(anonymous.oauth.v2.access({ client_id: 'cid', client_secret: 'secret', code }))).data?.error).toBe('code_already_used');
    expect((await failure(anonymous.oauth.v2.access({ client_id: 'cid', client_secret: 'secret', code: 'nope' }))).data?.error).toBe('invalid_code');

    const oidcCode = state.issueOpenIdCode({ teamId: ACME.teamId, userId: 'U0DEMO007', nonce: 'n1' });
    const token = await anonymous.openid.connect.token({ client_id: 'cid', client_secret: 'secret', code: oidcCode });
    expect(token.access_token).toMatch(/^xoxp-/);
    const claims = JSON.parse(Buffer.from(token.id_token!.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: 'U0DEMO007', aud: 'cid', nonce: 'n1', 'https://slack.com/team_id': ACME.teamId });
    const info = await client(token.access_token).openid.connect.userInfo();
    expect(info).toMatchObject({ ok: true, sub: 'U0DEMO007', 'https://slack.com/user_id': 'U0DEMO007', 'https://slack.com/team_id': ACME.teamId, email: 'ananya.iyer@acme.example' });
    expect((await failure(client().openid.connect.userInfo())).data?.error).toBe('not_allowed_token_type');
  });
});
