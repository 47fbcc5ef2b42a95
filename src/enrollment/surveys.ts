import type { AuthContext } from '../http/auth.js';
import { badRequest, HttpError } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { maxWeightMatching, type WeightedEdge } from '../intros/public.js';
import { requireFlow, requireJourney, type JourneysPublic, type JourneyTag } from '../journeys/public.js';
import { hasAccess, requireAccess, type AccessMode, type AccessPolicy } from '../platform/access.js';
import type { EnrollmentSurveyJson, EnrollmentSurveyListItem, Flow, PresetSurveyJson, RoleSurvey, SurveyQuestion, SurveyResponsesAnswer } from './api-types.js';
import { readAnswers, surveyAnswered, surveyInvitation, surveyModal } from './blocks.js';
import type { ViewStateValues } from '../slack/view-values.js';

import type { EnrollmentDeps } from './deps.js';
import type { Enroller } from './enroller.js';
import type { EnrollmentRepository } from './repository.js';
import { matchesBody, shareBody, surveyBody, type EnrollmentSurveyBody } from './schema.js';
import { surveyProblems } from './survey-rules.js';
import type { EnrollmentSurvey, EnrollmentSurveySubmission } from './tables.js';

/** A survey with its journey. */
export interface SurveyOf {
  survey: EnrollmentSurvey;
  tag: JourneyTag;
}

/** A survey in a path: `/{flow}/tags/{id}/enrollment_surveys/{surveyId}`. */
export interface SurveyPath {
  flow: Flow;
  id: number;
  surveyId: number;
}

/** The Slack message a button was clicked in. */
type SlackOrigin = { channel: string; ts: string };

const q = (query: string, input_type: SurveyQuestion['input_type'], options: string[] = [], optional = false): SurveyQuestion => ({ input_type, query, collect_feedback: false, optional, options: options.map((text) => ({ text })) });
const GOALS = ['Grow as a leader', 'Learn a new skill', 'Navigate the company', 'Career growth'];
const AREAS = ['Engineering', 'Product', 'Design', 'Sales', 'Operations'];

/** GET /onboarding/preset_enrollment_surveys/index_as_json: ready-made surveys to start from. */
export const PRESET_SURVEYS: readonly PresetSurveyJson[] = [
  {
    key: 'mentorship',
    name: 'Mentorship matching',
    role_enrollment_surveys: [
      { role_purpose: 'primary', questions: [q('What would you like help with?', 'checkbox', GOALS), q('Which area do you work in?', 'radio', AREAS), q('Anything a mentor should know?', 'text', [], true)] },
      { role_purpose: 'mentor', questions: [q('What can you help with?', 'checkbox', GOALS), q('Which area do you work in?', 'radio', AREAS), q('Anything a mentee should know?', 'text', [], true)] },
    ],
  },
  {
    key: 'training_signup',
    name: 'Training sign-up',
    role_enrollment_surveys: [{ role_purpose: 'primary', questions: [q('How experienced are you with the topic?', 'radio', ['New to it', 'Some experience', 'Experienced']), q('What do you hope to learn?', 'text', [], true)] }],
  },
];

/**
 * Enrollment surveys (programs.md §3–§5, §7): a journey's survey of one or two role surveys, shared to Slack as a
 * DM whose button opens a modal people answer. Answering for the first role enrols the person (their session in
 * the same transaction); answers for the second role (mentors) wait to be matched, and matching uses the Intros
 * pairing engine's maximum-weight matching on shared answers.
 */
export class EnrollmentSurveys {
  constructor(
    private readonly s: Pick<EnrollmentDeps, 'clock' | 'events' | 'outbox' | 'channels' | 'people'>,
    private readonly journeys: JourneysPublic,
    private readonly repo: EnrollmentRepository,
    private readonly enroller: Enroller,
  ) {}

