import type { KnownBlock } from '@slack/types';
import type { ChannelProgram, Member } from '../db/types.js';
import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { answeredMessage, checkinMessage, ghostAnsweredMessage, ghostAskMessage } from './blocks.js';
import { formatDayOfInstant } from './format.js';
import { nameOf } from './repository.js';
import type { IntrosService, MeetingJson } from './service.js';
import { type MeetingState } from './tables.js';
import type { Trx } from '../db/index.js';
import { introsFollowup } from './jobs.js';
import { requireAccess } from '../platform/access.js';

/** Unanswered intros in a row that make someone a ghost. */
export const GHOST_AFTER_UNANSWERED = 3;
/** "Ask me later": how long a ghost is left alone before being asked again. */
export const GHOST_ASK_AGAIN_DAYS = 28;

export type FollowupStage = 'checkin' | 'reminder' | 'close';
type OutboxRows = Parameters<IntrosService['s']['outbox']['add']>[1];

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
  constructor(private readonly intros: IntrosService) {}

  private get s() {
    return this.intros.s;
  }
  private get db() {
    return this.intros.db;
  }

  // ----------------------------------------------------------------------------------------------
  // The due source: check-ins at half the round, the last reminder, and the round's end

  async collectDue(now: Date): Promise<number> {
    let count = 0;
    const claim = async (stage: FollowupStage, at: 'checkin_at' | 'reminder_at' | 'ends_at', mark: 'checkin_claimed_at' | 'reminder_claimed_at' | 'closed_at') => {
      const rows = await this.db.transaction().execute((trx) =>
        trx
          .updateTable('intros_rounds')
          .set({ [mark]: now })
          .where(
            'id',
            'in',
            trx
              .selectFrom('intros_rounds')
              .select('id')
              .where('state', '=', 'sent')
              .where(at, '<=', now)
              .where(mark, 'is', null)
              .limit(100)
              .forUpdate()
              .skipLocked(),
          )
          .returning('id')
          .execute(),
      );
      for (const r of rows) await this.s.queue.enqueue(introsFollowup, { roundId: r.id, stage }, { jobId: `intros-${stage}:${r.id}` });
      count += rows.length;
    };
    await claim('checkin', 'checkin_at', 'checkin_claimed_at');
    await claim('reminder', 'reminder_at', 'reminder_claimed_at');
    await claim('close', 'ends_at', 'closed_at');

    // Ghosts who asked to be asked later.
    const asks = await this.db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('intros_participants')
        .select(['program_id', 'member_id', 'workspace_id'])
        .where('ghost_state', '=', 'ask_later')
        .where('ghost_ask_after', '<=', now)
        .limit(100)
        .forUpdate()
        .skipLocked()
        .execute();
      const rows: OutboxRows = [];
      for (const d of due) {
        await trx.updateTable('intros_participants').set({ ghost_state: 'ghost', ghost_ask_after: null, updated_at: now }).where('program_id', '=', d.program_id).where('member_id', '=', d.member_id).execute();
        rows.push(...(await this.ghostAskRows(trx, d.program_id, [d.member_id], `again:${now.getTime()}`)));
      }
      return this.s.outbox.add(trx, rows);
    });
    await this.s.outbox.kick(asks);
    return count + asks.length;
  }

  async nextDue(): Promise<Date | null> {
    const row = await this.db
      .selectFrom('intros_rounds')
      .select((eb) => [
        eb.fn.min('checkin_at').filterWhere('checkin_claimed_at', 'is', null).as('checkin'),
        eb.fn.min('reminder_at').filterWhere('reminder_claimed_at', 'is', null).as('reminder'),
        eb.fn.min('ends_at').filterWhere('closed_at', 'is', null).as('ends'),
      ])
      .where('state', '=', 'sent')
      .executeTakeFirst();
    const ask = await this.db.selectFrom('intros_participants').select((eb) => eb.fn.min('ghost_ask_after').as('at')).where('ghost_state', '=', 'ask_later').executeTakeFirst();
    const times = [row?.checkin, row?.reminder, row?.ends, ask?.at].filter((d) => d !== null && d !== undefined).map((d) => new Date(d as unknown as string));
    return times.sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
  }

  /** The follow-up job of one round. */
  async followup(roundId: number, stage: FollowupStage): Promise<void> {
    const round = await this.db.selectFrom('intros_rounds').selectAll().where('id', '=', roundId).executeTakeFirst();
    if (!round || round.state !== 'sent') return;
    const program = await this.db.selectFrom('channel_programs').selectAll().where('id', '=', round.program_id).executeTakeFirst();
    if (!program) return;
    const channelName = await this.intros.repo.channelName(program.workspace_id, program.channel_id);
    const states: MeetingState[] = stage === 'checkin' ? ['pending'] : stage === 'reminder' ? ['pending', 'not_yet'] : ['pending'];
    const meetings = await this.db.selectFrom('intros_meetings').selectAll().where('round_id', '=', round.id).where('state', 'in', states).orderBy('group_index').execute();
    const people = await this.intros.repo.meetingMembers(meetings.map((m) => m.id));
    const now = this.s.clock.now();
    const ids = await this.db.transaction().execute(async (trx) => {
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
          const message = checkinMessage({ meetingId: m.id, channelName, people: members.map((p) => ({ slackUserId: p.slack_user_id, name: nameOf(p) })), stage, endsOn });
          rows.push({ workspaceId: program.workspace_id, key, kind: 'intro-checkin', method: 'dm.post', args: { users: members.map((p) => p.slack_user_id), text: message.text, blocks: message.blocks } });
          await trx
            .updateTable('intros_meetings')
            .set(stage === 'checkin' ? { checkin_key: key, updated_at: now } : { reminder_key: key, updated_at: now })
            .where('id', '=', m.id)
            .execute();
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
    await this.intros.repo.ensureParticipants(trx, program, memberIds, now);
    const updated = await trx
      .updateTable('intros_participants')
      .set((eb) => ({ unanswered_streak: eb('unanswered_streak', '+', 1), updated_at: now }))
      .where('program_id', '=', program.id)
      .where('member_id', 'in', memberIds)
      .returning(['member_id', 'unanswered_streak', 'ghost_state', 'opted_out'])
      .execute();
    const ghosts = updated.filter((u) => u.unanswered_streak >= GHOST_AFTER_UNANSWERED && u.ghost_state === 'none' && !u.opted_out).map((u) => u.member_id);
    if (!ghosts.length) return [];
    await trx.updateTable('intros_participants').set({ ghost_state: 'ghost', ghost_since: now, updated_at: now }).where('program_id', '=', program.id).where('member_id', 'in', ghosts).execute();
    return this.ghostAskRows(trx, program.id, ghosts, scope);
  }

  private async ghostAskRows(trx: Trx, programId: number, memberIds: number[], scope: string): Promise<OutboxRows> {
    const program = await trx.selectFrom('channel_programs').selectAll().where('id', '=', programId).executeTakeFirstOrThrow();
    const channelName = await this.intros.repo.channelName(program.workspace_id, program.channel_id, trx);
    const members = await trx.selectFrom('members').selectAll().where('id', 'in', memberIds).execute();
    const message = ghostAskMessage({ programId, channelName });
    return members
      .filter((m) => !m.deleted && !m.is_bot && !m.is_external)
      .map((m) => ({ workspaceId: program.workspace_id, key: `intro-ghost:${programId}:${m.id}:${scope}`, kind: 'intro-ghost', method: 'dm.post', args: { users: [m.slack_user_id], text: message.text, blocks: message.blocks } }));
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
    const meeting = await this.db.selectFrom('intros_meetings').selectAll().where('id', '=', input.meetingId).where('workspace_id', '=', input.workspaceId).executeTakeFirst();
    if (!meeting) return { ok: false, text: "I couldn't find that intro any more." };
    const members = (await this.intros.repo.meetingMembers([meeting.id])).get(meeting.id) ?? [];
    const by = members.find((m) => m.slack_user_id === input.slackUserId);
    if (!by) return { ok: false, text: 'Only the people in this intro can answer for it.' };
    if (!MEMBER_TRANSITIONS[meeting.state].includes(input.state))
      return { ok: false, text: meeting.state === input.state ? 'Already noted — thanks!' : `This intro is already marked as ${meeting.state.replace('_', ' ')}.` };
    const now = this.s.clock.now();
    const program = await this.db.selectFrom('channel_programs').selectAll().where('id', '=', meeting.program_id).executeTakeFirstOrThrow();
    const ids = await this.db.transaction().execute(async (trx) => {
      const changed = await this.intros.repo.setMeetingState(trx, meeting.id, input.state, by.id, now, [meeting.state]);
      if (!changed) return null;
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
    await this.s.outbox.kick(ids);
    const thanks = { met: 'Marked as met. Thanks!', not_yet: "Got it — I'll check back before the round ends.", skipped: 'Marked as skipped. See you next round!' };
    return { ok: true, text: thanks[input.state] };
  }

  private async resetStreaks(trx: Trx, program: ChannelProgram, members: Member[], now: Date): Promise<void> {
    if (!members.length) return;
    await this.intros.repo.ensureParticipants(trx, program, members.map((m) => m.id), now);
    await trx
      .updateTable('intros_participants')
      .set({ unanswered_streak: 0, updated_at: now })
      .where('program_id', '=', program.id)
      .where('member_id', 'in', members.map((m) => m.id))
      .execute();
  }

  /** PUT /coffee_meetings/{id}: an editor sets any state. */
  async setStateByAdmin(auth: AuthContext, meetingId: number, state: MeetingState): Promise<MeetingJson> {
    const meeting = await this.db.selectFrom('intros_meetings').selectAll().where('id', '=', meetingId).where('workspace_id', '=', auth.workspace.id).executeTakeFirst();
    if (!meeting) throw new HttpError(404, 'Not found');
    const program = await requireAccess(auth, this.s.programs.policy('CoffeeConfiguration'), meeting.program_id, 'edit');
    const now = this.s.clock.now();
    await this.db.transaction().execute(async (trx) => {
      await this.intros.repo.setMeetingState(trx, meeting.id, state, state === 'pending' ? null : auth.member.id, now);
      if (state === 'met' || state === 'not_yet') {
        const members = (await this.intros.repo.meetingMembers([meeting.id], trx)).get(meeting.id) ?? [];
        await this.resetStreaks(trx, program, members, now);
      }
    });
    const fresh = await this.db.selectFrom('intros_meetings').selectAll().where('id', '=', meetingId).executeTakeFirstOrThrow();
    return (await this.intros.meetingJsonOf([fresh]))[0]!;
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
    const program = await this.db.selectFrom('channel_programs').selectAll().where('id', '=', input.programId).where('workspace_id', '=', input.workspaceId).executeTakeFirst();
    const member = program && (await this.s.people.bySlackId(input.workspaceId, input.slackUserId));
    if (!program || !member) return false;
    const now = this.s.clock.now();
    const channelName = await this.intros.repo.channelName(program.workspace_id, program.channel_id);
    const ids = await this.db.transaction().execute(async (trx) => {
      await this.intros.repo.participant(trx, program, member.id, now);
      const set =
        input.choice === 'stay'
          ? { ghost_state: 'none' as const, ghost_since: null, ghost_ask_after: null, unanswered_streak: 0 }
          : input.choice === 'later'
            ? { ghost_state: 'ask_later' as const, ghost_ask_after: new Date(now.getTime() + GHOST_ASK_AGAIN_DAYS * 86_400_000) }
            : { ghost_state: 'none' as const, ghost_since: null, ghost_ask_after: null, unanswered_streak: 0, opted_out: true, opted_out_at: now, opt_out_reason: input.reason?.trim() || null };
      await trx.updateTable('intros_participants').set({ ...set, updated_at: now }).where('program_id', '=', program.id).where('member_id', '=', member.id).execute();
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
