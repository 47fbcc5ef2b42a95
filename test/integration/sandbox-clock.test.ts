import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METADATA_EVENT_TYPE } from '../../src/outbox/service.js';
import { ACME } from '../../src/sandbox/seed.js';
import { startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';

const minuteOf = (ts: string) => new Date(Math.floor(Number(ts) / 60) * 60_000).toISOString();

/**
 * Time travel in the sandbox delivers as production would: rate-limit waits are measured and held-back rows
 * scheduled on the sandbox clock, so sends due together still leave within their minute of sandbox time.
 */
describe('the sandbox clock and rate limits', () => {
  let t: SandboxHearth;
  let acme: number;

  beforeAll(async () => {
    t = await startSandboxHearth();
    acme = (await t.services.workspaces.byTeamId(ACME.teamId))!.id;
  });
  afterAll(() => t?.close());

  it('advancing over several sends due together, with Slack rate limits on, posts each at its due minute', async () => {
    await t.api('POST', '/sandbox/rate_limits', { enabled: true, reset: true });
    const dues = ['2026-03-02T09:00:00.000Z', '2026-03-02T09:30:00.000Z'];
    // Three messages into one channel at each due time: Slack takes one a second per channel.
    const rows = dues.flatMap((due, d) =>
      [1, 2, 3].map((n) => ({ workspaceId: acme, key: `due:${d}:${n}`, kind: 'test', method: 'chat.postMessage', args: { channel: ACME.channels.celebrations, text: `due ${due} #${n}` }, notBefore: new Date(due) })),
    );
    await t.services.outbox.enqueue(rows);

    const { ticks } = await t.api<{ ticks: number }>('POST', '/sandbox/clock/advance', { to: '2026-03-02T12:00:00Z' });

    const posted = t.sandbox.state.messageList(ACME.channels.celebrations).filter((m) => m.metadata?.event_type === METADATA_EVENT_TYPE && m.text.startsWith('due '));
    expect(posted.map((m) => [m.text.slice(4, 28), minuteOf(m.ts)]).sort()).toEqual(dues.flatMap((due) => [due, due, due]).map((due) => [due, due]));
    // A tick for each due time and for each message held back a second, not one a minute until the wall clock caught up.
    expect(ticks).toBeLessThanOrEqual(20);
  });
});