  /**
   * A journey's survey: every member sees it (it is shared to them); those who may change the journey change it,
   * share it, and see and match its responses (people's answers are not every member's to read).
   */
  readonly policy: AccessPolicy<SurveyOf> = {
    load: async (workspaceId, id) => {
      const survey = await this.repo.survey(workspaceId, id);
      const tag = survey && (await this.journeys.tag(workspaceId, survey.tag_id));
      return survey && tag ? { survey, tag } : undefined;
    },
    canEdit: (auth, { tag }) => hasAccess(auth, this.journeys.policy, tag, 'edit'),
    forbidden: "Only this journey's owner, its permission users and workspace admins can change its surveys",
  };

  /** The survey in the path, if this member may `mode` it (under another journey or flow it is not found). */
  private async surveyOf(auth: AuthContext, path: SurveyPath, mode: AccessMode): Promise<SurveyOf> {
    const of = await requireAccess(auth, this.policy, path.surveyId, mode);
    if (of.survey.tag_id !== path.id) throw new HttpError(404, 'Not found');
    requireFlow(of.tag, path.flow);
    return of;
  }

  presets(): readonly PresetSurveyJson[] {
    return PRESET_SURVEYS;
  }

  /** A journey's surveys, each with its share state (shared how often, last when) and how many answered. */
  async list(auth: AuthContext, tagId: number, flow: Flow): Promise<EnrollmentSurveyListItem[]> {
    const tag = await requireJourney(auth, this.journeys.policy, tagId, 'read', flow);
    const [surveys, activity] = await Promise.all([this.repo.surveysOf(tag.workspace_id, tag.id), this.repo.surveyActivity(tag.workspace_id, tag.id)]);
    return surveys.map((s) => {
      const a = activity.find((x) => x.survey_id === s.id);
      return { ...surveyJson(s), shares: Number(a?.shares ?? 0), last_shared_at: a?.last_shared_at ? new Date(a.last_shared_at).toISOString() : null, responses: Number(a?.responses ?? 0) };
    });
  }

  async find(auth: AuthContext, path: SurveyPath): Promise<EnrollmentSurveyJson> {
    return surveyJson((await this.surveyOf(auth, path, 'read')).survey);
  }

  /** Checks the survey (roles of this workspace, options of choices) and numbers new questions and options. */
  private async prepare(tag: JourneyTag, body: EnrollmentSurveyBody): Promise<RoleSurvey[]> {
    const surveys = body.enrollment_survey.role_enrollment_surveys;
    const problems = surveyProblems(surveys);
    const roles = new Set((await this.journeys.roles(tag.workspace_id)).map((r) => r.id));
    surveys.forEach((s, i) => {
      if (!roles.has(s.role_id)) problems[`role_enrollment_surveys.${i}.role_id`] = 'is not a role of this workspace';
    });
    const [first] = Object.entries(problems);
    if (first) throw badRequest(`enrollment_survey.${first[0]}: ${first[1]}`, Object.fromEntries(Object.entries(problems).map(([k, v]) => [`enrollment_survey.${k}`, v])));
    let next = Math.max(0, ...surveys.flatMap((s) => s.questions.flatMap((q) => [q.id ?? 0, ...q.options.map((o) => o.id ?? 0)]))) + 1;
    return surveys.map((s) => ({
      role_id: s.role_id,
      questions: s.questions.map((q) => ({ ...q, id: q.id ?? next++, options: q.input_type === 'text' ? [] : q.options.filter((o) => o.text.trim()).map((o) => ({ text: o.text.trim(), id: o.id ?? next++ })) })),
    }));
  }

  async create(auth: AuthContext, tagId: number, flow: Flow, input: unknown): Promise<EnrollmentSurveyJson> {
    const tag = await requireJourney(auth, this.journeys.policy, tagId, 'edit', flow);
    const body = parse(surveyBody, input);
    const surveys = await this.prepare(tag, body);
    const now = this.s.clock.now();
    const row = await this.s.events.transaction((trx) =>
      this.repo.insertSurvey(trx, { workspace_id: tag.workspace_id, tag_id: tag.id, name: body.enrollment_survey.name, role_surveys: JSON.stringify(surveys), created_at: now, updated_at: now }),
    );
    return surveyJson(row);
  }

