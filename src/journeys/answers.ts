import type { Trx } from '../db/index.js';
import type { AuthContext } from '../http/auth.js';
import { badRequest, HttpError } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { requireAccess, type AccessPolicy } from '../platform/access.js';
import { event as domainEvent } from '../platform/events/define.js';
import type { ActionItemsAnswer, AnswerSource, PollResponseJson, TaskAssignmentJson, TaskState } from './api-types.js';
import { fillMrkdwn, fillText, journeyMessage } from './blocks.js';
import { hubLink, sessionTextVars } from './delivery.js';
import type { JourneysDeps } from './deps.js';
import { journeyPollAnswered, journeyTaskCompleted } from './events.js';
import { pollJson, taskJson } from './presenters.js';
import type { JourneyRepository } from './repository.js';
import { pollBody, taskBody } from './schema.js';
import type { SessionRepository } from './sessions.repository.js';
import type { JourneyPollResponse, JourneyTaskAssignment } from './tables.js';

/** Where a Slack button was pressed: the message to show the new state in. */
export interface SlackOrigin {
  channel: string;
  ts: string;
}

/** An answer is labelled `admin` only when a workspace admin gives it; a participant cannot pass theirs off as one. */
function requireSourceOf(auth: AuthContext, source: AnswerSource): void {
  if (source === 'admin' && !auth.isAdmin) throw badRequest('source: can be admin only when a workspace admin answers', { source: 'can be admin only when a workspace admin answers' });
}

/**
 * Tasks and polls: completing a task and answering a poll, from the journey site (API) or a Slack button, with the
 * source recorded and a domain event the first time. The Slack message is updated through the outbox.
 */
export class JourneyAnswers {
  constructor(
    private readonly s: Pick<JourneysDeps, 'clock' | 'events' | 'outbox' | 'config'>,
    private readonly journeys: JourneyRepository,
    private readonly repo: SessionRepository,
  ) {}

  /** The assignee or a workspace admin; anyone else: not found. */
  readonly taskPolicy: AccessPolicy<JourneyTaskAssignment> = {
    load: (workspaceId, id) => this.repo.task(workspaceId, id),
    canRead: (auth, t) => auth.isAdmin || t.member_id === auth.member.id,
    canEdit: (auth, t) => auth.isAdmin || t.member_id === auth.member.id,
    forbidden: 'Only the person it is assigned to can change it',
  };

  readonly pollPolicy: AccessPolicy<JourneyPollResponse> = {
    load: (workspaceId, id) => this.repo.poll(workspaceId, id),
    canRead: (auth, p) => auth.isAdmin || p.member_id === auth.member.id,
    canEdit: (auth, p) => p.member_id === auth.member.id || auth.isAdmin,
    forbidden: 'Only the person it was sent to can answer it',
  };

  /** PUT /onboarding/task_assignments/{id}: the assignee, or a workspace admin (the only one who may say `source: admin`). */
  async setTaskStateAs(auth: AuthContext, taskId: number, input: unknown): Promise<TaskAssignmentJson> {
    const task = await requireAccess(auth, this.taskPolicy, taskId, 'edit');
    const { task_assignment: { state }, source } = parse(taskBody, input);
    requireSourceOf(auth, source);
    return this.setTaskState(task.workspace_id, task.id, state, source);
  }

  /** POST /onboarding/poll_responses/{id}/answer: the person it was sent to, or a workspace admin (`source: admin`). */
  async answerPollAs(auth: AuthContext, pollId: number, input: unknown): Promise<PollResponseJson> {
    const poll = await requireAccess(auth, this.pollPolicy, pollId, 'edit');
    const { answer_index: answerIndex, source } = parse(pollBody, input);
    requireSourceOf(auth, source);
    return this.answerPoll(poll.workspace_id, poll.id, answerIndex, source);
  }

  async setTaskState(workspaceId: number, taskId: number, state: TaskState, source: AnswerSource, origin?: SlackOrigin): Promise<TaskAssignmentJson> {
    const now = this.s.clock.now();
    const task = await this.s.events.transaction(async (trx, emit) => {
      const t = await this.repo.lockTask(trx, workspaceId, taskId);
      if (!t) throw new HttpError(404, 'Not found');
      if (t.state === state) return t;
      const updated = (await this.repo.updateTask(trx, workspaceId, t.id, {
        state,
        completed_at: state === 'complete' ? now : null,
        source,
        next_remind_at: state === 'complete' ? null : t.next_remind_at,
        updated_at: now,
      }))!;
      if (state === 'complete') emit(domainEvent(journeyTaskCompleted, workspaceId, { taskAssignmentId: t.id, sessionId: t.session_id, sessionEventId: t.session_event_id, memberId: t.member_id, source }));
      if (origin) await this.updateSlackMessage(trx, workspaceId, `journey:task:${t.id}:${state}:${origin.ts}`, origin, await this.taskMessage(workspaceId, updated, trx));
      return updated;
    });
    return this.taskJsonOf(workspaceId, task);
  }

