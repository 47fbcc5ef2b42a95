import type { ChannelProgram, Member } from '../db/types.js';
import { event } from '../platform/events/define.js';
import { addDays, formatLocalDate, parseLocalDate } from '../time/zoned.js';
import type { RoundPreview } from './api-types.js';
import { introMessage, roundSkippedOwnerMessage, welcomeText } from './blocks.js';
import { introGroupCreated, introSkipped } from './events.js';
import { formatDayOfInstant, formatMeeting } from './format.js';
import { introsRound } from './jobs.js';
import { computeRound, formatReason, type Candidate, type PairingResult } from './pairing/index.js';
import { nameOf, type ProgramRef, type RosterEntry } from './repository.js';
import { nextRoundAt, roundTimeline } from './schedule.js';
import { personJson, type IntrosService } from './service.js';
import { defaultFixedMeetingTime, fixedMeetingDate } from './settings-rules.js';
import type { IntrosConfig, IntrosRound } from './tables.js';

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

type OutboxRows = Parameters<IntrosService['s']['outbox']['add']>[1];

export const roundJobId = (programId: number, scheduledFor: Date, kind: IntrosRound['kind']) =>
  `intros-round:${programId}:${kind === 'send_now' ? 'sendnow:' : ''}${scheduledFor.toISOString()}`;

/** Intros rounds: claiming due ones (the tick), running one (the job), and the dry run for the preview. */
export class RoundRunner {
  constructor(private readonly intros: IntrosService) {}

  private get s() {
    return this.intros.s;
  }
  private get repo() {
    return this.intros.repo;
  }
  private get rounds() {
    return this.intros.rounds;
  }

  // ----------------------------------------------------------------------------------------------
  // Claiming

  /**
   * The due source: claims programs whose next round is due, inserting the round and advancing next_run_at in
   * one transaction, then enqueues the jobs; rounds whose job was lost are enqueued again.
   */
  async collectDue(now: Date): Promise<number> {
    const claimed = await this.rounds.claimDue(now, (d) =>
      nextRoundAt({ tz: d.tz, weekday: d.weekday, occurrenceHour: d.occurrence_hour, periodWeeks: d.period_weeks }, { now, lastScheduledAt: d.next_run_at }),
    );
    for (const c of claimed) await this.s.queue.enqueue(introsRound, { roundId: c.roundId }, { jobId: roundJobId(c.programId, c.scheduledFor, 'scheduled') });

    // Rounds whose job was lost (Redis flushed, a crash before the enqueue): enqueue again; the run is idempotent.
    const stuck = await this.rounds.stuck(new Date(now.getTime() - STUCK_AFTER_MS));
    const bucket = Math.floor(now.getTime() / STUCK_AFTER_MS);
    for (const r of stuck) await this.s.queue.enqueue(introsRound, { roundId: r.id }, { jobId: `${roundJobId(r.program_id, r.scheduled_for, r.kind)}:sweep:${bucket}` });
    return claimed.length + stuck.length;
  }

  async nextDue(): Promise<Date | null> {
    const { nextRunAt, oldestPendingAt } = await this.rounds.nextDue();
    const times = [nextRunAt, oldestPendingAt && new Date(oldestPendingAt.getTime() + STUCK_AFTER_MS)].filter((d): d is Date => d !== null);
    return times.sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
  }

  /** "Send now": a round at the request time (unique with it), run off the request path. */
  async sendNow(program: ChannelProgram): Promise<void> {
    const at = program.send_now_requested_at ?? this.s.clock.now();
    const now = this.s.clock.now();
    const inserted = await this.repo.inTransaction(async (trx) => {
      await this.repo.lock(trx, program);
      return this.rounds.insert(trx, program, { kind: 'send_now', scheduledFor: at }, now);
    });
    const roundId = inserted ?? (await this.rounds.idAt(program, at));
    await this.s.queue.enqueue(introsRound, { roundId }, { jobId: roundJobId(program.id, at, 'send_now') });
  }

  // ----------------------------------------------------------------------------------------------
  // Planning (shared by the run and the preview)

