import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateTagAnswer, DryRunAnswer, DryRunItem, ScheduleEventJson, SessionJson } from '../../src/journeys/api-types.js';
import { toSlackUser } from '../../src/sandbox/serialize.js';
import { ACME } from '../../src/sandbox/seed.js';
import { ControllableClock } from '../../src/time/clock.js';
import { signIn } from '../support/hearth.js';
import { dmWith, setPlan, type SandboxHearth, settle, startSandboxHearth } from '../support/sandbox-hearth.js';

const path = `${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'} + ${process.env.REDIS_URL ? 'BullMQ' : 'in-process queue'}`;
const TEAM = ACME.teamId;
/** Half a year of sends: Postgres + BullMQ on a shared 2-core machine needs time. */
const LONG = 900_000;

interface Hire {
  name: string;
  slackUserId: string;
  tz: string;
  startDate: string;
  /** A move of zone (Slack profile, user_change) before day 5. */
  moves?: { at: string; to: string };
  memberId?: number;
}

/**
 * The drill of issue 28: eight new hires around the world (Apia starting on a Saturday, Lord Howe, New York,
 * Kathmandu, London, Kiritimati, St John's, Cairo with a missing 00:30 and a doubled 23:45 on work days), two moving
 * zone before day 5, one event deactivated journey-wide and one deleted for one person. Before every send the dry run
 * of each of them is read; the messages then sent are exactly its pending items due then, each once, at its local
 * minute (by an independent Temporal oracle) on the right work day.
 */
