import type { ChannelProgram, Member } from '../db/types.js';
import { addDays, formatLocalDate, instantToZoned, parseLocalDate } from '../time/zoned.js';
import { introMessage, roundSkippedOwnerMessage, welcomeText } from './blocks.js';
import { formatDayOfInstant, formatMeeting } from './format.js';
import { computeRound, formatReason, type Candidate, type PairingResult } from './pairing/index.js';
import { nameOf, type RosterEntry } from './repository.js';
import { nextRoundAt, roundTimeline } from './schedule.js';
import type { IntrosService, PersonJson } from './service.js';
import { personJson } from './service.js';
import { defaultFixedMeetingTime, fixedMeetingDate, FREE_PLAN_MAX_PARTICIPANTS } from './settings-rules.js';
import { type IntrosConfig, type IntrosRound } from './tables.js';
import { introsRound } from './jobs.js';

/** How many past rounds the engine looks at: enough to avoid repeats for a long time, bounded for speed. */
const HISTORY_ROUNDS = 52;
/** A round still pending this long after it was created is enqueued again (e.g. Redis lost its jobs). */
const STUCK_AFTER_MS = 5 * 60_000;
const CATEGORY_TYPES = new Set(['topic_based', 'cross_group_pairing', 'within_group_pairing']);

export interface RoundPlan {
  result: PairingResult;
  roster: RosterEntry[];
  byId: Map<number, Member>;
}

export interface PreviewJson {
  scheduled_for: string;
  round_number: number;
  groups: Array<{ members: PersonJson[]; reason: string }>;
  left_out: Array<{ member: PersonJson; code: string; why: string }>;
  excluded: Array<{ member: PersonJson; reason: string; why: string }>;
  problem: { code: string; message: string } | null;
  stats: PairingResult['stats'];
}

export const roundJobId = (programId: number, scheduledFor: Date, kind: IntrosRound['kind']) =>
  `intros-round:${programId}:${kind === 'send_now' ? 'sendnow:' : ''}${scheduledFor.toISOString()}`;

/** Intros rounds: claiming due ones (the tick), running one (the job), and the dry run for the preview. */
export class RoundRunner {
  constructor(private readonly intros: IntrosService) {}

  private get s() {
    return this.intros.s;
  }
  private get db() {
    return this.intros.db;
  }
  private get repo() {
    return this.intros.repo;
  }

  // ----------------------------------------------------------------------------------------------
  // Claiming

