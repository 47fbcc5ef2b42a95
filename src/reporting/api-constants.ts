/** Reporting's stat lists, labels and texts that the pages share with the server (no zod here: the pages load this file). */
import type { StatName } from './stats.js';

/** Which stats are states (a count now) and which are rates (done of sent): the server's lists, for the page too. */
export { RATE_STATS, STAT_NAMES, STATE_STATS } from './stats.js';

/** The periods the attention-required and Intros feedback pages offer, their words, and the default of each. */
export { DEFAULT_FEEDBACK_DATE_WINDOW, DEFAULT_ISSUE_DATE_WINDOW, FEEDBACK_DATE_WINDOWS, FEEDBACK_WINDOW_LABELS, ISSUE_DATE_WINDOWS, ISSUE_WINDOW_LABELS } from './stats.js';

/** Each stat's name on the page and in the CSV report. */
export const STAT_LABELS: Record<StatName, string> = {
  active_users: 'Active users',
  onboarding_sessions_created: 'Onboarding sessions created',
  nonboarding_sessions_created: 'Other journey sessions created',
  active_session_members: 'Active session members',
  poll_interactions_completed: 'Poll interactions completed',
  task_assignments_completed: 'Task assignments completed',
  coffee_meetings_completed: 'Intros meetings completed',
  active_programs: 'Active programs',
  celebration_events_sent: 'Celebrations sent',
  watercooler_prompt_events_sent: 'Watercooler prompts sent',
};

/** What each stat counts, in the words of API.md's table, shown under its name so every number can be explained. */
export const STAT_DEFINITIONS: Record<StatName, string> = {
  active_users:
    'People reached by a journey message or who did a task or poll, met in Intros, replied to Watercooler, gave a shoutout or redeemed a reward. Each period counts its people; the total counts each person once.',
  onboarding_sessions_created: 'People put on an onboarding journey (test runs not counted).',
  nonboarding_sessions_created: 'People put on any other kind of journey (test runs not counted).',
  active_session_members: 'People on a journey they have not finished, at the end of each day.',
  poll_interactions_completed: 'Journey poll answers, out of the people the polls were sent to.',
  task_assignments_completed: 'Journey tasks marked done, out of the tasks assigned.',
  coffee_meetings_completed: 'Intros meetings someone said happened.',
  active_programs: 'Intros, Watercooler and Celebrations programs not paused, plus journeys with someone on them, at the end of each day.',
  celebration_events_sent: 'Celebration posts (one post may celebrate several people).',
  watercooler_prompt_events_sent: 'Watercooler prompts posted.',
};

/** The success toast after asking for the CSV report (shown 10 s, journeys.md §9). */
export const CSV_REPORT_TOAST = 'Your report is being generated. We will send the CSV to you in a Slack DM.';
export const CSV_REPORT_TOAST_MS = 10_000;
