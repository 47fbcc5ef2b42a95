import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME, GLOBEX } from '../../src/sandbox/seed.js';
import { startSandboxApiServer, type SandboxApiServer } from '../../src/sandbox/server.js';
import { installAndSync, signIn, startTestHearth, type TestHearth } from '../support/hearth.js';

/** Failures are visible (issue 27): admins see their workspace's failed deliveries in words, and try them again. */
describe('failed deliveries: listed for admins, tried again, counted by reason', () => {
  let sandbox: SandboxApiServer;
  let t: TestHearth;
  let acme: number;
  let globex: number;
  let admin: { cookie: string; csrf: string };
  let member: { cookie: string; csrf: string };
  const state = async (id: number) => (await t.hearth.services.outbox.repo.byId(id))!;

  beforeAll(async () => {
    sandbox = await startSandboxApiServer();
    t = await startTestHearth({ slackApiUrl: sandbox.url });
    acme = await installAndSync(t, ACME.teamId, ACME.botToken);
    globex = await installAndSync(t, GLOBEX.teamId, GLOBEX.botToken);
    admin = await signIn(t, ACME.teamId, ACME.adminUserId);
    member = await signIn(t, ACME.teamId, 'U0DEMO005');
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  const list = (who: { cookie: string }, qs = '') => fetch(`${t.url}/deliveries/failed${qs}`, { headers: { cookie: who.cookie, accept: 'application/json' } });
  const retry = (who: { cookie: string; csrf: string }, id: number | string) =>
    fetch(`${t.url}/deliveries/${id}/retry`, { method: 'POST', headers: { cookie: who.cookie, 'x-csrf-token': who.csrf, 'content-type': 'application/json' }, body: '{}' });

  it('lists a message refused because Hearth was removed from the channel, says why, and sends it after Try again', async () => {
    const channel = sandbox.state.channel(ACME.teamId, ACME.channels.leadership)!; // private: Hearth posts only as a member
    const [id] = await t.hearth.services.outbox.enqueue([{ workspaceId: acme, key: 'failures:1', kind: 'intro', method: 'chat.postMessage', args: { channel: channel.id, text: 'hello' } }]);
    await expect.poll(async () => (await state(id!)).state, { timeout: 10_000 }).toBe('failed');

    expect((await list(member)).status).toBe(403);
    const res = await list(admin);
    expect(res.status).toBe(200);
    const page = (await res.json()) as { deliveries: Array<Record<string, unknown>>; next_page: number | null };
    const row = page.deliveries.find((d) => d.id === id)!;
    expect(row).toMatchObject({ label: 'Not sent', code: 'not_in_channel', canRetry: true, kind: 'intro', channel: { id: channel.id, name: null } });
    // A private channel Hearth is not in is not in its directory: no name to show.
    expect(row.reason).toBe('Hearth was removed from the channel. Add Hearth back to the channel, then try again.');

    // Another workspace's admin cannot see or retry it.
    const other = await signIn(t, GLOBEX.teamId, GLOBEX.adminUserId);
    expect(((await (await list(other)).json()) as { deliveries: unknown[] }).deliveries).toEqual([]);
    expect((await retry(other, id!)).status).toBe(404);
    expect((await retry(admin, 'abc')).status).toBe(400);

    // Hearth is added back; Try again sends it once.
    sandbox.state.addMembers(channel, [ACME.botUserId]);
    expect((await retry(admin, id!)).status).toBe(200);
    await expect.poll(async () => (await state(id!)).state, { timeout: 10_000 }).toBe('sent');
    expect((await retry(admin, id!)).status).toBe(404);
    expect(globex).toBeGreaterThan(0);
  });

  it('/metrics counts failed rows by reason', async () => {
    const [id] = await t.hearth.services.outbox.enqueue([{ workspaceId: acme, key: 'failures:2', kind: 'test', method: 'chat.postMessage', args: { channel: 'C0NOSUCHCHANNEL', text: 'nowhere' } }]);
    await expect.poll(async () => (await state(id!)).state, { timeout: 10_000 }).toBe('failed');
    const text = await (await fetch(`${t.url}/metrics`)).text();
    expect(text).toMatch(/^hearth_outbox_failed_rows\{reason="channel_not_found"\} [1-9]/m);
    // Trying again can't work for a channel Slack can't find: no Try again, and the API refuses it in words.
    const res = await retry(admin, id!);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ fields: { id: 'cannot be tried again' } });
    expect((await state(id!)).state).toBe('failed');
  });
});