  async update(auth: AuthContext, path: SurveyPath, input: unknown): Promise<EnrollmentSurveyJson> {
    const { tag, survey } = await this.surveyOf(auth, path, 'edit');
    const body = parse(surveyBody, input);
    const surveys = await this.prepare(tag, body);
    const row = await this.s.events.transaction((trx) => this.repo.updateSurvey(trx, tag.workspace_id, survey.id, { name: body.enrollment_survey.name, role_surveys: JSON.stringify(surveys), updated_at: this.s.clock.now() }));
    return surveyJson(row!);
  }

  /** POST …/share_to_slack_as_json: a DM to each person named or in the channels named, through the outbox. */
  async share(auth: AuthContext, path: SurveyPath, input: unknown): Promise<{ success: true; num_sent: number }> {
    const { tag, survey } = await this.surveyOf(auth, path, 'edit');
    const body = parse(shareBody, input);
    const ws = tag.workspace_id;
    const fromChannels: string[] = [];
    await this.s.channels.requireOwn(ws, 'channel_ids', body.channel_ids);
    await this.s.people.requireOwn(ws, 'user_ids', body.user_ids);
    for (const c of body.channel_ids) fromChannels.push(...(await this.s.channels.roster(ws, c)));
    const people = [...(await this.repo.members(ws, body.user_ids)).filter((m) => !m.deleted && !m.is_bot), ...(await this.repo.membersBySlackIds(ws, fromChannels))];
    const recipients = [...new Map(people.map((m) => [m.slack_user_id, m])).values()];
    if (!recipients.length) throw badRequest('Choose people or channels to share the survey with', { user_ids: 'choose people or channels' });
    const roles = await this.journeys.roles(ws);
    const surveyRoles = survey.role_surveys.map((s) => ({ id: s.role_id, name: roles.find((r) => r.id === s.role_id)?.name ?? 'Participant' }));
    await this.s.events.transaction(async (trx) => {
      const share = await this.repo.insertShare(trx, { workspace_id: ws, survey_id: survey.id, start_date: body.start_date, created_by_member_id: auth.member.id, created_at: this.s.clock.now() });
      const message = (tz: string) => surveyInvitation({ shareId: share.id, journeyName: tag.name, startDate: body.start_date, tz, roles: surveyRoles });
      return this.s.outbox.add(
        trx,
        recipients.map((m) => ({ workspaceId: ws, key: `enrollment-survey:${share.id}:${m.slack_user_id}`, kind: 'enrollment_survey', method: 'dm.post', args: { users: [m.slack_user_id], ...message(m.tz ?? 'UTC') } })),
      );
    });
    return { success: true, num_sent: recipients.length };
  }

  /** The survey a share asks a role to answer, found in this workspace. */
  async forShare(workspaceId: number, shareId: number, roleId: number): Promise<{ tag: JourneyTag; survey: EnrollmentSurvey; roleSurvey: RoleSurvey; startDate: string } | undefined> {
    const share = await this.repo.share(workspaceId, shareId);
    const survey = share && (await this.repo.survey(workspaceId, share.survey_id));
    const tag = survey && (await this.journeys.tag(workspaceId, survey.tag_id));
    const roleSurvey = survey?.role_surveys.find((s) => s.role_id === roleId);
    return share && survey && tag && roleSurvey ? { tag, survey, roleSurvey, startDate: share.start_date } : undefined;
  }

