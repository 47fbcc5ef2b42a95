import type { ChannelProgram } from '../db/types.js';
import type { NewOutboxRow } from '../outbox/repository.js';
import { isReachableHuman } from '../people/service.js';
import { event, type PendingEvent } from '../platform/events/define.js';
import { addDays, formatLocalDate, instantToZoned, parseLocalDate, type LocalDate } from '../time/zoned.js';
import { celebrationMessage, nothingToCelebrateNote } from './blocks.js';
import { postInput } from './preview.js';
import type { CelebrationCalendar, LoadedProgram } from './calendar.js';
import { isStale, nextRunDateAfter, runInstant, type Celebration } from './dates.js';
import type { CelebrationsDeps } from './deps.js';
import { celebrationPosted } from './events.js';
import { celebrationsRoster, celebrationsRun, celebrationsSendNow } from './jobs.js';
import type { CelebrationRepository } from './repository.js';
import type { ScheduleRepository } from './schedules.repository.js';
import type { ScheduleType } from './tables.js';

/** A claimed run whose job vanished (Redis lost it, a worker died) is enqueued again after this long. */
const RUN_RETRY_AFTER_MS = 5 * 60_000;
/** Older unfinished runs are left alone (the tick's retry window). */
const RUN_RETRY_WINDOW_MS = 2 * 86_400_000;

type NoteReason = 'none_today' | 'already_posted' | 'in_progress';

/** Posting: the scheduler's due programs, each program's daily run, "send now", and reading new rosters. */
export class CelebrationRunner {
  constructor(
    private readonly s: Pick<CelebrationsDeps, 'clock' | 'config' | 'log' | 'queue' | 'outbox' | 'workspaces' | 'programs' | 'events'>,
    private readonly repo: CelebrationRepository,
    private readonly schedules: ScheduleRepository,
    private readonly calendar: CelebrationCalendar,
  ) {}

  /** The tick: claim programs whose posting time has come (SKIP LOCKED), claim their run, move them on a day. */
  async collectDue(now: Date): Promise<number> {
    const claimed = await this.repo.inTransaction(async (trx) => {
      const runs: Array<{ workspaceId: number; programId: number; runOn: string }> = [];
      for (const c of await this.repo.lockDue(trx, now)) {
        const program = (await this.repo.program(c.workspace_id, c.program_id, trx))!;
        const runOn = c.next_run_on ?? formatLocalDate(instantToZoned(now, program.tz).date);
        if (await this.repo.claimRun(c.workspace_id, c.program_id, runOn, now, false, trx)) runs.push({ workspaceId: c.workspace_id, programId: c.program_id, runOn });
        const next = nextRunDateAfter(parseLocalDate(runOn), now, c.post_minute, program.tz);
        await this.repo.updateConfig(c.workspace_id, c.program_id, { next_run_on: formatLocalDate(next), next_run_at: runInstant(next, c.post_minute, program.tz) }, trx);
      }
      // Runs whose job went missing: claimed long ago and still unfinished. Claiming them again paces the retries.
      const stuck = await this.repo.retryStuckRuns(trx, now, new Date(now.getTime() - RUN_RETRY_WINDOW_MS), new Date(now.getTime() - RUN_RETRY_AFTER_MS));
      // New programs: read their channel's members once, so lists and counts are right before the first run.
      const rosters = await this.repo.claimUnreadRosters(trx, now);
      return { runs, stuck, rosters };
    });
    for (const r of claimed.rosters)
      await this.s.queue.enqueue(celebrationsRoster, { workspaceId: r.workspace_id, programId: r.program_id }, { jobId: `celebrations-roster:${r.program_id}` });
    for (const r of claimed.runs) await this.s.queue.enqueue(celebrationsRun, r, { jobId: `celebrations-run:${r.programId}:${r.runOn}` });
    for (const r of claimed.stuck)
      await this.s.queue.enqueue(
        celebrationsRun,
        { workspaceId: r.workspace_id, programId: r.program_id, runOn: r.run_on },
        { jobId: `celebrations-run:${r.program_id}:${r.run_on}:retry:${now.getTime()}` },
      );
    return claimed.runs.length + claimed.stuck.length + claimed.rosters.length;
  }

