import type { KnownBlock } from '@slack/types';
import type { Trx } from '../db/index.js';
import type { ChannelProgram, Member } from '../db/types.js';
import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { requireAccess } from '../platform/access.js';
import { event, type PendingEvent } from '../platform/events/define.js';
import type { MeetingJson } from './api-types.js';
import { answeredMessage, checkinMessage, ghostAnsweredMessage, ghostAskMessage } from './blocks.js';
import { introAnswerWithdrawn, introMet, introNotMet, outcomeOf } from './events.js';
import { formatDayOfInstant } from './format.js';
import { introsFollowup } from './jobs.js';
import type { IntrosDeps } from './deps.js';
import type { FollowupColumns, MeetingsRepository } from './meetings.repository.js';
import { type IntrosRepository, type ProgramRef } from './repository.js';
import { personName } from '../people/name.js';
import type { RoundsRepository } from './rounds.repository.js';
import { meetingStateBody } from './schema.js';
import type { IntrosService } from './service.js';
import type { IntrosMeeting, MeetingState } from './tables.js';

/** Unanswered intros in a row that make someone a ghost. */
export const GHOST_AFTER_UNANSWERED = 3;
/** "Ask me later": how long a ghost is left alone before being asked again. */
export const GHOST_ASK_AGAIN_DAYS = 28;

export type FollowupStage = 'checkin' | 'reminder' | 'close';
type OutboxRows = Parameters<IntrosService['s']['outbox']['add']>[1];

/** Each follow-up stage: when it falls due and the mark that claims it. */
const FOLLOWUPS: Array<[FollowupStage, FollowupColumns]> = [
  ['checkin', { at: 'checkin_at', mark: 'checkin_claimed_at' }],
  ['reminder', { at: 'reminder_at', mark: 'reminder_claimed_at' }],
  ['close', { at: 'ends_at', mark: 'closed_at' }],
];

/** From Slack (members): pending → anything; not yet → met or skipped; met, skipped and cancelled are final. */
const MEMBER_TRANSITIONS: Record<MeetingState, MeetingState[]> = {
  pending: ['met', 'not_yet', 'skipped'],
  not_yet: ['met', 'skipped'],
  met: [],
  skipped: [],
  cancelled: [],
};

export interface AnswerOutcome {
  ok: boolean;
  /** Ephemeral text for the person who clicked. */
  text: string;
}

/** Check-ins, reminders, closing rounds, answers from Slack and ghost detection. */
export class MeetingService {
  constructor(
    private readonly s: IntrosDeps,
    private readonly repo: IntrosRepository,
    private readonly rounds: RoundsRepository,
    private readonly meetings: MeetingsRepository,
    private readonly intros: IntrosService,
  ) {}

  // ----------------------------------------------------------------------------------------------
  // The due source: check-ins at half the round, the last reminder, and the round's end

  async collectDue(now: Date): Promise<number> {
    let count = 0;
    for (const [stage, columns] of FOLLOWUPS) {
      const rows = await this.meetings.claimFollowups(now, columns);
      for (const r of rows) await this.s.queue.enqueue(introsFollowup, { roundId: r.id, stage }, { jobId: `intros-${stage}:${r.id}` });
      count += rows.length;
    }

    // Ghosts who asked to be asked later.
    const asks = await this.repo.inTransaction(async (trx) => {
      const rows: OutboxRows = [];
      for (const d of await this.repo.dueGhostAsks(trx, now, 100)) {
        const program = { id: d.program_id, workspace_id: d.workspace_id };
        await this.repo.updateParticipants(trx, program, [d.member_id], { ghost_state: 'ghost', ghost_ask_after: null, updated_at: now });
        rows.push(...(await this.ghostAskRows(trx, program, [d.member_id], `again:${now.getTime()}`)));
      }
      return this.s.outbox.add(trx, rows);
    });
    await this.s.outbox.kick(asks);
    return count + asks.length;
  }

  async nextDue(): Promise<Date | null> {
    const times = [await this.meetings.nextFollowup(), await this.repo.nextGhostAsk()].filter((d): d is Date => d !== null);
    return times.sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
  }