  async plan(program: ChannelProgram, config: IntrosConfig, round: { number: number; scheduledFor: Date }): Promise<RoundPlan> {
    const today = this.intros.today(program, round.scheduledFor);
    const roster = await this.repo.roster(program, today);
    const eligible = roster.filter((r) => r.status === 'active');
    const access = await this.intros.access(program.workspace_id);
    const cap = this.s.entitlements.limits(access).introsParticipants;
    // A paid pairing type kept from a premium plan or trial that ended pairs the standard way until the
    // workspace upgrades again; the setting itself is kept, so it resumes then.
    const pairingType = this.s.entitlements.decide(access, { feature: 'pairing_types', pairingType: config.pairing_type, claimingAllowed: config.claiming_allowed }).allowed
      ? config.pairing_type
      : 'standard';
    const useCategories = CATEGORY_TYPES.has(pairingType);
    const candidates: Candidate[] = eligible.map((r) => ({
      id: String(r.member.id),
      ...(useCategories ? { categories: (r.participant?.category_ids ?? []).map(String) } : {}),
      timesLeftOut: r.participant?.times_left_out ?? 0,
      ...(pairingType === 'lottery' ? { lastSelectedRound: r.participant?.last_selected_round ?? null } : {}),
    }));
    const [history, avoid] = await Promise.all([
      this.repo.history(program, round.number - 1 - HISTORY_ROUNDS),
      this.repo.avoidPairs(program.workspace_id, eligible.map((r) => r.member.id)),
    ]);
    const eligibleIds = new Set(candidates.map((c) => c.id));
    const result = computeRound({
      type: pairingType,
      candidates,
      groupSize: config.group_size,
      enforceGroupSize: config.enforce_group_size,
      history,
      avoid,
      currentRound: round.number,
      seed: `intros:${program.id}:${round.number}`,
      ...(pairingType === 'lottery' ? { lottery: { fixedParticipants: config.lottery_fixed_member_ids.map(String).filter((id) => eligibleIds.has(id)) } } : {}),
      ...(cap === null ? {} : { maxParticipants: cap }),
    });
    return { result, roster, byId: new Map(roster.map((r) => [r.member.id, r.member])) };
  }