  async nextDue(): Promise<Date | null> {
    const due = await this.repo.nextDue();
    if (due.unreadRoster) return this.s.clock.now();
    const candidates = [due.nextRunAt, due.oldestClaimedAt ? new Date(due.oldestClaimedAt.getTime() + RUN_RETRY_AFTER_MS) : null].filter((d): d is Date => d !== null);
    return candidates.sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
  }

  /** The roster job: a new program's channel members, read from Slack. */
  async readRoster(workspaceId: number, programId: number): Promise<void> {
    const program = await this.repo.program(workspaceId, programId);
    const ws = program && (await this.s.workspaces.byId(workspaceId));
    if (program && ws && !ws.paused_at) await this.calendar.refreshRoster(ws, program, true);
  }

  private async loadForJob(workspaceId: number, programId: number): Promise<LoadedProgram | undefined> {
    const program = await this.repo.program(workspaceId, programId);
    const ws = program && (await this.s.workspaces.byId(workspaceId));
    const config = program && (await this.repo.config(workspaceId, programId));
    return program && ws && config ? { ws, program, config } : undefined;
  }

  /**
   * One program's run for one posting date: who is celebrated is decided now (roster read from Slack, dates,
   * opt-outs), the ledger keeps each celebration to once a year, and one message goes to the outbox under
   * `celebration:{program}:{date}` in the same transaction that marks the run done and records the
   * `celebration.posted` events. Safe to run twice.
   */
  async run(workspaceId: number, programId: number, runOn: string): Promise<void> {
    const run = await this.repo.run(workspaceId, programId, runOn);
    if (!run || run.state !== 'claimed') return;
    const l = await this.loadForJob(workspaceId, programId);
    if (!l) return;
    const { ws, program, config } = l;
    const now = this.s.clock.now();
    const post = parseLocalDate(runOn);
    const finishEarly = async (note: string) => {
      await this.repo.finishRun(workspaceId, programId, run.id, 'skipped', now, { note });
      if (run.send_now) await this.s.programs.markSendNowComplete(programId);
    };
    if (ws.paused_at) return finishEarly('workspace paused');
    if (!run.send_now && !program.is_active) return finishEarly('program paused');
    if (!run.send_now && isStale(post, now, config.post_minute, program.tz)) {
      this.s.log.warn({ programId, runOn }, 'celebrations: run is more than a day late; skipped');
      return finishEarly('more than a day late');
    }

    await this.calendar.refreshRoster(ws, program, true);
    const { list } = await this.calendar.between(l, post, post);
    const channelName = await this.calendar.channelName(ws.id, program.channel_id);
    const noteRows = run.send_now ? await this.ownerNote(l, channelName, 'none_today', run.claimed_at) : [];

    let state: 'posted' | 'empty' | undefined;
    await this.s.events.transaction(async (trx, emit) => {
      if (!(await this.repo.lockClaimedRun(trx, workspaceId, programId, run.id))) return;
      const posts = list.map((c) => ({ celebrationKey: c.key, scheduleId: c.schedule.id, occursOn: formatLocalDate(c.occursOn) }));
      const keys = await this.repo.recordPosts(trx, workspaceId, programId, run.id, posts, now);
      const fresh = list.filter((c) => keys.has(c.key));
      if (!fresh.length) {
        state = 'empty';
        if (noteRows.length) await this.s.outbox.add(trx, noteRows);
        await this.repo.finishRun(workspaceId, programId, run.id, 'empty', now, {}, trx);
        return;
      }
      const message = celebrationMessage(postInput(config, this.s.config.publicUrl, post, fresh));
      const [id] = await this.s.outbox.add(trx, [
        { workspaceId, key: `celebration:${programId}:${runOn}`, kind: 'celebration', programId, method: 'chat.postMessage', args: { channel: program.channel_id, text: message.text, blocks: message.blocks, unfurl_links: false } },
      ]);
      state = 'posted';
      await this.repo.finishRun(workspaceId, programId, run.id, 'posted', now, { outboxId: id! }, trx);
      emit(...postedEvents(workspaceId, programId, runOn, fresh, id!));
    });
    if (state && run.send_now) await this.s.programs.markSendNowComplete(programId);
  }