  /**
   * The button: open the modal now (a reply to the click, written through the outbox and sent at once). False when
   * the survey is gone or the modal did not open.
   */
  async openModal(workspaceId: number, shareId: number, roleId: number, triggerId: string, origin?: SlackOrigin): Promise<boolean> {
    const found = await this.forShare(workspaceId, shareId, roleId);
    if (!found) return false;
    const view = surveyModal({ shareId, roleId, title: found.survey.name, survey: found.roleSurvey, origin });
    const row = await this.s.outbox.deliverNow({ workspaceId, key: `enrollment-survey-modal:${triggerId}`, kind: 'enrollment_survey_modal', method: 'views.open', args: { trigger_id: triggerId, view } });
    return row.state === 'sent';
  }

  /**
   * An answer, after the modal's ack: the submission, and for the first role the person's enrollment (session
   * in the same transaction). A second answer to the same share changes nothing. False when the survey is gone or
   * Hearth does not know the person.
   */
  async submit(workspaceId: number, slackUserId: string, shareId: number, roleId: number, values: ViewStateValues, origin?: SlackOrigin): Promise<boolean> {
    const found = await this.forShare(workspaceId, shareId, roleId);
    const member = await this.repo.memberBySlackId(workspaceId, slackUserId);
    if (!found || !member) return false;
    const answers = readAnswers(found.roleSurvey, values);
    await this.s.events.transaction(async (trx, emit) => {
      const submission = await this.repo.insertSubmission(trx, { workspace_id: workspaceId, survey_id: found.survey.id, share_id: shareId, member_id: member.id, role_id: roleId, answers: JSON.stringify(answers), created_at: this.s.clock.now() });
      if (!submission) return;
      let enrolled = false;
      if (found.survey.role_surveys[0]!.role_id === roleId && !(await this.journeys.activeSessionOf(workspaceId, found.tag.id, member.id, trx))) {
        const result = await this.enroller.tryEnrolIn(trx, emit, { workspaceId, tag: found.tag, memberId: member.id, startDate: found.startDate, source: 'survey', email: member.email });
        if ('sessionId' in result) {
          await this.repo.setSubmissionSession(trx, workspaceId, submission.id, result.sessionId);
          enrolled = true;
        }
      }
      if (!origin) return;
      // The invitation's buttons give way to the answer (the person sees it went through).
      const roles = await this.journeys.roles(workspaceId, trx);
      const invitation = surveyInvitation({ shareId, journeyName: found.tag.name, startDate: found.startDate, tz: member.tz ?? 'UTC', roles: [] });
      const message = surveyAnswered({ invitationText: invitation.text, roleName: found.survey.role_surveys.length > 1 ? (roles.find((r) => r.id === roleId)?.name ?? null) : null, enrolled, journeyName: found.tag.name });
      await this.s.outbox.add(trx, [{ workspaceId, key: `enrollment-survey:${shareId}:${slackUserId}:answered`, kind: 'enrollment_survey', method: 'chat.update', args: { channel: origin.channel, ts: origin.ts, ...message } }]);
    });
    return true;
  }

  // ---- responses and matching

  async responses(auth: AuthContext, path: SurveyPath): Promise<SurveyResponsesAnswer> {
    return this.responsesOf((await this.surveyOf(auth, path, 'edit')).survey);
  }

  private async responsesOf(survey: EnrollmentSurvey): Promise<SurveyResponsesAnswer> {
    const submissions = await this.repo.submissions(survey.workspace_id, survey.id);
    return {
      survey: surveyJson(survey),
      submissions: submissions.map((s) => ({
        id: s.id,
        member: { id: s.member_id, name: s.member_name, slack_user_id: s.slack_user_id },
        role_id: s.role_id,
        answers: s.answers,
        session_id: s.session_id,
        matched_submission_id: s.matched_submission_id,
        created_at: s.created_at.toISOString(),
      })),
      suggested: suggestMatches(survey, submissions),
    };
  }

