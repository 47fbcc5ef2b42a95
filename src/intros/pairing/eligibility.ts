import { formatCalendarDate } from '../../slack/dates.js';
import { parseLocalDate } from '../../time/zoned.js';

/** The member fields that decide whether someone takes part in a round. */
export interface MemberForEligibility {
  id: string;
  isBot?: boolean;
  /** Deactivated in Slack. */
  deleted?: boolean;
  /** External (Slack Connect) member. */
  isExternal?: boolean;
  /** Local date (YYYY-MM-DD) the member is back from a snooze; snoozed on the days before it. */
  snoozedUntil?: string | null;
  optedOut?: boolean;
  /** Marked as a ghost: no longer taking part (e.g. never answers), until they come back. */
  ghost?: boolean;
}

export type ExclusionReason = 'deactivated' | 'bot' | 'external' | 'ghost' | 'opted_out' | 'snoozed';

export interface EligibilityResult {
  eligible: string[];
  excluded: Array<{ id: string; reason: ExclusionReason; why: string }>;
}

/**
 * Who may be grouped today. The first matching rule names the reason; order: deactivated, bot, external,
 * ghost, opted out, snoozed. Duplicate ids count once (first occurrence). `today` is the program's local
 * date as YYYY-MM-DD.
 */
export function eligibleCandidates(
  members: readonly MemberForEligibility[],
  context: { today: string },
): EligibilityResult {
  const today = localDate(context.today, 'today');
  const eligible: string[] = [];
  const excluded: EligibilityResult['excluded'] = [];
  const seen = new Set<string>();
  for (const member of members) {
    if (seen.has(member.id)) continue;
    seen.add(member.id);
    const exclusion = exclusionOf(member, today);
    if (exclusion === null) eligible.push(member.id);
    else excluded.push({ id: member.id, ...exclusion });
  }
  return { eligible, excluded };
}

function exclusionOf(member: MemberForEligibility, today: string): { reason: ExclusionReason; why: string } | null {
  if (member.deleted) return { reason: 'deactivated', why: 'Deactivated in Slack' };
  if (member.isBot) return { reason: 'bot', why: 'Bots are never paired' };
  if (member.isExternal) return { reason: 'external', why: 'External (Slack Connect) members are never paired' };
  if (member.ghost) return { reason: 'ghost', why: 'Marked as a ghost' };
  if (member.optedOut) return { reason: 'opted_out', why: 'Opted out of intros' };
  if (member.snoozedUntil) {
    const until = localDate(member.snoozedUntil, `snoozedUntil of ${member.id}`);
    if (today < until) return { reason: 'snoozed', why: `Snoozed until ${formatCalendarDate(parseLocalDate(until), { short: true })}` };
  }
  return null;
}

// Accepts YYYY-MM-DD (or an ISO timestamp, whose date part is used); compared as strings.
function localDate(value: string, what: string): string {
  const date = value.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`${what} must be a YYYY-MM-DD date, got "${value}"`);
  return date;
}
