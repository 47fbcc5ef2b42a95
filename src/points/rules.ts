import { celebrationPosted } from '../celebrations/events.js';
import { introGroupCreated, introMet } from '../intros/events.js';
import { journeyPollAnswered, journeyTaskCompleted } from '../journeys/events.js';
import type { DomainEvent, EventType } from '../platform/events/define.js';
import type { GiftCardOption } from './api-types.js';
export { nextSort } from './api-types.js';

/** A way to earn points, configurable per workspace (points_programs.rules[key]; 0 turns it off). */
export interface EarningRule {
  key: string;
  label: string;
  defaultPoints: number;
}

export const EARNING_RULES: readonly EarningRule[] = [
  { key: 'intro_met', label: 'Met their intro', defaultPoints: 10 },
  { key: 'birthday', label: 'Birthday celebrated', defaultPoints: 25 },
  { key: 'anniversary', label: 'Work anniversary celebrated', defaultPoints: 50 },
  { key: 'task_completed', label: 'Completed a journey task', defaultPoints: 5 },
  { key: 'poll_answered', label: 'Answered a journey poll', defaultPoints: 2 },
];

/** What one event earns one member: the rule, and the ledger key that makes it pay once however often it is seen. */
export interface Award {
  rule: string;
  memberId: number;
  sourceKey: string;
}

/** What a rule may look up while deciding who earns (reads of Points' own tables). */
export interface AwardLookups {
  introGroup(meetingId: number): Promise<number[] | undefined>;
}

/** One row of the earning table: the domain event it listens to and who earns what for it. */
export interface EventRule {
  event: EventType<never> | EventType<unknown>;
  awards(event: DomainEvent, lookups: AwardLookups): Promise<Award[]> | Award[];
}

/**
 * The earning table, keyed by domain-event name. Points subscribes to exactly these events. Adding an event is
 * one row here and its rule in EARNING_RULES.
 */
export const EVENT_RULES: Record<string, EventRule> = {
  // Every member of the group earns once per meeting, whoever answered and however often it is re-answered.
  [introMet.type]: {
    event: introMet,
    async awards(e, lookups) {
      if (!introMet.is(e)) return [];
      const members = (await lookups.introGroup(e.payload.meetingId)) ?? [e.payload.memberId];
      return members.map((memberId) => ({ rule: 'intro_met', memberId, sourceKey: `intro_met:${e.payload.meetingId}:${memberId}` }));
    },
  },
  // Milestones: a birthday or anniversary pays once a year per member, however many programs celebrate it.
  [celebrationPosted.type]: {
    event: celebrationPosted,
    awards(e) {
      if (!celebrationPosted.is(e) || e.payload.kind === 'custom') return [];
      const { kind, runOn } = e.payload;
      return e.payload.memberIds.map((memberId) => ({ rule: kind, memberId, sourceKey: `${kind}:${runOn.slice(0, 4)}:${memberId}` }));
    },
  },

  // Journeys: a task pays once when it is first completed (from Slack or the site), a poll once when first answered.
  [journeyTaskCompleted.type]: {
    event: journeyTaskCompleted,
    awards: (e) => (journeyTaskCompleted.is(e) ? [{ rule: 'task_completed', memberId: e.payload.memberId, sourceKey: `task_completed:${e.payload.taskAssignmentId}` }] : []),
  },
  [journeyPollAnswered.type]: {
    event: journeyPollAnswered,
    awards: (e) => (journeyPollAnswered.is(e) ? [{ rule: 'poll_answered', memberId: e.payload.memberId, sourceKey: `poll_answered:${e.payload.pollResponseId}` }] : []),
  },
};

/** Events Points records for the rules' own lookups (not earnings). */
export const GROUP_EVENT = introGroupCreated;

/** The points a rule pays in a workspace: its configured number, else its default. */
export function rulePoints(configured: Record<string, number>, key: string): number {
  const value = configured[key];
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  return EARNING_RULES.find((r) => r.key === key)?.defaultPoints ?? 0;
}

/**
 * The anti-abuse daily cap: how much of `requested` may still be earned today, when `earnedToday` was earned
 * already in the member's local day.
 */
export function capAward(requested: number, earnedToday: number, dailyCap: number): number {
  return Math.max(0, Math.min(requested, dailyCap - earnedToday));
}

/** journeys.md §9: gift-card points convert to dollars through gift_card_options; unknown amounts are refused. */
export function dollarsFor(points: number, options: readonly GiftCardOption[]): number | undefined {
  return options.find((o) => o.points === points)?.dollars;
}

/**
 * "@ana 10 for the great demo" → who, how many, why. With escaping on Slack sends mentions as <@U…> or
 * <@U…|name>; without it (the manifest's should_escape: false) as the plain @handle.
 */
export function parseShoutoutText(text: string): { target: { slackId: string } | { handle: string }; points: number; message: string } | { error: string } {
  const m = /^\s*(?:<@([UW][A-Z0-9]+)(?:\|[^>]*)?>|@([^\s<>]+))\s+(\d{1,7})\s+(?:(?:for|because)\s+)?([\s\S]*\S)\s*$/i.exec(text);
  if (!m) return { error: 'Try `/hearth shoutout @someone 10 for helping with the launch`.' };
  const points = Number(m[3]);
  if (points <= 0) return { error: 'A shoutout gives at least 1 point.' };
  return { target: m[1] ? { slackId: m[1] } : { handle: m[2]! }, points, message: m[4]! };
}

/** The local month of a local date ('2026-03-02' → '2026-03'): allowances renew each local month. */
export const monthOf = (localDate: string): string => localDate.slice(0, 7);