  async answerPoll(workspaceId: number, pollId: number, answerIndex: number, source: AnswerSource, origin?: SlackOrigin): Promise<PollResponseJson> {
    const now = this.s.clock.now();
    const poll = await this.s.events.transaction(async (trx, emit) => {
      const p = await this.repo.lockPoll(trx, workspaceId, pollId);
      if (!p) throw new HttpError(404, 'Not found');
      const event = await this.eventOf(workspaceId, p.session_event_id, trx);
      if (answerIndex >= event.poll_options.length) throw badRequest(`answer_index: must be below ${event.poll_options.length}`, { answer_index: `must be below ${event.poll_options.length}` });
      const first = p.answer_index === null;
      const updated = (await this.repo.answerPoll(trx, workspaceId, p.id, answerIndex, source, now))!;
      if (first) emit(domainEvent(journeyPollAnswered, workspaceId, { pollResponseId: p.id, sessionId: p.session_id, sessionEventId: p.session_event_id, memberId: p.member_id, answerIndex, source }));
      const siteUrl = hubLink(this.s.config, event.tag, { workspaceId, sessionId: p.session_id, memberId: p.member_id }, now);
      const msg = journeyMessage({ kind: 'poll', ...event.sent, journeyName: event.journey, siteUrl, poll: { id: p.id, options: event.poll_options, answerIndex } });
      if (origin) await this.updateSlackMessage(trx, workspaceId, `journey:poll:${p.id}:${answerIndex}:${origin.ts}:${now.getTime()}`, origin, msg);
      return updated;
    });
    return this.pollJsonOf(workspaceId, poll);
  }

  /** A Slack button: the Slack user must be the assignee (a forwarded message's button does nothing for others). */
  async taskFromSlack(teamWorkspaceId: number, slackUserId: string, taskId: number, origin?: SlackOrigin): Promise<boolean> {
    const member = await this.journeys.memberBySlackId(teamWorkspaceId, slackUserId);
    const task = await this.repo.task(teamWorkspaceId, taskId);
    if (!member || !task || task.member_id !== member.id) return false;
    await this.setTaskState(teamWorkspaceId, taskId, 'complete', 'slack', origin);
    return true;
  }

  async pollFromSlack(workspaceId: number, slackUserId: string, pollId: number, answerIndex: number, origin?: SlackOrigin): Promise<boolean> {
    const member = await this.journeys.memberBySlackId(workspaceId, slackUserId);
    const poll = await this.repo.poll(workspaceId, pollId);
    if (!member || !poll || poll.member_id !== member.id) return false;
    await this.answerPoll(workspaceId, pollId, answerIndex, 'slack', origin);
    return true;
  }

  async actionItems(auth: AuthContext): Promise<ActionItemsAnswer> {
    const ws = auth.workspace.id;
    const [tasks, polls] = await Promise.all([this.repo.tasksOf(ws, { memberId: auth.member.id, state: 'incomplete' }), this.repo.pollsOf(ws, { memberId: auth.member.id, open: true })]);
    return { task_assignments: await Promise.all(tasks.map((t) => this.taskJsonOf(ws, t))), poll_responses: await Promise.all(polls.map((p) => this.pollJsonOf(ws, p))) };
  }

  async taskJsonOf(workspaceId: number, t: JourneyTaskAssignment): Promise<TaskAssignmentJson> {
    const event = await this.eventOf(workspaceId, t.session_event_id);
    return taskJson(t, event, (await this.journeys.member(workspaceId, t.member_id)) ?? null);
  }

  async pollJsonOf(workspaceId: number, p: JourneyPollResponse): Promise<PollResponseJson> {
    const event = await this.eventOf(workspaceId, p.session_event_id);
    return pollJson(p, event, (await this.journeys.member(workspaceId, p.member_id)) ?? null);
  }

  /** A task's or poll's event with its placeholders filled for its session, as the pages show it and (`sent`) as its message was sent. */
  private async eventOf(workspaceId: number, sessionEventId: number, ex?: Trx) {
    const se = (await this.repo.sessionEvent(workspaceId, sessionEventId, ex))!;
    const e = (await this.journeys.event(workspaceId, se.event_id, ex))!;
    const tag = await this.journeys.tag(workspaceId, e.tag_id, ex);
    const journey = tag?.name ?? 'journey';
    const session = (await this.repo.session(workspaceId, se.session_id, ex))!;
    const vars = await sessionTextVars(this.journeys, this.repo, workspaceId, { name: journey }, { ...session, session_id: session.id }, ex);
    return { title: fillText(e.title, vars), text: fillText(e.text, vars), sent: { title: fillMrkdwn(e.title, vars), text: fillMrkdwn(e.text, vars) }, poll_options: e.poll_options, journey, tag: { hub_published: tag?.hub_published ?? false } };
  }

  private async taskMessage(workspaceId: number, t: JourneyTaskAssignment, ex: Trx) {
    const e = await this.eventOf(workspaceId, t.session_event_id, ex);
    const siteUrl = hubLink(this.s.config, e.tag, { workspaceId, sessionId: t.session_id, memberId: t.member_id }, this.s.clock.now());
    return journeyMessage({ kind: 'task', ...e.sent, journeyName: e.journey, siteUrl, task: { id: t.id, done: t.state === 'complete' } });
  }

  private updateSlackMessage(trx: Parameters<JourneysDeps['outbox']['add']>[0], workspaceId: number, key: string, origin: SlackOrigin, msg: { text: string; blocks: unknown[] }) {
    return this.s.outbox.add(trx, [{ workspaceId, key, kind: 'journey', method: 'chat.update', args: { channel: origin.channel, ts: origin.ts, text: msg.text, blocks: msg.blocks } }]);
  }
}