  /** The follow-up job of one round. */
  async followup(roundId: number, stage: FollowupStage): Promise<void> {
    const workspaceId = await this.rounds.workspaceOf(roundId);
    const round = workspaceId === undefined ? undefined : await this.rounds.round(workspaceId, roundId);
    if (!round || round.state !== 'sent') return;
    const program = await this.repo.program(round.workspace_id, round.program_id);
    if (!program) return;
    const channelName = await this.intros.channelName(program);
    const states: MeetingState[] = stage === 'checkin' ? ['pending'] : stage === 'reminder' ? ['pending', 'not_yet'] : ['pending'];
    const meetings = await this.repo.meetings(program.workspace_id, [round.id], states);
    const people = await this.repo.meetingMembers(program.workspace_id, meetings.map((m) => m.id));
    const now = this.s.clock.now();
    const ids = await this.repo.inTransaction(async (trx) => {
      const rows: OutboxRows = [];
      if (stage === 'close') {
        const unanswered = [...new Set(meetings.flatMap((m) => (people.get(m.id) ?? []).map((p) => p.id)))];
        rows.push(...(await this.countUnanswered(trx, program, unanswered, `round:${round.id}`)));
      } else {
        const endsOn = round.ends_at ? formatDayOfInstant(round.ends_at, program.tz) : '';
        for (const m of meetings) {
          const members = people.get(m.id) ?? [];
          if (members.length < 2) continue;
          const key = `intro-${stage}:${m.id}`;
          const message = checkinMessage({ meetingId: m.id, channelName, people: members.map((p) => ({ slackUserId: p.slack_user_id, name: personName(p) })), stage, endsOn });
          rows.push({ workspaceId: program.workspace_id, key, kind: 'intro-checkin', method: 'dm.post', args: { users: members.map((p) => p.slack_user_id), text: message.text, blocks: message.blocks } });
          await this.meetings.setFollowupKey(trx, program.workspace_id, m.id, stage, key, now);
        }
      }
      return this.s.outbox.add(trx, rows);
    });
    await this.s.outbox.kick(ids);
  }

  /** Adds one unanswered intro to each member; those reaching three in a row are set aside and asked. */
  private async countUnanswered(trx: Trx, program: ChannelProgram, memberIds: number[], scope: string): Promise<OutboxRows> {
    if (!memberIds.length) return [];
    const now = this.s.clock.now();
    await this.repo.ensureParticipants(trx, program, memberIds, now);
    const updated = await this.repo.bumpParticipants(trx, program, memberIds, 'unanswered_streak', now);
    const ghosts = updated.filter((u) => u.unanswered_streak >= GHOST_AFTER_UNANSWERED && u.ghost_state === 'none' && !u.opted_out).map((u) => u.member_id);
    if (!ghosts.length) return [];
    await this.repo.updateParticipants(trx, program, ghosts, { ghost_state: 'ghost', ghost_since: now, updated_at: now });
    return this.ghostAskRows(trx, program, ghosts, scope);
  }

  private async ghostAskRows(trx: Trx, ref: ProgramRef, memberIds: number[], scope: string): Promise<OutboxRows> {
    const program = await this.repo.program(ref.workspace_id, ref.id, trx);
    if (!program) return [];
    const channelName = await this.repo.channelName(program.workspace_id, program.channel_id, trx);
    const members = await this.repo.members(program.workspace_id, memberIds, trx);
    const message = ghostAskMessage({ programId: program.id, channelName });
    return members
      .filter((m) => !m.deleted && !m.is_bot && !m.is_external)
      .map((m) => ({ workspaceId: program.workspace_id, key: `intro-ghost:${program.id}:${m.id}:${scope}`, kind: 'intro-ghost', method: 'dm.post', args: { users: [m.slack_user_id], text: message.text, blocks: message.blocks } }));
  }

  // ----------------------------------------------------------------------------------------------
  // Answers

  /** A member's click on "We met" / "Not yet" / "We skipped it": one answer closes the question. */
  async answer(input: {
    workspaceId: number;
    meetingId: number;
    state: 'met' | 'not_yet' | 'skipped';
    slackUserId: string;
    message?: { channel: string; ts: string; blocks?: KnownBlock[]; text?: string };
  }): Promise<AnswerOutcome> {
    const meeting = await this.meetings.meeting(input.workspaceId, input.meetingId);
    if (!meeting) return { ok: false, text: "I couldn't find that intro any more." };
    const members = (await this.repo.meetingMembers(input.workspaceId, [meeting.id])).get(meeting.id) ?? [];
    const by = members.find((m) => m.slack_user_id === input.slackUserId);
    if (!by) return { ok: false, text: 'Only the people in this intro can answer for it.' };
    if (!MEMBER_TRANSITIONS[meeting.state].includes(input.state))
      return { ok: false, text: meeting.state === input.state ? 'Already noted — thanks!' : `This intro is already marked as ${meeting.state.replace('_', ' ')}.` };
    const now = this.s.clock.now();
    const program = { id: meeting.program_id, workspace_id: meeting.workspace_id };
    const ids = await this.s.events.transaction(async (trx, emit) => {
      const changed = await this.meetings.setState(trx, meeting.workspace_id, meeting.id, input.state, by.id, now, [meeting.state]);
      if (!changed) return null;
      emit(...outcomeEvents(meeting, meeting.state, input.state, by.id));
      await this.resetStreaks(trx, program, input.state === 'skipped' ? [by] : members, now);
      const rows: OutboxRows = [];
      if (input.message) {
        const original = input.message.blocks ? { text: input.message.text ?? '', blocks: input.message.blocks } : null;
        const updated = answeredMessage({ original, state: input.state, bySlackUserId: input.slackUserId });
        rows.push({
          workspaceId: program.workspace_id,
          key: `intro-answer:${meeting.id}:${input.state}:${input.message.ts}`,
          kind: 'intro-answer',
          method: 'chat.update',
          args: { channel: input.message.channel, ts: input.message.ts, text: updated.text, blocks: updated.blocks },
        });
      }
      return this.s.outbox.add(trx, rows);
    });
    if (ids === null) return { ok: false, text: 'Someone in your group just answered — thanks!' };
    const thanks = { met: 'Marked as met. Thanks!', not_yet: "Got it — I'll check back before the round ends.", skipped: 'Marked as skipped. See you next round!' };
    return { ok: true, text: thanks[input.state] };
  }

