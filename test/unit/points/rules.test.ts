import { describe, expect, it } from 'vitest';
import { celebrationPosted } from '../../../src/celebrations/events.js';
import { introMet } from '../../../src/intros/events.js';
import { journeyPollAnswered, journeyTaskCompleted } from '../../../src/journeys/events.js';
import type { DomainEvent } from '../../../src/platform/events/define.js';
import { checkShoutoutView } from '../../../src/points/slack-side.js';
import { localDateOf } from '../../../src/points/service.js';
import { capAward, dollarsFor, EARNING_RULES, EVENT_RULES, nextSort, parseShoutoutText, rulePoints } from '../../../src/points/rules.js';

const ev = <P>(type: string, payload: P, id = 1): DomainEvent<P> => ({ id, workspaceId: 1, seq: id, type, payload, occurredAt: new Date('2026-03-02T12:00:00Z') });

describe('the earning table', () => {
  it('is keyed by event name, one row per event, each paying a known rule', async () => {
    expect(Object.keys(EVENT_RULES).sort()).toEqual(['celebration.posted', 'intro.met', 'journey.poll_answered', 'journey.task_completed']);
    for (const [name, row] of Object.entries(EVENT_RULES)) expect(row.event.type).toBe(name);
    const met = await EVENT_RULES['intro.met']!.awards(ev(introMet.type, { programId: 1, roundId: 1, meetingId: 9, memberId: 3, replaces: null }), { introGroup: async () => [3, 4] });
    expect(met).toEqual([
      { rule: 'intro_met', memberId: 3, sourceKey: 'intro_met:9:3' },
      { rule: 'intro_met', memberId: 4, sourceKey: 'intro_met:9:4' },
    ]);
    // Without the group on record, the member who answered still earns.
    expect(await EVENT_RULES['intro.met']!.awards(ev(introMet.type, { programId: 1, roundId: 1, meetingId: 9, memberId: 3, replaces: null }), { introGroup: async () => undefined })).toHaveLength(1);
    const rules = new Set(EARNING_RULES.map((r) => r.key));
    for (const a of met) expect(rules.has(a.rule)).toBe(true);
  });

  it('pays birthdays and anniversaries once a year per member, and nothing for custom dates', async () => {
    const posted = (kind: 'birthday' | 'anniversary' | 'custom', runOn: string) =>
      EVENT_RULES['celebration.posted']!.awards(ev(celebrationPosted.type, { programId: 1, kind, scheduleIds: [1], memberIds: [5, 6], runOn }), { introGroup: async () => undefined });
    expect(await posted('birthday', '2026-03-02')).toEqual([
      { rule: 'birthday', memberId: 5, sourceKey: 'birthday:2026:5' },
      { rule: 'birthday', memberId: 6, sourceKey: 'birthday:2026:6' },
    ]);
    // Another program celebrating the same birthday the same year: the same keys, so the ledger pays once.
    expect((await posted('birthday', '2026-03-03')).map((a) => a.sourceKey)).toEqual(['birthday:2026:5', 'birthday:2026:6']);
    expect((await posted('anniversary', '2027-03-02'))[0]!.sourceKey).toBe('anniversary:2027:5');
    expect(await posted('custom', '2026-03-02')).toEqual([]);
  });

  it('pays a journey task once when completed and a poll once when answered, however often either is redone', async () => {
    const none = { introGroup: async () => undefined };
    const task = (eventId: number) =>
      EVENT_RULES['journey.task_completed']!.awards(ev(journeyTaskCompleted.type, { taskAssignmentId: 7, sessionId: 2, sessionEventId: 3, memberId: 5, source: 'slack' }, eventId), none);
    expect(await task(1)).toEqual([{ rule: 'task_completed', memberId: 5, sourceKey: 'task_completed:7' }]);
    // Completed again (reopened, then done from the site): the same key, so the ledger pays once.
    expect(await task(2)).toEqual(await task(1));
    const poll = (answerIndex: number) =>
      EVENT_RULES['journey.poll_answered']!.awards(ev(journeyPollAnswered.type, { pollResponseId: 11, sessionId: 2, sessionEventId: 4, memberId: 5, answerIndex, source: 'site' }), none);
    expect(await poll(0)).toEqual([{ rule: 'poll_answered', memberId: 5, sourceKey: 'poll_answered:11' }]);
    expect((await poll(2))[0]!.sourceKey).toBe('poll_answered:11');
    expect(rulePoints({}, 'task_completed')).toBe(5);
    expect(rulePoints({}, 'poll_answered')).toBe(2);
  });

  it('uses the configured points, the default when unset or invalid, and 0 to turn a rule off', () => {
    expect(rulePoints({}, 'birthday')).toBe(25);
    expect(rulePoints({ birthday: 7 }, 'birthday')).toBe(7);
    expect(rulePoints({ birthday: 0 }, 'birthday')).toBe(0);
    expect(rulePoints({ birthday: -3 }, 'birthday')).toBe(25);
    expect(rulePoints({}, 'unknown_rule')).toBe(0);
  });
});

