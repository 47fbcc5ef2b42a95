import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { METADATA_EVENT_TYPE } from '../../src/outbox/service.js';
import { ACME } from '../../src/sandbox/seed.js';
import { signIn } from '../support/hearth.js';
import { setPlan, settle, startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';

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

  it('stops only where a source has work: a week of daily directory refreshes and channel programs has no tick that finds nothing', async () => {
    await setPlan(t, ACME.teamId, 'premium');
    const admin = await signIn(t, ACME.teamId, ACME.adminUserId);
    for (const [template, channel] of [
      ['intros-coffee-chats', ACME.channels.intros],
      ['watercooler-default-dozen', ACME.channels.watercooler],
      ['celebrations-birthdays-anniversaries', ACME.channels.celebrations],
    ] as const)
      await t.call(admin, 'POST', '/channel_programs/apply_template_as_json', { template_id: template, channel_id: channel });
    await settle(t);

    // Each tick the clock runs, with what each source collected then.
    const ticks: Array<{ at: string; counts: Record<string, number> }> = [];
    const tick = t.services.scheduler.tick.bind(t.services.scheduler);
    const spy = vi.spyOn(t.services.scheduler, 'tick').mockImplementation(async (at, sources) => {
      const counts = await tick(at, sources);
      ticks.push({ at: at!.toISOString(), counts });
      return counts;
    });
    try {
      await t.api('POST', '/sandbox/clock/advance', { minutes: 7 * 24 * 60 });
    } finally {
      spy.mockRestore();
    }
    // The daily refresh ran every day; no tick found nothing to do (a claim that trails the time it said it was due
    // by a minute adds one a day).
    expect(ticks.filter((x) => x.counts.members).length).toBeGreaterThanOrEqual(7);
    expect(ticks.filter((x) => !Object.values(x.counts).some((n) => n > 0))).toEqual([]);
    // The events' safety net found nobody behind: each subscriber was handed the events of its types as they were
    // published, and events of other types (the refresh's member changes) do not make it behind.
    expect(ticks.filter((x) => x.counts.events)).toEqual([]);
  });
});