  /** PUT …/responses {matches}: each primary submission's match; the matched person takes their role in the session (replacing whoever held it). */
  async saveMatches(auth: AuthContext, path: SurveyPath, input: unknown): Promise<SurveyResponsesAnswer> {
    const { tag, survey } = await this.surveyOf(auth, path, 'edit');
    const body = parse(matchesBody, input);
    const ws = tag.workspace_id;
    const surveyId = survey.id;
    const [primary, second] = survey.role_surveys;
    if (!second) throw badRequest('matches: this survey has one role survey, so there is nobody to match', { matches: 'this survey has one role survey' });
    const byId = new Map((await this.repo.submissions(ws, surveyId)).map((s) => [s.id, s]));
    await this.s.events.transaction(async (trx) => {
      for (const [i, m] of body.matches.entries()) {
        const a = byId.get(m.primary_submission_id);
        const b = byId.get(m.matched_submission_id);
        if (!a || a.role_id !== primary!.role_id) throw badRequest(`matches.${i}.primary_submission_id: is not an answer of the first role`, { [`matches.${i}.primary_submission_id`]: 'is not an answer of the first role' });
        if (!b || b.role_id !== second.role_id) throw badRequest(`matches.${i}.matched_submission_id: is not an answer of the second role`, { [`matches.${i}.matched_submission_id`]: 'is not an answer of the second role' });
        await this.repo.setMatch(trx, ws, surveyId, a.id, b.id);
        await this.repo.setMatch(trx, ws, surveyId, b.id, a.id);
        const sessionId = m.session_id ?? a.session_id;
        const session = sessionId ? await this.journeys.session(ws, sessionId, trx) : undefined;
        if (sessionId && (!session || session.tag_id !== tag.id)) throw badRequest(`matches.${i}.session_id: is not a session of this journey`, { [`matches.${i}.session_id`]: 'is not a session of this journey' });
        if (session) await this.journeys.updateIn(trx, ws, session.id, { startDate: session.start_date, memberships: [{ role_id: second.role_id, member_id: b.member_id }], replace: true });
      }
    });
    return this.responsesOf(survey);
  }
}

/**
 * The pairing engine's maximum-weight matching between the first role's answers and the second's (unmatched
 * ones): an edge's weight is 1 plus the answers they share (the same choice on the same question), so everyone is
 * matched where possible and those with most in common first.
 */
export function suggestMatches(survey: Pick<EnrollmentSurvey, 'role_surveys'>, submissions: ReadonlyArray<Pick<EnrollmentSurveySubmission, 'id' | 'role_id' | 'answers' | 'matched_submission_id'>>): Array<{ primary_submission_id: number; matched_submission_id: number }> {
  const [first, second] = survey.role_surveys;
  if (!first || !second) return [];
  const open = submissions.filter((s) => s.matched_submission_id === null);
  const as = open.filter((s) => s.role_id === first.role_id);
  const bs = open.filter((s) => s.role_id === second.role_id);
  const choices = (answer: string | string[] | undefined) => new Set((Array.isArray(answer) ? answer : answer === undefined ? [] : [answer]).map((x) => x.trim().toLowerCase()));
  const edges: WeightedEdge[] = [];
  as.forEach((a, i) =>
    bs.forEach((b, j) => {
      let shared = 0;
      first.questions.forEach((q, k) => {
        if (q.input_type === 'text') return;
        const k2 = second.questions.findIndex((q2) => q2.query.trim().toLowerCase() === q.query.trim().toLowerCase());
        const theirs = choices(b.answers[String(k2 >= 0 ? k2 : k)]);
        for (const c of choices(a.answers[String(k)])) if (theirs.has(c)) shared++;
      });
      edges.push([i, as.length + j, 1 + shared]);
    }),
  );
  const mate = maxWeightMatching(as.length + bs.length, edges, true);
  return as.flatMap((a, i) => (mate[i]! >= 0 ? [{ primary_submission_id: a.id, matched_submission_id: bs[mate[i]! - as.length]!.id }] : []));
}

function surveyJson(s: EnrollmentSurvey): EnrollmentSurveyJson {
  return { id: s.id, tag_id: s.tag_id, name: s.name, role_enrollment_surveys: s.role_surveys };
}