describe('the daily cap, in the member\'s local day', () => {
  it('clamps to what is left of the cap, never below zero', () => {
    expect(capAward(10, 0, 100)).toBe(10);
    expect(capAward(10, 95, 100)).toBe(5);
    expect(capAward(10, 100, 100)).toBe(0);
    expect(capAward(10, 150, 100)).toBe(0);
  });

  it('counts the day where the member is: the same instant is two different days', () => {
    const instant = new Date('2026-03-02T23:30:00Z');
    expect(localDateOf(instant, 'Europe/Berlin')).toBe('2026-03-03');
    expect(localDateOf(instant, 'America/Los_Angeles')).toBe('2026-03-02');
    expect(localDateOf(new Date('2026-03-02T10:30:00Z'), 'Pacific/Kiritimati')).toBe('2026-03-03');
    expect(localDateOf(instant, 'Not/AZone')).toBe('2026-03-02');
  });
});

describe('leaderboard sorting (journeys.md §4)', () => {
  it('toggles desc/asc on the same column; a new column starts desc', () => {
    let sort = nextSort({ col: 'points_received', dir: 'desc' }, 'points_received');
    expect(sort).toEqual({ col: 'points_received', dir: 'asc' });
    sort = nextSort(sort, 'points_received');
    expect(sort).toEqual({ col: 'points_received', dir: 'desc' });
    expect(nextSort({ col: 'points_received', dir: 'asc' }, 'name')).toEqual({ col: 'name', dir: 'desc' });
  });
});

describe('gift-card conversion (journeys.md §9)', () => {
  it('converts only the offered amounts', () => {
    const options = [
      { points: 1000, dollars: 10 },
      { points: 2500, dollars: 25 },
    ];
    expect(dollarsFor(2500, options)).toBe(25);
    expect(dollarsFor(2000, options)).toBeUndefined();
  });
});

describe('/hearth shoutout text', () => {
  it('reads an escaped mention, a plain @handle, the points and the reason', () => {
    expect(parseShoutoutText('<@U0DEMO009|lena> 10 for the great demo')).toEqual({ target: { slackId: 'U0DEMO009' }, points: 10, message: 'the great demo' });
    expect(parseShoutoutText('<@U0DEMO009> 3 because reasons')).toEqual({ target: { slackId: 'U0DEMO009' }, points: 3, message: 'reasons' });
    expect(parseShoutoutText('@lena.fischer 10 for shipping\nthe thing')).toEqual({ target: { handle: 'lena.fischer' }, points: 10, message: 'shipping\nthe thing' });
    expect(parseShoutoutText('@lena 10 thanks!')).toEqual({ target: { handle: 'lena' }, points: 10, message: 'thanks!' });
  });

  it('refuses what it cannot read, and zero points', () => {
    expect(parseShoutoutText('lena 10 for x')).toHaveProperty('error');
    expect(parseShoutoutText('@lena ten for x')).toHaveProperty('error');
    expect(parseShoutoutText('@lena 10')).toHaveProperty('error');
    expect(parseShoutoutText('@lena 0 for x')).toEqual({ error: 'A shoutout gives at least 1 point.' });
  });
});

describe('the shoutout modal\'s check before the ack', () => {
  it('names each missing or bad field', () => {
    expect(checkShoutoutView({})).toEqual({ errors: { shoutout_recipient: 'Pick someone to thank', shoutout_points: 'Give at least 1', shoutout_message: 'Say what the shoutout is for' } });
    expect(checkShoutoutView({ shoutout_recipient: { value: { selected_user: 'U1' } }, shoutout_points: { value: { value: '2.5' } }, shoutout_message: { value: { value: 'x' } } })).toEqual({ errors: { shoutout_points: 'Give at least 1' } });
    expect(
      checkShoutoutView({ shoutout_recipient: { value: { selected_user: 'U1' } }, shoutout_points: { value: { value: '12' } }, shoutout_message: { value: { value: ' thanks ' } }, shoutout_channels: { value: { selected_conversations: ['C1'] } } }),
    ).toEqual({ recipient: 'U1', points: 12, message: 'thanks', channels: ['C1'] });
  });
});
