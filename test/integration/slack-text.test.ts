import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnrollmentSurveyJson } from '../../src/enrollment/api-types.js';
import type { CreateTagAnswer, ScheduleEventJson } from '../../src/journeys/api-types.js';
import { ACME } from '../../src/sandbox/seed.js';
import { signIn } from '../support/hearth.js';
import { dmWith, setPlan, settle, startSandboxHearth, type SandboxHearth } from '../support/sandbox-hearth.js';

const path = `${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'} + ${process.env.REDIS_URL ? 'BullMQ' : 'in-process queue'}`;
const TEAM = ACME.teamId;
const ADMIN = ACME.adminUserId;
const LENA = 'U0DEMO009';
const MAYA = 'U0DEMO013';

type Who = Awaited<ReturnType<typeof signIn>>;

/**
 * Text between people, Hearth and Slack (issue 27): what people type is escaped once on the way out and decoded once
 * on the way in, dates go out as Slack's date tokens, and a survey Slack could not show is refused (or, saved before
 * that rule, asked with a select).
 */
describe(`Text to and from Slack (${path})`, () => {
  let t: SandboxHearth;
  let admin: Who;
  const call: SandboxHearth['call'] = (...args) => t.call(...args);
  const botMessages = (userId: string) => t.sandbox.state.messageList(dmWith(t, userId)).filter((m) => m.bot_id);
  const wsId = async () => (await t.services.workspaces.byTeamId(TEAM))!.id;
  const memberId = async (slackUserId: string) => (await t.services.people.bySlackId(await wsId(), slackUserId))!.id;

  beforeAll(async () => {
    t = await startSandboxHearth();
    admin = await signIn(t, TEAM, ADMIN);
    await setPlan(t, TEAM, 'premium');
  });
  afterAll(() => t?.close());

  it('refuses a radio or checkbox question with more than 10 options, naming the field; one saved before is asked with a select, and its invitation dates with a token', async () => {
    const created = await call<CreateTagAnswer>(admin, 'POST', '/onboarding/tags', { onboarding_tag: { name: 'Mentoring', flow_type: 'onboarding' } });
    const tagId = created.tag.id;
    const primary = created.tag.roleIds[0]!;
    const options = Array.from({ length: 12 }, (_, i) => ({ text: `Area ${i + 1}` }));
    for (const input_type of ['radio', 'checkbox']) {
      const refused = await call<{ error: string; fields: Record<string, string> }>(admin, 'POST', `/onboarding/tags/${tagId}/enrollment_surveys`, { enrollment_survey: { name: 'Areas', role_enrollment_surveys: [{ role_id: primary, questions: [{ input_type, query: 'Which area?', options }] }] } }, 400);
      expect(refused.fields).toEqual({ 'enrollment_survey.role_enrollment_surveys.0.questions.0.options': 'can have at most 10 options (Slack shows no more)' });
    }
    const saved = await call<{ enrollment_survey: EnrollmentSurveyJson }>(admin, 'POST', `/onboarding/tags/${tagId}/enrollment_surveys`, {
      enrollment_survey: { name: 'Areas', role_enrollment_surveys: [{ role_id: primary, questions: [{ input_type: 'radio', query: 'Which area?', optional: false, options: options.slice(0, 10) }] }] },
    });
    // A survey saved before the rule: its question has 12 options.
    const surveyId = saved.enrollment_survey.id;
    const row = await t.services.db.selectFrom('enrollment_surveys').select('role_surveys').where('id', '=', surveyId).executeTakeFirstOrThrow();
    const roleSurveys = structuredClone(row.role_surveys);
    roleSurveys[0]!.questions[0]!.options = options;
    await t.services.db.updateTable('enrollment_surveys').set({ role_surveys: JSON.stringify(roleSurveys) }).where('id', '=', surveyId).execute();

    await call(admin, 'POST', `/onboarding/tags/${tagId}/enrollment_surveys/${surveyId}/share_to_slack_as_json`, { user_ids: [await memberId(MAYA)], start_date: '2026-12-07' });
    await settle(t);
    const [invite] = botMessages(MAYA);
    // Maya is in New York: noon of 7 December there, as a date token with the day written out as its fallback.
    expect(invite!.text).toContain(`starting <!date^${Date.UTC(2026, 11, 7, 17) / 1000}^{date_long}|Monday, December 7>.`);
    expect(JSON.stringify(invite)).not.toContain('2026-12-07');

    // The Answer button opens the modal (Slack refuses radio buttons with 12 options; a select takes them).
    await t.api('POST', '/sandbox/actions', { team_id: TEAM, user_id: MAYA, channel_id: dmWith(t, MAYA), message_ts: invite!.ts, action_id: 'enrollment_survey_open:0' });
    const modals = t.sandbox.state.modalStack(TEAM, MAYA);
    expect(modals).toHaveLength(1);
    const element = modals[0]!.blocks[0]!.element as { type: string; options: unknown[] };
    expect(element.type).toBe('static_select');
    expect(element.options).toHaveLength(12);
    await t.api('POST', '/sandbox/views/submit', { team_id: TEAM, user_id: MAYA, values: { q0: { answer: '11' } } });
    await settle(t);
    const submission = await t.services.db.selectFrom('enrollment_survey_submissions').select('answers').where('survey_id', '=', surveyId).executeTakeFirstOrThrow();
    expect(submission.answers).toEqual({ '0': 'Area 12' });
  });

  it("escapes what an admin typed in a journey message once, fills names before escaping, and turns Hearth's syntax into mentions and links", async () => {
    const created = await call<CreateTagAnswer>(admin, 'POST', '/onboarding/tags', { onboarding_tag: { name: 'R&D <onboarding>', flow_type: 'onboarding' } });
    const event = (
      await call<{ event: ScheduleEventJson }>(admin, 'POST', `/onboarding/tags/${created.tag.id}/events`, {
        onboarding_schedule_event: { kind: 'message', days_later: 0, minute_in_day: 600, role: created.tag.roleIds[0], title: 'Hi', text: 'Hi {first_name} <script>& <!channel> — ask {@U0DEMO009}, read [the guide](https://example.com/g?a=1&b=2)' },
      })
    ).event;
    const before = botMessages(ADMIN).length;
    await call(admin, 'POST', `/onboarding/tags/${created.tag.id}/events/${event.id}/send_test`);
    await settle(t);
    const sent = botMessages(ADMIN).slice(before);
    expect(sent).toHaveLength(1);
    const blocks = JSON.stringify(sent[0]!.blocks);
    expect(blocks).toContain('Hi Alex &lt;script&gt;&amp; &lt;!channel&gt; — ask <@U0DEMO009>, read <https://example.com/g?a=1&amp;b=2|the guide>');
    expect(blocks).toContain('*R&amp;D &lt;onboarding&gt;*');
    expect(blocks).not.toContain('&amp;amp;');
    expect(blocks).not.toContain('&amp;lt;');
    expect(sent[0]!.text).toContain('Hi Alex &lt;script&gt;&amp;');
  });

  it('decodes a slash command once: a shoutout "for R&D <3" is kept as typed and posted escaped once', async () => {
    await call(admin, 'POST', '/shoutouts/activate');
    await call(admin, 'POST', '/shoutouts/announce', { channels: [ACME.channels.general], text: 'Shoutouts & thanks: see [the rules](https://example.com/r) {@here}' });
    await settle(t);
    const general = () => t.sandbox.state.messageList(ACME.channels.general).filter((m) => m.bot_id);
    expect(general().some((m) => m.text === 'Shoutouts &amp; thanks: see <https://example.com/r|the rules> <!here>')).toBe(true);

    await t.api('POST', '/sandbox/commands', { team_id: TEAM, user_id: ADMIN, channel_id: ACME.channels.general, text: 'shoutout @lena.fischer 5 for R&D <3' });
    await settle(t);
    const shoutout = await t.services.db.selectFrom('shoutouts').select('message').where('workspace_id', '=', await wsId()).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(shoutout.message).toBe('R&D <3');
    const post = general().find((m) => m.text.includes(`gave <@${LENA}>`))!;
    expect(post.text).toContain('for R&amp;D &lt;3');
    expect(JSON.stringify(post.blocks)).toContain('> R&amp;D &lt;3');
    expect(JSON.stringify(post)).not.toContain('&amp;amp;');
  });
});
