import { describe, expect, it } from 'vitest';
import { ACME } from '../../../src/sandbox/seed.js';
import { seedState } from '../../../src/sandbox/seed.js';
import { SandboxState } from '../../../src/sandbox/state.js';

function fixedClock(iso: string) {
  let ms = Date.parse(iso);
  return { now: () => new Date(ms), advance: (by: number) => (ms += by) };
}

describe('sandbox state', () => {
  it('gives unique, increasing ts per channel on a frozen clock', () => {
    const clock = fixedClock('2026-11-23T15:00:00Z');
    const state = seedState({ now: clock.now });
    const general = state.channel(ACME.teamId, ACME.channels.general)!;
    const a = state.addMessage(general, { user: 'U0DEMO001', text: 'one' });
    const b = state.addMessage(general, { user: 'U0DEMO001', text: 'two' });
    expect(a.ts).toBe('1795446000.000000');
    expect(b.ts).toBe('1795446000.000001');
    clock.advance(1500);
    expect(state.addMessage(general, { user: 'U0DEMO001', text: 'three' }).ts).toBe('1795446001.500000');
  });

  it('fills in bot fields when the app posts and tracks thread replies', () => {
    const state = seedState();
    const general = state.channel(ACME.teamId, ACME.channels.general)!;
    const parent = state.addMessage(general, { user: ACME.botUserId, text: 'parent' });
    expect(parent).toMatchObject({ bot_id: ACME.botId, app_id: ACME.appId });
    const reply = state.addMessage(general, { user: 'U0DEMO007', text: 'reply', thread_ts: parent.ts });
    state.addMessage(general, { user: 'U0DEMO008', text: 'reply 2', thread_ts: reply.ts });
    expect(parent).toMatchObject({ reply_count: 2, reply_users_count: 2, thread_ts: parent.ts });
    expect(state.channelHistory(general.id).map((m) => m.text)).toEqual(['parent']);
    expect(state.threadMessages(general.id, parent.ts).map((m) => m.text)).toEqual(['parent', 'reply', 'reply 2']);
  });

  it('returns the same conversation for the same people', () => {
    const state = seedState();
    const first = state.openConversation(ACME.teamId, ACME.botUserId, ['U0DEMO002', 'U0DEMO001']);
    const again = state.openConversation(ACME.teamId, ACME.botUserId, ['U0DEMO001', 'U0DEMO002']);
    expect(first.created).toBe(true);
    expect(again).toEqual({ channel: first.channel, created: false });
    expect(first.channel.is_mpim).toBe(true);
    const im = state.openConversation(ACME.teamId, ACME.botUserId, ['U0DEMO001']).channel;
    expect(im.id.startsWith('D')).toBe(true);
  });

  it('expires and exchanges trigger ids', () => {
    const clock = fixedClock('2026-11-23T15:00:00Z');
    const state = seedState({ now: clock.now });
    const trigger = state.issueTriggerId(ACME.teamId, ACME.adminUserId);
    expect(state.consumeTrigger(trigger, 'T0OTHER')).toEqual({ ok: false, error: 'invalid_trigger_id' });
    expect(state.consumeTrigger('123.456.never-issued', ACME.teamId)).toEqual({ ok: false, error: 'invalid_trigger_id' });
    expect(state.consumeTrigger(trigger, ACME.teamId).ok).toBe(true);
    expect(state.consumeTrigger(trigger, ACME.teamId)).toEqual({ ok: false, error: 'exchanged_trigger_id' });
    const late = state.issueTriggerId(ACME.teamId, ACME.adminUserId);
    clock.advance(3001);
    expect(state.consumeTrigger(late, ACME.teamId)).toEqual({ ok: false, error: 'expired_trigger_id' });
  });

  it('round-trips through snapshot and restore', () => {
    const state = seedState();
    const general = state.channel(ACME.teamId, ACME.channels.general)!;
    state.addMessage(general, { user: 'U0DEMO001', text: 'saved', metadata: { event_type: 'x', event_payload: { a: 1 } } });
    const copy = new SandboxState();
    copy.restore(state.snapshot());
    expect(copy.data).toEqual(state.data);
    expect(copy.channelHistory(general.id)[0]?.metadata).toEqual({ event_type: 'x', event_payload: { a: 1 } });
    expect(() => copy.restore('{"version":2}')).toThrow(/snapshot/);
  });

  it('delivers scheduled messages when their time comes', () => {
    const clock = fixedClock('2026-11-23T15:00:00Z');
    const state = seedState({ now: clock.now });
    state.addScheduled({ teamId: ACME.teamId, channel: ACME.channels.general, post_at: 1795446060, date_created: 1795446000, postedBy: ACME.botUserId, text: 'later' });
    expect(state.deliverDueScheduled()).toEqual([]);
    clock.advance(60_000);
    expect(state.deliverDueScheduled().map((m) => [m.text, m.ts])).toEqual([['later', '1795446060.000000']]);
    expect(state.data.scheduled).toHaveLength(0);
  });
});