  /**
   * The due source: claims programs whose next round is due (SKIP LOCKED), inserts the round (unique per
   * program and scheduled instant), advances next_run_at in the same transaction, then enqueues the job.
   */
  async collectDue(now: Date): Promise<number> {
    const claimed = await this.db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('intros_configs as c')
        .innerJoin('channel_programs as p', 'p.id', 'c.program_id')
        .innerJoin('workspaces as w', 'w.id', 'p.workspace_id')
        .select(['c.program_id', 'c.next_run_at', 'c.weekday', 'c.occurrence_hour', 'c.period_weeks', 'p.tz', 'p.workspace_id'])
        .where('c.next_run_at', '<=', now)
        .where('p.is_active', '=', true)
        .where('w.paused_at', 'is', null)
        .orderBy('c.next_run_at')
        .limit(50)
        .forUpdate('c')
        .skipLocked()
        .execute();
      const out: Array<{ programId: number; scheduledFor: Date }> = [];
      for (const d of due) {
        const scheduledFor = d.next_run_at!;
        const number = await this.repo.nextRoundNumber(trx, d.program_id);
        const inserted = await trx
          .insertInto('intros_rounds')
          .values({ workspace_id: d.workspace_id, program_id: d.program_id, number, kind: 'scheduled', scheduled_for: scheduledFor, left_out: '[]', stats: '{}', problem_code: null, problem_message: null, created_at: now })
          .onConflict((oc) => oc.columns(['program_id', 'scheduled_for']).doNothing())
          .returning('id')
          .executeTakeFirst();
        const next = nextRoundAt({ tz: d.tz, weekday: d.weekday, occurrenceHour: d.occurrence_hour, periodWeeks: d.period_weeks }, { now, lastScheduledAt: scheduledFor });
        await trx.updateTable('intros_configs').set({ next_run_at: next, updated_at: now }).where('program_id', '=', d.program_id).execute();
        if (inserted) out.push({ programId: d.program_id, scheduledFor });
      }
      return out;
    });
    for (const c of claimed) await this.enqueue(c.programId, c.scheduledFor, 'scheduled');

    // Rounds whose job was lost (Redis flushed, a crash before the enqueue): enqueue again; the run is idempotent.
    const stuck = await this.db
      .selectFrom('intros_rounds')
      .select(['id', 'program_id', 'scheduled_for', 'kind'])
      .where('state', '=', 'pending')
      .where('created_at', '<', new Date(now.getTime() - STUCK_AFTER_MS))
      .limit(50)
      .execute();
    const bucket = Math.floor(now.getTime() / STUCK_AFTER_MS);
    for (const r of stuck) await this.s.queue.enqueue(introsRound, { roundId: r.id }, { jobId: `${roundJobId(r.program_id, r.scheduled_for, r.kind)}:sweep:${bucket}` });
    return claimed.length + stuck.length;
  }

  async nextDue(): Promise<Date | null> {
    const [next, stuck] = await Promise.all([
      this.db
        .selectFrom('intros_configs as c')
        .innerJoin('channel_programs as p', 'p.id', 'c.program_id')
        .innerJoin('workspaces as w', 'w.id', 'p.workspace_id')
        .select((eb) => eb.fn.min('c.next_run_at').as('at'))
        .where('p.is_active', '=', true)
        .where('w.paused_at', 'is', null)
        .executeTakeFirst(),
      this.db.selectFrom('intros_rounds').select((eb) => eb.fn.min('created_at').as('at')).where('state', '=', 'pending').executeTakeFirst(),
    ]);
    const times = [next?.at ? new Date(next.at as unknown as string) : null, stuck?.at ? new Date(new Date(stuck.at as unknown as string).getTime() + STUCK_AFTER_MS) : null].filter(
      (d): d is Date => d !== null,
    );
    return times.sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
  }

  private enqueue(programId: number, scheduledFor: Date, kind: IntrosRound['kind'], roundId?: number): Promise<void> {
    return (async () => {
      const id =
        roundId ??
        (await this.db.selectFrom('intros_rounds').select('id').where('program_id', '=', programId).where('scheduled_for', '=', scheduledFor).executeTakeFirstOrThrow()).id;
      await this.s.queue.enqueue(introsRound, { roundId: id }, { jobId: roundJobId(programId, scheduledFor, kind) });
    })();
  }

  /** "Send now": a round at the request time (unique with it), run off the request path. */
  async sendNow(program: ChannelProgram): Promise<void> {
    const at = program.send_now_requested_at ?? this.s.clock.now();
    const now = this.s.clock.now();
    const roundId = await this.db.transaction().execute(async (trx) => {
      await this.repo.lock(trx, program.id);
      const number = await this.repo.nextRoundNumber(trx, program.id);
      const row = await trx
        .insertInto('intros_rounds')
        .values({ workspace_id: program.workspace_id, program_id: program.id, number, kind: 'send_now', scheduled_for: at, left_out: '[]', stats: '{}', problem_code: null, problem_message: null, created_at: now })
        .onConflict((oc) => oc.columns(['program_id', 'scheduled_for']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    });
    await this.enqueue(program.id, at, 'send_now', roundId);
  }

  // ----------------------------------------------------------------------------------------------
  // Planning (shared by the run and the preview)

  async plan(program: ChannelProgram, config: IntrosConfig, round: { number: number; scheduledFor: Date }): Promise<RoundPlan> {
    const today = formatLocalDate(instantToZoned(round.scheduledFor, program.tz).date);
    const roster = await this.repo.roster(program, today);
    const eligible = roster.filter((r) => r.status === 'active');
    const access = await this.intros.access(program.workspace_id);
    const useCategories = CATEGORY_TYPES.has(config.pairing_type);
    const candidates: Candidate[] = eligible.map((r) => ({
      id: String(r.member.id),
      ...(useCategories ? { categories: (r.participant?.category_ids ?? []).map(String) } : {}),
      timesLeftOut: r.participant?.times_left_out ?? 0,
      ...(config.pairing_type === 'lottery' ? { lastSelectedRound: r.participant?.last_selected_round ?? null } : {}),
    }));
    const [history, avoid] = await Promise.all([
      this.repo.history(program.id, round.number - 1 - HISTORY_ROUNDS),
      this.repo.avoidPairs(program.workspace_id, eligible.map((r) => r.member.id)),
    ]);
    const eligibleIds = new Set(candidates.map((c) => c.id));
    const result = computeRound({
      type: config.pairing_type,
      candidates,
      groupSize: config.group_size,
      enforceGroupSize: config.enforce_group_size,
      history,
      avoid,
      currentRound: round.number,
      seed: `intros:${program.id}:${round.number}`,
      ...(config.pairing_type === 'lottery' ? { lottery: { fixedParticipants: config.lottery_fixed_member_ids.map(String).filter((id) => eligibleIds.has(id)) } } : {}),
      ...(access.paidFeatureAccess ? {} : { maxParticipants: FREE_PLAN_MAX_PARTICIPANTS }),
    });
    return { result, roster, byId: new Map(roster.map((r) => [r.member.id, r.member])) };
  }

  /** A dry run of the next round: nothing is sent or stored. */
  async preview(program: ChannelProgram): Promise<PreviewJson> {
    await this.intros.ensureRoster(program, 15 * 60_000);
    const config = await this.repo.configOrThrow(program.id);
    const last = await this.db.selectFrom('intros_rounds').select((eb) => eb.fn.max('number').as('n')).where('program_id', '=', program.id).executeTakeFirst();
    const number = Number(last?.n ?? 0) + 1;
    const scheduledFor = config.next_run_at ?? this.s.clock.now();
    const { result, roster, byId } = await this.plan(program, config, { number, scheduledFor });
    const person = (id: string) => personJson(byId.get(Number(id))!);
    const names = { person: (id: string) => nameOf(byId.get(Number(id))!), category: await this.categoryNamer(program.id) };
    return {
      scheduled_for: scheduledFor.toISOString(),
      round_number: number,
      groups: result.groups.map((g) => ({ members: g.members.map(person), reason: formatReason(g.reasonDetail, names) })),
      left_out: result.leftOut.map((l) => ({ member: person(l.id), code: l.code, why: l.why })),
      excluded: roster.filter((r) => r.status !== 'active').map((r) => ({ member: personJson(r.member), reason: r.reason ?? r.status, why: r.why ?? '' })),
      problem: result.problem ?? null,
      stats: result.stats,
    };
  }

  private async categoryNamer(programId: number): Promise<(id: string) => string> {
    const categories = await this.repo.categories(programId);
    return (id) => categories.find((c) => String(c.id) === id)?.name ?? id;
  }

  // ----------------------------------------------------------------------------------------------
  // The run

  /** The round job. Idempotent: a round that is no longer pending is left alone. */
  async run(roundId: number, attempt = 1, maxAttempts = 3): Promise<void> {
    try {
      await this.runOnce(roundId);
    } catch (err) {
      if (attempt >= maxAttempts) await this.fail(roundId, err);
      throw err;
    }
  }

  private async fail(roundId: number, err: unknown): Promise<void> {
    const now = this.s.clock.now();
    const row = await this.db
      .updateTable('intros_rounds')
      .set({ state: 'failed', problem_code: 'error', problem_message: `The round could not be made: ${(err as Error).message}`.slice(0, 500), completed_at: now })
      .where('id', '=', roundId)
      .where('state', '=', 'pending')
      .returning(['program_id', 'kind'])
      .executeTakeFirst();
    if (row?.kind === 'send_now') await this.s.programs.markSendNowComplete(row.program_id);
  }

  private async runOnce(roundId: number): Promise<void> {
    const round = await this.db.selectFrom('intros_rounds').selectAll().where('id', '=', roundId).executeTakeFirst();
    if (!round || round.state !== 'pending') return;
    const program = await this.db.selectFrom('channel_programs').selectAll().where('id', '=', round.program_id).executeTakeFirst();
    const ws = program && (await this.s.workspaces.byId(program.workspace_id));
    const config = program && (await this.repo.config(program.id));
    if (!program || !ws || !config) return;
    const now = this.s.clock.now();

    if (!program.is_active || ws.paused_at) {
      await this.finish(round, { state: 'skipped', problem: { code: 'paused', message: 'The program was paused when the round was due.' } });
      return;
    }

    await this.intros.syncRoster(program);
    const { result, byId } = await this.plan(program, config, { number: round.number, scheduledFor: round.scheduled_for });
    const channelName = await this.repo.channelName(program.workspace_id, program.channel_id);
    const intent = this.intros.intent(program, config);
    const timeline = roundTimeline(intent, round.scheduled_for);
    const roundDate = formatLocalDate(instantToZoned(round.scheduled_for, program.tz).date);
    const categoryName = await this.categoryNamer(program.id);

    let fixedMeeting: { date: string; time: string } | null = null;
    if (config.calendar_scheduling_selection === 'fixed-meeting') {
      fixedMeeting = {
        date: fixedMeetingDate(round.kind === 'scheduled' ? config.next_fixed_meeting_on : null, roundDate, config.period_weeks),
        time: config.next_fixed_meeting_time ?? defaultFixedMeetingTime(config.occurrence_hour),
      };
    }

    const icebreakers = await this.db
      .selectFrom('intros_icebreakers')
      .select(['id', 'question'])
      .where('program_id', '=', program.id)
      .where('active', '=', true)
      .orderBy('times_used')
      .orderBy('id')
      .execute();
    const welcome = welcomeText(await this.repo.teamWelcome(program.workspace_id), channelName);
    const grouped = new Set(result.groups.flatMap((g) => g.members).map(Number));
    const firstTimers = welcome
      ? (
          await this.db
            .selectFrom('intros_participants')
            .select('member_id')
            .where('program_id', '=', program.id)
            .where('welcomed_at', 'is not', null)
            .where('member_id', 'in', grouped.size ? [...grouped] : [0])
            .execute()
        ).reduce((set, r) => (set.delete(r.member_id), set), new Set(grouped))
      : new Set<number>();

    const outboxIds = await this.db.transaction().execute(async (trx) => {
      const state = result.groups.length > 0 ? 'sent' : 'skipped';
      const claimed = await trx
        .updateTable('intros_rounds')
        .set({
          state,
          problem_code: result.problem?.code ?? null,
          problem_message: result.problem?.message ?? null,
          num_candidates: result.stats.candidates,
          num_groups: result.groups.length,
          left_out: JSON.stringify(result.leftOut.map((l) => ({ member_id: Number(l.id), code: l.code, why: l.why }))),
          stats: JSON.stringify(result.stats),
          ...(state === 'sent' ? { checkin_at: timeline.checkinAt, reminder_at: timeline.reminderAt, ends_at: timeline.endsAt } : { closed_at: now }),
          completed_at: now,
        })
        .where('id', '=', round.id)
        .where('state', '=', 'pending')
        .returning('id')
        .executeTakeFirst();
      // Another run of this job got here first: write nothing.
      if (!claimed) return null;

      const rows: Parameters<typeof this.s.outbox.add>[1] = [];
      await this.repo.ensureParticipants(trx, program, [...grouped, ...result.leftOut.map((l) => Number(l.id))], now);

      for (const [index, group] of result.groups.entries()) {
        const members = group.members.map((id) => byId.get(Number(id))!);
        const reason = formatReason(group.reasonDetail, { person: (id) => nameOf(byId.get(Number(id))!), category: categoryName });
        const key = `intro:${round.id}:${index}`;
        const meeting = await trx
          .insertInto('intros_meetings')
          .values({
            workspace_id: program.workspace_id,
            program_id: program.id,
            round_id: round.id,
            group_index: index,
            reason,
            reason_detail: JSON.stringify(group.reasonDetail),
            intro_key: key,
            checkin_key: null,
            reminder_key: null,
            answered_by_member_id: null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('intros_meeting_members')
          .values(members.map((m) => ({ meeting_id: meeting.id, member_id: m.id, program_id: program.id })))
          .execute();
        const icebreaker = icebreakers.length ? icebreakers[(index + round.number) % icebreakers.length]! : null;
        const message = introMessage({
          meetingId: meeting.id,
          channelName,
          people: members.map((m) => ({ slackUserId: m.slack_user_id, name: nameOf(m), title: m.title, tz: m.tz })),
          reason,
          introMessage: config.intro_message,
          icebreaker: icebreaker?.question ?? null,
          fixedMeeting: fixedMeeting ? formatMeeting(fixedMeeting.date, fixedMeeting.time, program.tz) : null,
          calendarSelection: config.calendar_scheduling_selection,
          videoPlatform: config.video_platform,
          checkinOn: formatDayOfInstant(timeline.checkinAt, program.tz),
        });
        rows.push({ workspaceId: program.workspace_id, key, kind: 'intro', method: 'dm.post', args: { users: members.map((m) => m.slack_user_id), text: message.text, blocks: message.blocks } });
      }
      const used = new Set(result.groups.map((_g, index) => icebreakers.length && icebreakers[(index + round.number) % icebreakers.length]!.id).filter(Boolean) as number[]);
      if (used.size) await trx.updateTable('intros_icebreakers').set((eb) => ({ times_used: eb('times_used', '+', 1) })).where('id', 'in', [...used]).execute();

      if (grouped.size)
        await trx
          .updateTable('intros_participants')
          .set({ times_left_out: 0, last_selected_round: round.number, updated_at: now })
          .where('program_id', '=', program.id)
          .where('member_id', 'in', [...grouped])
          .execute();
      const capped = result.leftOut.filter((l) => l.code === 'free_plan_cap').map((l) => Number(l.id));
      if (capped.length)
        await trx
          .updateTable('intros_participants')
          .set((eb) => ({ times_left_out: eb('times_left_out', '+', 1), updated_at: now }))
          .where('program_id', '=', program.id)
          .where('member_id', 'in', capped)
          .execute();

      if (welcome && firstTimers.size) {
        for (const id of firstTimers) {
          const m = byId.get(id)!;
          rows.push({ workspaceId: program.workspace_id, key: `intro-welcome:${program.id}:${id}`, kind: 'intro', method: 'dm.post', args: { users: [m.slack_user_id], text: welcome } });
        }
        await trx.updateTable('intros_participants').set({ welcomed_at: now }).where('program_id', '=', program.id).where('member_id', 'in', [...firstTimers]).execute();
      }

      if (result.groups.length === 0) {
        const owner = program.owner_member_id ? byId.get(program.owner_member_id) ?? (await trx.selectFrom('members').selectAll().where('id', '=', program.owner_member_id).executeTakeFirst()) : undefined;
        if (owner && !owner.deleted && !owner.is_bot) {
          const message = roundSkippedOwnerMessage({
            channelName,
            problem: result.problem?.message ?? 'Nobody could be grouped.',
            adminUrl: `${this.s.config.publicUrl}/coffee/${program.id}`,
            excluded: [...byId.keys()].length - result.stats.candidates,
          });
          rows.push({ workspaceId: program.workspace_id, key: `intro-owner:${round.id}`, kind: 'intro', method: 'dm.post', args: { users: [owner.slack_user_id], text: message.text, blocks: message.blocks } });
        }
      }

      if (round.kind === 'scheduled' && fixedMeeting && config.next_run_at) {
        const nextDate = formatLocalDate(instantToZoned(config.next_run_at, program.tz).date);
        const rolled = formatLocalDate(addDays(parseLocalDate(fixedMeeting.date), 7 * Math.max(1, config.period_weeks)));
        await trx
          .updateTable('intros_configs')
          .set({ next_fixed_meeting_on: fixedMeetingDate(rolled, nextDate, config.period_weeks) })
          .where('program_id', '=', program.id)
          .execute();
      }
      return this.s.outbox.add(trx, rows);
    });
    if (outboxIds === null) return;
    await this.s.outbox.kick(outboxIds);
    if (round.kind === 'send_now') await this.s.programs.markSendNowComplete(program.id);
  }

  private async finish(round: IntrosRound, outcome: { state: 'skipped'; problem: { code: string; message: string } }): Promise<void> {
    const now = this.s.clock.now();
    await this.db
      .updateTable('intros_rounds')
      .set({ state: outcome.state, problem_code: outcome.problem.code, problem_message: outcome.problem.message, completed_at: now, closed_at: now })
      .where('id', '=', round.id)
      .where('state', '=', 'pending')
      .execute();
    if (round.kind === 'send_now') await this.s.programs.markSendNowComplete(round.program_id);
  }
}