describe(`The journeys drill (${path})`, () => {
  let t: SandboxHearth;
  const hires: Hire[] = [
    { name: 'Apia', slackUserId: 'U0DEMO015', tz: 'Pacific/Apia', startDate: '2026-04-18' }, // a Saturday: day 0 is Monday
    { name: 'Lord Howe', slackUserId: 'U0DEMO016', tz: 'Australia/Lord_Howe', startDate: '2026-04-20' },
    { name: 'New York', slackUserId: 'U0DEMO013', tz: 'America/New_York', startDate: '2026-04-20', moves: { at: '2026-04-21T22:00:00Z', to: 'Asia/Kathmandu' } },
    { name: 'Kathmandu', slackUserId: 'U0DEMO018', tz: 'Asia/Kathmandu', startDate: '2026-04-20' },
    { name: 'London', slackUserId: 'U0DEMO017', tz: 'Europe/London', startDate: '2026-04-20', moves: { at: '2026-04-22T20:00:00Z', to: 'Pacific/Kiritimati' } },
    { name: 'Kiritimati', slackUserId: 'U0DEMO019', tz: 'Pacific/Kiritimati', startDate: '2026-04-20' },
    { name: "St John's", slackUserId: 'U0DEMO021', tz: 'America/St_Johns', startDate: '2026-04-20' },
    { name: 'Cairo', slackUserId: 'U0DEMO023', tz: 'Africa/Cairo', startDate: '2026-04-20' },
  ];
  // Day 4 at 00:30 is Friday 24 April 2026 in Cairo, when 00:00–01:00 is skipped; day 138 at 23:45 is Thursday
  // 29 October, when 23:00–24:00 happens twice.
  const plan = [
    { code: 'A', days_later: 0, minute_in_day: 540 },
    { code: 'B', days_later: 1, minute_in_day: 540 },
    { code: 'C', days_later: 2, minute_in_day: 780 },
    { code: 'D', days_later: 4, minute_in_day: 30 },
    { code: 'E', days_later: 5, minute_in_day: 600 },
    { code: 'F', days_later: 138, minute_in_day: 1425 },
  ];
  const events = new Map<string, ScheduleEventJson>();
  let tagId: number;
  let admin: Awaited<ReturnType<typeof signIn>>;
  const zoneNow = new Map<string, string>();

  const call: SandboxHearth['call'] = (...args) => t.call(...args);
  const botMessages = (h: Hire) => t.sandbox.state.messageList(dmWith(t, h.slackUserId)).filter((m) => m.bot_id && JSON.stringify([m.text, m.blocks]).includes('Drill '));
  const codeOf = (m: { text?: string; blocks?: unknown }) => /Drill ([A-F]) for/.exec(JSON.stringify([m.text, m.blocks]))![1]!;
  const codeOfEvent = (id: number) => [...events].find(([, e]) => e.id === id)![0];

  /** The oracle: work day `n` from a start date (Mon–Fri, a weekend start counting from Monday), by plain calendar steps. */
  const workDay = (start: string, n: number) => {
    let d = Temporal.PlainDate.from(start);
    while (d.dayOfWeek > 5) d = d.add({ days: 1 });
    for (let i = 0; i < n; ) {
      d = d.add({ days: 1 });
      if (d.dayOfWeek <= 5) i++;
    }
    return d;
  };
  /** The oracle: the instant of a wall time (a skipped time moves forward by the gap, a repeated one is the first). */
  const instantOf = (date: Temporal.PlainDate, minute: number, tz: string) =>
    new Date(date.toPlainDateTime({ hour: Math.floor(minute / 60), minute: minute % 60 }).toZonedDateTime(tz, { disambiguation: 'compatible' }).epochMilliseconds);

  beforeAll(async () => {
    t = await startSandboxHearth({ clock: new ControllableClock(new Date('2026-04-16T12:00:00Z')) });
    admin = await signIn(t, TEAM, ACME.adminUserId);
    await setPlan(t, TEAM, 'premium');
  }, LONG);
  afterAll(() => t?.close());

  const moveZone = async (h: Hire, tz: string) => {
    const member = t.sandbox.state.member(TEAM, h.slackUserId)!;
    member.tz = tz;
    await t.api('POST', '/sandbox/events', { team_id: TEAM, event: { type: 'user_change', user: toSlackUser(member, t.clock.now()) } });
    await settle(t);
    zoneNow.set(h.slackUserId, tz);
  };

  it('enrols eight new hires around the world; deactivates one event for everyone and deletes one for one person', async () => {
    const ws = (await t.services.workspaces.byTeamId(TEAM))!;
    for (const h of hires) {
      await moveZone(h, h.tz);
      h.memberId = (await t.services.people.bySlackId(ws.id, h.slackUserId))!.id;
    }
    const created = await call<CreateTagAnswer>(admin, 'POST', '/onboarding/tags', { onboarding_tag: { name: 'Drill', flow_type: 'onboarding' } });
    tagId = created.tag.id;
    const primary = created.tag.roleIds[0]!;
    for (const p of plan) {
      const { event } = await call<{ event: ScheduleEventJson }>(admin, 'POST', `/onboarding/tags/${tagId}/events`, {
        onboarding_schedule_event: { kind: 'message', days_later: p.days_later, minute_in_day: p.minute_in_day, role: primary, title: `Step ${p.code}`, text: `Drill ${p.code} for {first_name}` },
      });
      events.set(p.code, event);
    }
    const sessions = new Map<string, SessionJson>();
    for (const h of hires) {
      const { session } = await call<{ session: SessionJson }>(admin, 'POST', `/onboarding/tags/${tagId}/sessions`, { start_date: h.startDate, memberships: [{ role_id: primary, user_id: h.memberId }] });
      expect(session.time_zone).toBe(h.tz);
      sessions.set(h.name, session);
    }
    await call(admin, 'PUT', `/onboarding/events/${events.get('C')!.id}`, { onboarding_schedule_event: { active: false } });
    const kiritimatiB = sessions.get('Kiritimati')!.session_events.find((e) => e.event_id === events.get('B')!.id)!;
    await call(admin, 'DELETE', `/onboarding/session_events/${kiritimatiB.id}`);

    // Moving one person's event by hand is checked like a generated one: Cairo's clocks skip 00:30 on Friday 24 April.
    const cairoE = sessions.get('Cairo')!.session_events.find((e) => e.event_id === events.get('E')!.id)!;
    const gap = await call<{ fields: Record<string, string> }>(admin, 'PUT', `/onboarding/session_events/${cairoE.id}`, { onboarding_session_event: { occurs_at: '2026-04-24T00:30' } }, 400);
    expect(gap.fields).toEqual({ occurs_at: '00:30 does not exist on Friday, April 24 in Cairo (the clocks go forward); choose 01:00 or later' });

    const dry = await call<DryRunAnswer>(admin, 'GET', `/onboarding/tags/${tagId}/dry_run?user_id=${hires.find((h) => h.name === 'Kiritimati')!.memberId}`);
    expect(dry.session_id).toBe(sessions.get('Kiritimati')!.id);
    expect(dry.items.map((i) => [codeOfEvent(i.event_id), i.state, i.note])).toEqual([
      ['A', 'pending', null],
      ['B', 'deleted', null],
      ['C', 'skipped', 'inactive'],
      ['D', 'pending', null],
      ['E', 'pending', null],
      ['F', 'pending', null],
    ]);
    // Apia's Saturday start begins on Monday, 09:00 in Apia (Sunday evening in UTC).
    const apia = await call<DryRunAnswer>(admin, 'GET', `/onboarding/tags/${tagId}/dry_run?user_id=${hires[0]!.memberId}`);
    expect(apia.items[0]).toMatchObject({ occurs_on: '2026-04-20', local_time: '09:00', at: '2026-04-19T20:00:00.000Z' });
  }, LONG);

  it('sends every message exactly once, at its local minute on the right work day, as the dry run read just before said', async () => {
    const moves = hires.filter((h) => h.moves).map((h) => ({ hire: h, ...h.moves! }));
    const seen = new Map(hires.map((h) => [h.slackUserId, botMessages(h).length]));
    expect([...seen.values()].every((n) => n === 0)).toBe(true);
    let sends = 0;
    for (let guard = 0; guard < 100; guard++) {
      const runs = await Promise.all(hires.map((h) => call<DryRunAnswer>(admin, 'GET', `/onboarding/tags/${tagId}/dry_run?user_id=${h.memberId}`)));
      const pending = runs.flatMap((r, i) => r.items.filter((it) => it.state === 'pending').map((item) => ({ hire: hires[i]!, item })));
      if (!pending.length) break;
      const next = pending.map((p) => p.item.at).sort()[0]!;
      const move = moves.find((m) => m.at < next);
      if (move) {
        // The zone moves before the next send: the pending events are re-timed at once (read the dry run again).
        await t.api('POST', '/sandbox/clock/advance', { to: move.at });
        await moveZone(move.hire, move.to);
        moves.splice(moves.indexOf(move), 1);
        continue;
      }
      const due = pending.filter((p) => p.item.at === next);
      await t.api('POST', '/sandbox/clock/advance', { to: next });
      await settle(t);
      // Exactly what the dry run said is due now went out, to each of them once, and nothing else.
      for (const h of hires) {
        const fresh = botMessages(h).slice(seen.get(h.slackUserId));
        seen.set(h.slackUserId, botMessages(h).length);
        const expected: DryRunItem[] = due.filter((d) => d.hire === h).map((d) => d.item);
        expect(fresh.map(codeOf), `${h.name} at ${next}`).toEqual(expected.map((i) => codeOfEvent(i.event_id)));
        for (const [k, m] of fresh.entries()) {
          const code = codeOf(m);
          const p = plan.find((x) => x.code === code)!;
          const tz = zoneNow.get(h.slackUserId)!;
          const date = workDay(h.startDate, p.days_later);
          const oracle = instantOf(date, p.minute_in_day, tz);
          // Sent at its local minute on its work day in the zone they are in now; the dry run said so too.
          expect(new Date(Number(m.ts) * 1000).toISOString(), `${h.name} ${code}`).toBe(oracle.toISOString());
          expect(expected[k]!.at).toBe(oracle.toISOString());
          expect(date.dayOfWeek).toBeLessThanOrEqual(5);
          sends++;
        }
      }
    }
    // Everyone got A, B, D, E and F once (Kiritimati no B); nobody got the deactivated C.
    for (const h of hires) {
      const codes = botMessages(h).map(codeOf).sort();
      expect(codes, h.name).toEqual(h.name === 'Kiritimati' ? ['A', 'D', 'E', 'F'] : ['A', 'B', 'D', 'E', 'F']);
    }
    expect(sends).toBe(8 * 5 - 1);
    // The edges, spelled out: Cairo's missing 00:30 went at 01:30 (after the gap), its doubled 23:45 at the first one.
    const cairo = await call<DryRunAnswer>(admin, 'GET', `/onboarding/tags/${tagId}/dry_run?user_id=${hires.at(-1)!.memberId}`);
    const at = (code: string) => cairo.items.find((i) => codeOfEvent(i.event_id) === code)!;
    expect(at('D')).toMatchObject({ state: 'sent', occurs_on: '2026-04-24', local_time: '01:30', at: '2026-04-23T22:30:00.000Z' });
    expect(at('F')).toMatchObject({ state: 'sent', occurs_on: '2026-10-29', local_time: '23:45', at: '2026-10-29T20:45:00.000Z' });
    // New York moved to Kathmandu before day 2: day 5 at 10:00 in Kathmandu, not New York's 10:00 (9 h 45 later).
    const mover = await call<DryRunAnswer>(admin, 'GET', `/onboarding/tags/${tagId}/dry_run?user_id=${hires[2]!.memberId}`);
    expect(mover.items.find((i) => codeOfEvent(i.event_id) === 'E')).toMatchObject({ state: 'sent', occurs_on: '2026-04-27', local_time: '10:00', time_zone: 'Asia/Kathmandu', at: '2026-04-27T04:15:00.000Z' });
  }, LONG);
});