  private async resetStreaks(trx: Trx, program: ProgramRef, members: Member[], now: Date): Promise<void> {
    const ids = members.map((m) => m.id);
    await this.repo.ensureParticipants(trx, program, ids, now);
    await this.repo.updateParticipants(trx, program, ids, { unanswered_streak: 0, updated_at: now });
  }

  /** PUT /coffee_meetings/{id}: an editor of its program sets any state (asked before the body is read). */
  async setStateByAdmin(auth: AuthContext, meetingId: number, body: unknown): Promise<MeetingJson> {
    const workspaceId = auth.workspace.id;
    const meeting = await this.meetings.meeting(workspaceId, meetingId);
    if (!meeting) throw new HttpError(404, 'Not found');
    const program = await requireAccess(auth, this.s.programs.policy('CoffeeConfiguration'), meeting.program_id, 'edit');
    const { state } = parse(meetingStateBody, body);
    const now = this.s.clock.now();
    await this.s.events.transaction(async (trx, emit) => {
      const before = (await this.meetings.lockState(trx, workspaceId, meeting.id)) ?? meeting.state;
      await this.meetings.setState(trx, workspaceId, meeting.id, state, state === 'pending' ? null : auth.member.id, now);
      emit(...outcomeEvents(meeting, before, state, auth.member.id));
      if (state === 'met' || state === 'not_yet') {
        const members = (await this.repo.meetingMembers(workspaceId, [meeting.id], trx)).get(meeting.id) ?? [];
        await this.resetStreaks(trx, program, members, now);
      }
    });
    const fresh = await this.meetings.meeting(workspaceId, meetingId);
    return (await this.intros.meetingJsonOf(workspaceId, [fresh!]))[0]!;
  }

  // ----------------------------------------------------------------------------------------------
  // Ghosts

  /** The ghost's answer: stay in, ask later, or leave (with an optional reason from the modal). */
  async ghostAnswer(input: {
    workspaceId: number;
    programId: number;
    slackUserId: string;
    choice: 'stay' | 'later' | 'leave';
    reason?: string | null;
    message?: { channel: string; ts: string };
  }): Promise<boolean> {
    const program = await this.repo.program(input.workspaceId, input.programId);
    const member = program && (await this.s.people.bySlackId(input.workspaceId, input.slackUserId));
    if (!program || !member) return false;
    const now = this.s.clock.now();
    const channelName = await this.intros.channelName(program);
    const ids = await this.repo.inTransaction(async (trx) => {
      await this.repo.participant(program, member.id, now, trx);
      const set =
        input.choice === 'stay'
          ? { ghost_state: 'none' as const, ghost_since: null, ghost_ask_after: null, unanswered_streak: 0 }
          : input.choice === 'later'
            ? { ghost_state: 'ask_later' as const, ghost_ask_after: new Date(now.getTime() + GHOST_ASK_AGAIN_DAYS * 86_400_000) }
            : { ghost_state: 'none' as const, ghost_since: null, ghost_ask_after: null, unanswered_streak: 0, opted_out: true, opted_out_at: now, opt_out_reason: input.reason?.trim() || null };
      await this.repo.updateParticipants(trx, program, [member.id], { ...set, updated_at: now });
      const rows: OutboxRows = [];
      if (input.message) {
        const m = ghostAnsweredMessage(input.choice, channelName);
        rows.push({ workspaceId: program.workspace_id, key: `intro-ghost-answer:${program.id}:${member.id}:${input.message.ts}`, kind: 'intro-ghost', method: 'chat.update', args: { channel: input.message.channel, ts: input.message.ts, text: m.text, blocks: m.blocks } });
      }
      return this.s.outbox.add(trx, rows);
    });
    await this.s.outbox.kick(ids);
    return true;
  }
}

/**
 * The events of a meeting's change from `before` to `after`: a new outcome (met, not met) is `intro.met` or
 * `intro.not_met`, naming the outcome it replaces; an outcome taken back is `intro.answer_withdrawn`.
 */
function outcomeEvents(meeting: Pick<IntrosMeeting, 'id' | 'workspace_id' | 'program_id' | 'round_id'>, before: MeetingState, after: MeetingState, memberId: number): PendingEvent[] {
  const was = outcomeOf(before);
  const now = outcomeOf(after);
  if (was === now) return [];
  const ids = { programId: meeting.program_id, roundId: meeting.round_id, meetingId: meeting.id, memberId };
  if (now === null) return [event(introAnswerWithdrawn, meeting.workspace_id, { ...ids, outcome: was! })];
  return [event(now === 'met' ? introMet : introNotMet, meeting.workspace_id, { ...ids, replaces: was })];
}