  /** The program kind's "send now": queued; the job posts. */
  async sendNow(program: ChannelProgram): Promise<void> {
    const requestedAt = (program.send_now_requested_at ?? this.s.clock.now()).toISOString();
    await this.s.queue.enqueue(
      celebrationsSendNow,
      { workspaceId: program.workspace_id, programId: program.id, requestedAt },
      { jobId: `celebrations-send-now:${program.id}:${Date.parse(requestedAt)}` },
    );
  }

  /** "Send now": post today's celebrations at once, or tell the owner there is nothing (new) to post. */
  async sendNowJob(workspaceId: number, programId: number, requestedAt: string): Promise<void> {
    const l = await this.loadForJob(workspaceId, programId);
    if (!l) return;
    const now = this.s.clock.now();
    const today = formatLocalDate(instantToZoned(now, l.program.tz).date);
    if (await this.repo.claimRun(workspaceId, programId, today, now, true)) {
      await this.run(workspaceId, programId, today);
      return;
    }
    const existing = await this.repo.run(workspaceId, programId, today);
    const reason = existing?.state === 'claimed' ? 'in_progress' : existing?.state === 'posted' ? 'already_posted' : 'none_today';
    const channelName = await this.calendar.channelName(workspaceId, l.program.channel_id);
    await this.s.outbox.enqueue(await this.ownerNote(l, channelName, reason, new Date(requestedAt)));
    await this.s.programs.markSendNowComplete(programId);
  }

  /**
   * The DM telling the program's owner there is nothing (new) to post, with the next celebration. Built before
   * any transaction (it reads), added inside the caller's.
   */
  private async ownerNote(l: LoadedProgram, channelName: string, reason: NoteReason, requestedAt: Date): Promise<Array<Omit<NewOutboxRow, 'notBefore'>>> {
    const ownerId = l.program.owner_member_id ?? l.program.creator_member_id;
    const owner = ownerId ? await this.schedules.member(l.ws.id, ownerId) : undefined;
    if (!owner || !isReachableHuman(owner)) return [];
    const zoned = instantToZoned(this.s.clock.now(), l.program.tz);
    const upcoming = await this.calendar.between(l, addDays(zoned.date, 1), addDays(zoned.date, 366));
    const first = upcoming.list[0];
    let next: { what: string; on: LocalDate } | null = null;
    if (first) {
      const row = upcoming.byId.get(first.schedule.id);
      const who = row?.member_name ?? first.schedule.title ?? 'someone';
      const what = first.schedule.type === 'birthday' ? `${who}'s birthday` : first.schedule.type === 'anniversary' ? `${who}'s work anniversary` : (first.schedule.title ?? who);
      next = { what, on: first.postOn };
    }
    const finalReason = reason === 'none_today' && zoned.weekday >= 6 && l.config.weekend_policy !== 'on_the_day' ? 'weekend' : reason;
    const note = nothingToCelebrateNote({ channelName, reason: finalReason, next });
    return [{ workspaceId: l.ws.id, key: `celebration-note:${l.program.id}:${requestedAt.getTime()}`, kind: 'celebration_note', method: 'dm.post', args: { users: [owner.slack_user_id], ...note } }];
  }
}

/** One `celebration.posted` per kind celebrated in the message, in the order birthdays, anniversaries, custom. */
function postedEvents(workspaceId: number, programId: number, runOn: string, posted: Celebration[], outboxId: number): PendingEvent[] {
  const kinds: ScheduleType[] = ['birthday', 'anniversary', 'custom'];
  return kinds.flatMap((kind) => {
    const ofKind = posted.filter((c) => c.schedule.type === kind);
    if (!ofKind.length) return [];
    const memberIds = [...new Set(ofKind.flatMap((c) => (c.schedule.memberId === null ? [] : [c.schedule.memberId])))];
    return [event(celebrationPosted, workspaceId, { programId, kind, scheduleIds: ofKind.map((c) => c.schedule.id), memberIds, runOn, outboxId })];
  });
}