  /** A dry run of the next round: nothing is sent or stored. */
  async preview(program: ChannelProgram): Promise<RoundPreview> {
    await this.intros.ensureRoster(program, 15 * 60_000);
    const config = await this.repo.configOrThrow(program);
    const number = (await this.rounds.lastNumber(program)) + 1;
    const scheduledFor = config.next_run_at ?? this.s.clock.now();
    const { result, roster, byId } = await this.plan(program, config, { number, scheduledFor });
    const person = (id: string) => personJson(byId.get(Number(id))!);
    const names = { person: (id: string) => nameOf(byId.get(Number(id))!), category: await this.categoryNamer(program) };
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

  private async categoryNamer(program: ProgramRef): Promise<(id: string) => string> {
    const categories = await this.repo.categories(program);
    return (id) => categories.find((c) => String(c.id) === id)?.name ?? id;
  }

  // ----------------------------------------------------------------------------------------------
  // The run

  /** The round job. Idempotent: a round that is no longer pending is left alone. */
  async run(roundId: number, attempt = 1, maxAttempts = 3): Promise<void> {
    const workspaceId = await this.rounds.workspaceOf(roundId);
    if (workspaceId === undefined) return;
    try {
      await this.runOnce(workspaceId, roundId);
    } catch (err) {
      if (attempt >= maxAttempts) await this.fail(workspaceId, roundId, err);
      throw err;
    }
  }

  private async fail(workspaceId: number, roundId: number, err: unknown): Promise<void> {
    const now = this.s.clock.now();
    const message = `The round could not be made: ${(err as Error).message}`.slice(0, 500);
    const row = await this.rounds.finish(workspaceId, roundId, { state: 'failed', problem_code: 'error', problem_message: message, completed_at: now });
    if (row?.kind === 'send_now') await this.s.programs.markSendNowComplete(row.program_id);
  }

  private async runOnce(workspaceId: number, roundId: number): Promise<void> {
    const round = await this.rounds.round(workspaceId, roundId);
    if (!round || round.state !== 'pending') return;
    const program = await this.repo.program(workspaceId, round.program_id);
    const ws = program && (await this.s.workspaces.byId(workspaceId));
    const config = program && (await this.repo.config(program));
    if (!program || !ws || !config) return;
    const now = this.s.clock.now();

    if (!program.is_active || ws.paused_at) {
      await this.skip(round, { code: 'paused', message: 'The program was paused when the round was due.' });
      return;
    }

    await this.intros.syncRoster(program);
    const { result, byId } = await this.plan(program, config, { number: round.number, scheduledFor: round.scheduled_for });
    const channelName = await this.intros.channelName(program);
    const intent = this.intros.intent(program, config);
    const timeline = roundTimeline(intent, round.scheduled_for);
    const roundDate = this.intros.today(program, round.scheduled_for);
    const categoryName = await this.categoryNamer(program);

    let fixedMeeting: { date: string; time: string } | null = null;
    if (config.calendar_scheduling_selection === 'fixed-meeting') {
      fixedMeeting = {
        date: fixedMeetingDate(round.kind === 'scheduled' ? config.next_fixed_meeting_on : null, roundDate, config.period_weeks),
        time: config.next_fixed_meeting_time ?? defaultFixedMeetingTime(config.occurrence_hour),
      };
    }

    const icebreakers = await this.repo.icebreakers(program, { activeOnly: true });
    const welcome = welcomeText(await this.repo.teamWelcome(program.workspace_id), channelName);
    const grouped = new Set(result.groups.flatMap((g) => g.members).map(Number));
    const welcomed = welcome ? await this.repo.welcomed(program, [...grouped]) : grouped;
    const firstTimers = new Set([...grouped].filter((id) => !welcomed.has(id)));
    const state = result.groups.length > 0 ? 'sent' : 'skipped';

    const outboxIds = await this.s.events.transaction(async (trx, emit) => {
      const claimed = await this.rounds.finish(program.workspace_id, round.id, {
        state,
        problem_code: result.problem?.code ?? null,
        problem_message: result.problem?.message ?? null,
        num_candidates: result.stats.candidates,
        num_groups: result.groups.length,
        left_out: JSON.stringify(result.leftOut.map((l) => ({ member_id: Number(l.id), code: l.code, why: l.why }))),
        stats: JSON.stringify(result.stats),
        ...(state === 'sent' ? { checkin_at: timeline.checkinAt, reminder_at: timeline.reminderAt, ends_at: timeline.endsAt } : { closed_at: now }),
        completed_at: now,
      }, trx);
      // Another run of this job got here first: write nothing.
      if (!claimed) return null;

      const rows: OutboxRows = [];
      await this.repo.ensureParticipants(trx, program, [...grouped, ...result.leftOut.map((l) => Number(l.id))], now);

      for (const [index, group] of result.groups.entries()) {
        const members = group.members.map((id) => byId.get(Number(id))!);
        const reason = formatReason(group.reasonDetail, { person: (id) => nameOf(byId.get(Number(id))!), category: categoryName });
        const key = `intro:${round.id}:${index}`;
        const memberIds = members.map((m) => m.id);
        const meetingId = await this.rounds.createMeeting(trx, program, round.id, { groupIndex: index, reason, reasonDetail: group.reasonDetail, introKey: key, memberIds }, now);
        emit(event(introGroupCreated, program.workspace_id, { programId: program.id, roundId: round.id, meetingId, memberIds }));
        const icebreaker = icebreakers.length ? icebreakers[(index + round.number) % icebreakers.length]! : null;
        const message = introMessage({
          meetingId,
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
      await this.repo.countIcebreakerUse(trx, program, [...used]);

      await this.repo.updateParticipants(trx, program, [...grouped], { times_left_out: 0, last_selected_round: round.number, updated_at: now });
      const capped = result.leftOut.filter((l) => l.code === 'free_plan_cap').map((l) => Number(l.id));
      if (capped.length) await this.repo.bumpParticipants(trx, program, capped, 'times_left_out', now);

      if (welcome && firstTimers.size) {
        for (const id of firstTimers) {
          const m = byId.get(id)!;
          rows.push({ workspaceId: program.workspace_id, key: `intro-welcome:${program.id}:${id}`, kind: 'intro', method: 'dm.post', args: { users: [m.slack_user_id], text: welcome } });
        }
        await this.repo.updateParticipants(trx, program, [...firstTimers], { welcomed_at: now });
      }

      if (state === 'skipped') {
        emit(event(introSkipped, program.workspace_id, { programId: program.id, roundId: round.id, reason: result.problem?.code ?? 'no_groups' }));
        const ownerId = program.owner_member_id;
        const owner = ownerId ? (byId.get(ownerId) ?? (await this.repo.members(program.workspace_id, [ownerId], trx))[0]) : undefined;
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
        const nextDate = this.intros.today(program, config.next_run_at);
        const rolled = formatLocalDate(addDays(parseLocalDate(fixedMeeting.date), 7 * Math.max(1, config.period_weeks)));
        await this.rounds.setNextFixedMeeting(trx, program, fixedMeetingDate(rolled, nextDate, config.period_weeks));
      }
      return this.s.outbox.add(trx, rows);
    });
    if (outboxIds === null) return;
    await this.s.outbox.kick(outboxIds);
    if (round.kind === 'send_now') await this.s.programs.markSendNowComplete(program.id);
  }

  /** A round that goes out to nobody because the program was paused. */
  private async skip(round: IntrosRound, problem: { code: string; message: string }): Promise<void> {
    const now = this.s.clock.now();
    await this.s.events.transaction(async (trx, emit) => {
      const set = { state: 'skipped' as const, problem_code: problem.code, problem_message: problem.message, completed_at: now, closed_at: now };
      const skipped = await this.rounds.finish(round.workspace_id, round.id, set, trx);
      if (skipped) emit(event(introSkipped, round.workspace_id, { programId: round.program_id, roundId: round.id, reason: problem.code }));
    });
    if (round.kind === 'send_now') await this.s.programs.markSendNowComplete(round.program_id);
  }
}
