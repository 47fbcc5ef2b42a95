import type { KnownBlock, View } from '@slack/types';
import type { ViewStateValues } from '../slack/view-values.js';

export const PREFS_ACTION = 'intros_open_preferences';
export const PREFS_MODAL = { callbackId: 'intros_preferences_modal' } as const;

const plain = (text: string) => ({ type: 'plain_text' as const, text, emoji: true });

/** The Home tab's button under the Intros section. */
export function preferencesButton(): KnownBlock {
  return { type: 'actions', block_id: 'intros_home_preferences', elements: [{ type: 'button', action_id: PREFS_ACTION, text: plain('Snooze & avoid list'), value: 'preferences' }] };
}

/** Snooze every Intros program until a date, and the confidential avoid list (journeys.md §7). */
export function preferencesModal(input: { snoozedUntil: string | null; avoided: string[]; tomorrow: string }): View {
  return {
    type: 'modal',
    callback_id: PREFS_MODAL.callbackId,
    title: plain('Intros preferences'),
    submit: plain('Save'),
    close: plain('Cancel'),
    blocks: [
      {
        type: 'input',
        block_id: 'snooze',
        optional: true,
        label: plain('Snooze all my intros until'),
        hint: plain('Leave empty to be in every round.'),
        element: { type: 'datepicker', action_id: 'date', ...(input.snoozedUntil ? { initial_date: input.snoozedUntil } : {}) },
      },
      {
        type: 'input',
        block_id: 'avoid',
        optional: true,
        label: plain('Never pair me with'),
        hint: plain('Private to you: nobody else sees this list, including the people on it.'),
        element: { type: 'multi_users_select', action_id: 'users', max_selected_items: 50, ...(input.avoided.length ? { initial_users: input.avoided } : {}) },
      },
    ],
  };
}


/** A pure check of the submission (Slack shows errors only in the ack). `today` is the earliest "today" on Earth. */
export function readPreferences(values: ViewStateValues, earliestToday: string, userId: string): { ok: true; value: { until: string | null; avoided: string[] } } | { ok: false; errors: Record<string, string> } {
  const until = values.snooze?.date?.selected_date ?? null;
  const avoided = values.avoid?.users?.selected_users ?? [];
  if (until !== null && until <= earliestToday) return { ok: false, errors: { snooze: 'Choose a day after today.' } };
  if (avoided.includes(userId)) return { ok: false, errors: { avoid: 'You cannot avoid yourself.' } };
  return { ok: true, value: { until, avoided } };
}
