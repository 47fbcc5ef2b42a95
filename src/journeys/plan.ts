// Which zones a session event is timed in, and when it is due: the one place the sender, the session-event
// generator and the dry run turn a journey event into local dates and instants (through schedule.ts).
import type { JourneyEvent } from './tables.js';
import { earliestInstant, localInstant, occurrence } from './schedule.js';

/** A session as far as timing goes (a real one, or the dry run's hypothetical one). */
export interface TimedSession {
  start_date: string;
  time_zone: string;
  time_zone_source: 'sync' | 'explicit' | string;
  participant_member_id: number | null;
  /** Each membership's role, member and that member's Slack zone. */
  zones: ReadonlyArray<{ role_id: number; member_id: number | null; tz: string | null }>;
}

/** A recipient's zone: the session's zone for the participant when it was set explicitly, else their Slack zone. */
export function zoneOf(session: Pick<TimedSession, 'time_zone' | 'time_zone_source' | 'participant_member_id'>, memberId: number | null, memberTz: string | null): string {
  if (memberId !== null && memberId === session.participant_member_id && session.time_zone_source === 'explicit') return session.time_zone;
  return memberTz ?? session.time_zone;
}

/** The zones a journey event's recipients are in (the session's own zone for channel posts and unfilled roles). */
export function recipientZones(session: TimedSession, event: Pick<JourneyEvent, 'recipient_type' | 'role_id'>): string[] {
  if (event.recipient_type === 'role' && event.role_id !== null) {
    const zones = session.zones.filter((z) => z.role_id === event.role_id && z.member_id !== null).map((z) => zoneOf(session, z.member_id, z.tz));
    if (zones.length) return [...new Set(zones)];
  }
  return [session.time_zone];
}

export interface Timing {
  occursOn: string;
  minuteInDay: number;
  /** The earliest recipient's instant: when the session event is first due. */
  dueAt: Date;
  zones: string[];
}

/** When a journey event happens for a session: its work day from the start date, at its minute, per recipient zone. */
export function timingOf(session: TimedSession, event: Pick<JourneyEvent, 'recipient_type' | 'role_id' | 'days_later' | 'minute_in_day'>): Timing {
  const zones = recipientZones(session, event);
  const { occursOn } = occurrence(session.start_date, event.days_later, event.minute_in_day, zones[0]!);
  return { occursOn, minuteInDay: event.minute_in_day, dueAt: earliestInstant(occursOn, event.minute_in_day, zones), zones };
}

/**
 * The timing table of generating session events (sessions.repository.ts reads it in SQL): each start date's work
 * day for each days_later (`"start|days_later"` → date), and each of those days' minute as an instant in each zone
 * (`"date|minute|zone"` → ISO instant).
 */
export interface TimingTable {
  days: Record<string, string>;
  instants: Record<string, string>;
}

/** For the (start date, zone) pairs sessions are timed in, every event's work day and instant, by `occurrence`. */
export function timingTable(keys: ReadonlyArray<{ start_date: string; tz: string }>, events: ReadonlyArray<Pick<JourneyEvent, 'days_later' | 'minute_in_day'>>): TimingTable {
  const table: TimingTable = { days: {}, instants: {} };
  for (const k of keys)
    for (const e of events) {
      const o = occurrence(k.start_date, e.days_later, e.minute_in_day, k.tz);
      table.days[`${k.start_date}|${e.days_later}`] = o.occursOn;
      table.instants[`${o.occursOn}|${e.minute_in_day}|${k.tz}`] = o.at.toISOString();
    }
  return table;
}

/** A moved session event: its own local date and minute, due at the earliest recipient's instant. */
export function movedTiming(occursOn: string, minuteInDay: number, zones: readonly string[]): Date {
  return earliestInstant(occursOn, minuteInDay, zones);
}

export { localInstant };
