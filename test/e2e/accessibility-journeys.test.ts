import type { BatchesAnswer } from '../../src/enrollment/api-types.js';
import type { CreateTagAnswer, PresetAnswer, TagDetail } from '../../src/journeys/api-types.js';
import { ACME } from '../../src/sandbox/seed.js';
import { accessibilitySuite } from '../support/a11y.js';

const TEAM = ACME.teamId;
const MENTEE = 'U0DEMO014';

/**
 * The journeys' pages (test/support/a11y.ts says what each test checks), with real data made through the API: an
 * onboarding journey with a message switched off, Jonas's session and a manual enrollment batch, a mentorship journey (the participants
 * flow) open to self-enrollment with a survey one member answered in Slack, and a preset of the workspace's own.
 */
accessibilitySuite('journeys, presets and enrollment', {
  data: async ({ t, app, memberId, settle }) => {
    const onboarding = await app<CreateTagAnswer>('POST', '/onboarding/tags', { channel_id: ACME.channels.general, onboarding_tag: { name: 'Acme onboarding', flow_type: 'onboarding', preset_bundle_id: 1 } });
    const tag = onboarding.tag.id;
    const primary = onboarding.new_roles.find((r) => r.purpose === 'primary')!.id;
    const session = await app<{ session: { id: number } }>('POST', `/onboarding/tags/${tag}/sessions`, { start_date: '2026-03-03', memberships: [{ role_id: primary, user_id: await memberId('U0DEMO010') }] });
    // One of its messages switched off: the schedule, the list and the session show it faded.
    const { events } = await app<TagDetail>('GET', `/onboarding/tags/${tag}`);
    await app('PUT', `/onboarding/events/${events[0]!.id}`, { onboarding_schedule_event: { active: false } });
    const { status_id } = await app<{ status_id: number }>('POST', `/onboarding/tags/${tag}/manual_enrollment`, {
      sessions: [{ start_date: '2026-03-16', tag_ids: [tag], time_zone: { label: 'Import from Slack', value: 'sync' }, memberships: [{ role_id: primary, user_id: await memberId('U0DEMO008') }] }],
      session_ids_to_delete: [],
    });

    const mentoring = await app<CreateTagAnswer>('POST', '/onboarding/tags', { onboarding_tag: { name: 'Mentoring', flow_type: 'mentorship' } });
    const mentor = mentoring.tag.id;
    await app('POST', `/participants/tags/${mentor}/events`, { onboarding_schedule_event: { kind: 'message', days_later: 0, minute_in_day: 600, role: mentoring.tag.roleIds[0], title: 'Hello', text: 'Welcome to Mentoring, {first_name}!' } });
    await app('PUT', `/participants/tags/${mentor}/self_enroll_settings`, { enabled: true });
    const question = { input_type: 'radio', query: 'Which area?', optional: false, options: [{ text: 'Backend' }, { text: 'Frontend' }] };
    const { enrollment_survey: survey } = await app<{ enrollment_survey: { id: number } }>('POST', `/participants/tags/${mentor}/enrollment_surveys`, {
      enrollment_survey: { name: 'Mentoring 2026', role_enrollment_surveys: [{ role_id: mentoring.tag.roleIds[0], questions: [question] }] },
    });
    await app('POST', `/participants/tags/${mentor}/enrollment_surveys/${survey.id}/share_to_slack_as_json`, { channel_ids: [], user_ids: [await memberId(MENTEE)], start_date: '2026-03-09' });
    await settle();
    // The mentee answers in Slack: opens the invitation's form and picks Backend.
    const dm = t.sandbox.state.openConversation(TEAM, ACME.botUserId, [MENTEE]).channel.id;
    const invite = t.sandbox.state.messageList(dm).find((m) => m.bot_id)!;
    await t.api('POST', '/sandbox/actions', { team_id: TEAM, user_id: MENTEE, channel_id: dm, message_ts: invite.ts, action_id: 'enrollment_survey_open:0' });
    await t.api('POST', '/sandbox/views/submit', { team_id: TEAM, user_id: MENTEE, values: { q0: { answer: '0' } } });

    const preset = await app<PresetAnswer>('POST', '/onboarding/presets', {
      preset: {
        name: 'Our security basics',
        description: 'Laptop, passwords and the security training.',
        category_id: 2,
        flow_types: ['onboarding'],
        events: [
          { kind: 'message', days_later: 0, minute_in_day: 600, recipient: 'primary', title: 'Security, {first_name}', text: 'Welcome {first_name}! Set up your password manager today.' },
          { kind: 'poll', days_later: 2, minute_in_day: 540, recipient: 'manager', title: 'Laptop ready?', text: 'Was the laptop ready on day one?', poll_options: ['Yes', 'No'] },
        ],
      },
    });
    await settle();
    const { batches } = await app<BatchesAnswer>('GET', '/onboarding/batches');
    return { tag, session: session.session.id, status: status_id, batch: batches[0]!.id, mentor, survey: survey.id, preset: preset.preset.id, presetEvent: preset.preset.events[1]!.id };
  },
  pages: [
    ['journey home', () => '/onboarding'],
    ['action items', () => '/onboarding/action_items'],
    ['journeys', () => '/onboarding/tags'],
    ['participant journeys', () => '/participants/tags'],
    ['journey schedule', (i) => `/onboarding/tags/${i.tag}`],
    ['journey schedule list', (i) => `/onboarding/tags/${i.tag}?view=list`],
    ['journey roles', (i) => `/onboarding/tags/${i.tag}?tab=roles`],
    ['journey people', (i) => `/onboarding/tags/${i.tag}?tab=people`],
    ['journey dry run', (i) => `/onboarding/tags/${i.tag}?tab=dry_run`],
    ['journey enrollment', (i) => `/onboarding/tags/${i.tag}?tab=enrollment`],
    ['mentorship journey', (i) => `/participants/tags/${i.mentor}`],
    ['site preview', (i) => `/onboarding/tags/${i.tag}/site`],
    ['hub editor', (i) => `/onboarding/tags/${i.tag}/site/edit`],
    ['session site', (i) => `/site/${i.session}`],
    ['preset categories', () => '/onboarding/preset_categories'],
    ['preset category', () => '/onboarding/preset_categories/2'],
    ['presets', () => '/onboarding/presets'],
    ['new preset', () => '/onboarding/presets/new'],
    ['preset', (i) => `/onboarding/presets/${i.preset}`],
    ['preset event', (i) => `/onboarding/presets/${i.preset}/events/${i.presetEvent}`],
    ['journey presets', (i) => `/onboarding/tags/${i.tag}/presets`],
    ['journey preset', (i) => `/onboarding/tags/${i.tag}/presets/${i.preset}`],
    ['enrollment rules', () => '/onboarding/tags/enrollment'],
    ['manual enrollment', () => '/onboarding/manual_enrollment'],
    ['journey manual enrollment', (i) => `/onboarding/tags/${i.tag}/manual_enrollment`],
    ['batches', () => '/onboarding/batches'],
    ['batch', (i) => `/onboarding/batches/${i.batch}`],
    ['journey batch status', (i) => `/onboarding/tags/${i.tag}/batches?manual_enrollment_status_id=${i.status}`],
    ['journey batch', (i) => `/onboarding/tags/${i.tag}/batches/${i.batch}`],
    ['new survey', (i) => `/participants/tags/${i.mentor}/enrollment_surveys/new`],
    ['survey', (i) => `/participants/tags/${i.mentor}/enrollment_surveys/${i.survey}`],
    ['survey responses', (i) => `/participants/tags/${i.mentor}/enrollment_surveys/${i.survey}/responses`],
    ['join', (i) => `/participants/tags/${i.mentor}/join`],
  ],
});
