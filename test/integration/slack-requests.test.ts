import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { install, listenLoopback, startTestHearth, type TestHearth } from '../support/hearth.js';
import { defineCapability } from '../../src/platform/capability.js';

/** Slack's signed requests through the real Bolt receiver mounted on our Express app. */
describe('Slack endpoint', () => {
  let t: TestHearth;
  const reactions: string[] = [];
  /** `/hearth slow` waits in its `run` until the test lets it finish, as a slow database would. */
  let slowStarted = (): void => undefined;
  let finishSlow = (): void => undefined;
  const slowCommand = defineCapability({
    name: 'slow',
    needs: [],
    setup: () => ({
      commands: [
        {
          name: 'slow',
          usage: 'slow — answers when the test lets it',
          run: async () => {
            slowStarted();
            await new Promise<void>((resolve) => (finishSlow = resolve));
            return { text: 'Done at last' };
          },
        },
      ],
    }),
  });

  beforeAll(async () => {
    t = await startTestHearth({
      capabilities: [
        defineCapability({ name: 'reactions', needs: [], setup: () => ({ listeners: [(app) => app.event('reaction_added', async ({ event }) => void reactions.push(event.reaction))] }) }),
        slowCommand,
      ],
    });
    await install(t.hearth, 'T0SIG');
  });
  afterAll(() => t.close());

  /** A valid event sent after the ones under test, and heard: what was sent before it has been handled too. */
  async function sentinel(reaction: string): Promise<void> {
    await t.driver.event({ teamId: 'T0SIG', event: { type: 'reaction_added', user: 'U0A', reaction, item: { type: 'message', channel: 'C0A', ts: '1.9' } } });
    await expect.poll(() => reactions.includes(reaction)).toBe(true);
  }

  const command = (text: string) => ({ teamId: 'T0SIG', userId: 'U0A', channelId: 'C0A', text, responseUrl: `${t.url}/nowhere`, triggerId: '1.2.3' });

  it('answers a signed /hearth help with what the command can do', async () => {
    const res = await t.driver.command(command('help'));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { text: string; response_type: string; blocks: unknown[] };
    expect(body.response_type).toBe('ephemeral');
    expect(body.text).toContain('Hearth commands');
    expect(JSON.stringify(body.blocks)).toContain('/hearth help');
  });

  it('acknowledges a slow subcommand at once and sends its answer to the response_url when the work is done', async () => {
    const answers: unknown[] = [];
    const hook = await listenLoopback();
    hook.server.on('request', (req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        answers.push(JSON.parse(body));
        res.end('ok');
      });
    });
    try {
      const started = new Promise<void>((resolve) => (slowStarted = resolve));
      const res = await t.driver.command({ ...command('slow'), responseUrl: `${hook.url}/answer` });
      // Slack has its answer while `run` is still waiting: the ack came first, with nothing in it.
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('');
      await started;
      expect(answers).toEqual([]);
      finishSlow();
      await expect.poll(() => answers).toEqual([{ response_type: 'ephemeral', text: 'Done at last' }]);
    } finally {
      finishSlow();
      await hook.close();
    }
  });

  it('answers an unknown subcommand with help that names it', async () => {
    const body = (await (await t.driver.command(command('dance'))).json()) as { text: string };
    expect(body.text).toContain('I don\'t know "dance"');
  });

  it('rejects a bad signature, a stale timestamp and a missing signature with 401 and processes nothing', async () => {
    const { event } = { event: { type: 'reaction_added', user: 'U0A', reaction: 'forged', item: { type: 'message', channel: 'C0A', ts: '1.1' } } };
    const body = JSON.stringify({ type: 'event_callback', team_id: 'T0SIG', event_id: 'EvForged', event });
    const endpoint = `${t.url}/slack/events`;

    const badSig = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', ...t.driver.sign(body), 'x-slack-signature': 'v0=' + '0'.repeat(64) }, body });
    const stale = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', ...t.driver.sign(body, Math.floor(Date.now() / 1000) - 6 * 60) }, body });
    const none = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect([badSig.status, stale.status, none.status]).toEqual([401, 401, 401]);
    await sentinel('after_forged');
    expect(reactions).not.toContain('forged');
  });

  it('rejects a correctly signed request dated in the future, and a signature of another scheme, with 401', async () => {
    const event = { type: 'reaction_added', user: 'U0A', reaction: 'future', item: { type: 'message', channel: 'C0A', ts: '1.3' } };
    const endpoint = `${t.url}/slack/events`;
    const statuses: number[] = [];
    for (const [eventId, ahead] of [['EvFuture10m', 10 * 60], ['EvFuture1y', 365 * 86_400]] as const) {
      const body = JSON.stringify({ type: 'event_callback', team_id: 'T0SIG', event_id: eventId, event });
      statuses.push((await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', ...t.driver.sign(body, Math.floor(Date.now() / 1000) + ahead) }, body })).status);
    }
    const body = JSON.stringify({ type: 'event_callback', team_id: 'T0SIG', event_id: 'EvV1', event });
    const signed = t.driver.sign(body);
    statuses.push((await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', ...signed, 'x-slack-signature': signed['x-slack-signature']!.replace('v0=', 'v1=') }, body })).status);
    expect(statuses).toEqual([401, 401, 401]);
    // Within the five minutes either way, a request goes through.
    const ok = JSON.stringify({ type: 'event_callback', team_id: 'T0SIG', event_id: 'EvSkewOk', event: { ...event, reaction: 'skew_ok' } });
    expect((await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', ...t.driver.sign(ok, Math.floor(Date.now() / 1000) + 60) }, body: ok })).status).toBe(200);
    await expect.poll(() => reactions.includes('skew_ok')).toBe(true);
    expect(reactions).not.toContain('future');
  });

  it('processes an event delivered four times (X-Slack-Retry-Num) once', async () => {
    const event = { type: 'reaction_added', user: 'U0A', reaction: 'tada', item: { type: 'message', channel: 'C0A', ts: '1.2' }, item_user: 'U0B' };
    const first = await t.driver.event({ teamId: 'T0SIG', event });
    for (const retryNum of [1, 2, 3]) {
      const { response } = await t.driver.event({ teamId: 'T0SIG', event, eventId: first.eventId, retryNum });
      expect(response.status).toBe(200);
    }
    await expect.poll(() => reactions.filter((r) => r === 'tada').length).toBe(1);
    const status = async () => (await t.hearth.services.db.selectFrom('processed_events').select('status').where('event_id', '=', first.eventId).executeTakeFirst())?.status;
    await expect.poll(status).toBe('done');
    await sentinel('after_retries');
    expect(reactions.filter((r) => r === 'tada')).toHaveLength(1);
  });

  it('processes a retry again when the first delivery failed', async () => {
    const { eventLog } = t.hearth.services;
    expect(await eventLog.begin('EvFailedOnce', 'T0SIG', 'reaction_added')).toBe(true);
    await eventLog.finish('EvFailedOnce', false);
    const event = { type: 'reaction_added', user: 'U0A', reaction: 'retried', item: { type: 'message', channel: 'C0A', ts: '1.3' } };
    await t.driver.event({ teamId: 'T0SIG', event, eventId: 'EvFailedOnce', retryNum: 1 });
    await expect.poll(() => reactions.filter((r) => r === 'retried').length).toBe(1);
  });
});
