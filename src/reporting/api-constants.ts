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

/** The success toast after asking for the CSV report (shown 10 s, journeys.md §9). */
export const CSV_REPORT_TOAST = 'Your report is being generated. We will send the CSV to you in a Slack DM.';
export const CSV_REPORT_TOAST_MS = 10_000;
