import type { KnownBlock, View } from '@slack/types';
import type { MyPreferencesJson } from './api-types.js';
import type { ViewStateValues } from '../slack/view-values.js';

export const MEMBER_ACTIONS = { openProfile: 'members_open_profile', openSettings: 'members_open_settings' } as const;
export const PROFILE_MODAL = { callbackId: 'members_profile_modal' } as const;

const plain = (text: string) => ({ type: 'plain_text' as const, text: text.slice(0, 150), emoji: true });

/** The Home tab section: what the member has set, and a button to change it. */
export function profileHomeSection(prefs: MyPreferencesJson, settingsUrl: string): KnownBlock[] {
  const filled = prefs.user_profile_entries.length;
  const facts = [
    filled ? `${filled} of ${prefs.profile_fields.length} profile fields filled in` : 'Your profile is empty: tell your teammates a little about you',
    prefs.manager ? `Manager: ${prefs.manager.name}` : null,
    prefs.work_hours ? `Working hours: ${prefs.work_hours.beginning_time}–${prefs.work_hours.end_time}` : null,
  ].filter(Boolean);
  return [
    { type: 'header', text: plain('🙋 Your profile') },
    { type: 'section', text: { type: 'mrkdwn', text: facts.join('\n') } },
    {
      type: 'actions',
      block_id: 'members_home',
      elements: [
        { type: 'button', action_id: MEMBER_ACTIONS.openProfile, text: plain('Edit profile'), value: 'profile' },
        { type: 'button', action_id: MEMBER_ACTIONS.openSettings, text: plain('All settings'), url: settingsUrl },
      ],
    },
  ];
}

/** The profile modal: entries, manager and working hours, with what is on file filled in. */
export function profileModal(prefs: MyPreferencesJson): View {
  const blocks: KnownBlock[] = prefs.profile_fields.map((f) => {
    const current = prefs.user_profile_entries.find((e) => e.field === f.id)?.text;
    return {
      type: 'input',
      block_id: `field_${f.id}`,
      optional: true,
      label: plain(f.label),
      element: { type: 'plain_text_input', action_id: 'text', max_length: 500, placeholder: plain(f.placeholder), ...(current ? { initial_value: current } : {}) },
    };
  });
  blocks.push(
    { type: 'input', block_id: 'manager', optional: true, label: plain('Your manager'), element: { type: 'users_select', action_id: 'user', ...(prefs.manager ? { initial_user: prefs.manager.slack_user_id } : {}) } },
    { type: 'input', block_id: 'hours_from', optional: true, label: plain('Working hours: from'), element: { type: 'timepicker', action_id: 'time', ...(prefs.work_hours ? { initial_time: prefs.work_hours.beginning_time } : {}) } },
    { type: 'input', block_id: 'hours_to', optional: true, label: plain('Working hours: to'), element: { type: 'timepicker', action_id: 'time', ...(prefs.work_hours ? { initial_time: prefs.work_hours.end_time } : {}) } },
  );
  return { type: 'modal', callback_id: PROFILE_MODAL.callbackId, title: plain('Your profile'), submit: plain('Save'), close: plain('Cancel'), blocks };
}


export interface ProfileSubmission {
  entries: Array<{ field: number; text: string }>;
  managerSlackId: string | null;
  hours: { beginning_time: string; end_time: string } | null;
}

/** Reads the modal (a pure check: Slack shows errors only in the ack). */
export function readProfileSubmission(values: ViewStateValues, fieldIds: readonly number[]): { ok: true; value: ProfileSubmission } | { ok: false; errors: Record<string, string> } {
  const entries = fieldIds.map((id) => ({ field: id, text: (values[`field_${id}`]?.text?.value ?? '').trim() }));
  const from = values.hours_from?.time?.selected_time ?? null;
  const to = values.hours_to?.time?.selected_time ?? null;
  if ((from === null) !== (to === null)) return { ok: false, errors: { [from === null ? 'hours_from' : 'hours_to']: 'Give both times, or neither.' } };
  if (from !== null && to !== null && to <= from) return { ok: false, errors: { hours_to: 'Must be after the beginning time.' } };
  return { ok: true, value: { entries, managerSlackId: values.manager?.user?.selected_user ?? null, hours: from !== null && to !== null ? { beginning_time: from, end_time: to } : null } };
}
