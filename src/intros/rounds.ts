import type { ChannelProgram, Member } from '../db/types.js';
import { event } from '../platform/events/define.js';
import { addDays, formatLocalDate, parseLocalDate, zonedToInstant } from '../time/zoned.js';
import type { IntroPreviewJson, RoundPreview } from './api-types.js';
import { introMessage, roundSkippedOwnerMessage, welcomeText, type Message } from './blocks.js';
import { introGroupCreated, introSkipped } from './events.js';
import { formatDayOfInstant, formatMeeting } from './format.js';
import { introsRound } from './jobs.js';
import { computeRound, formatReason, type Candidate, type PairingResult } from './pairing/index.js';
import { newProgramPreviewBody, updateConfigBody, type UpdateConfigBody } from './schema.js';
import type { IntrosDeps } from './deps.js';
import { type IntrosRepository, type ProgramRef, type RosterEntry } from './repository.js';
import { personJson, personName } from '../people/name.js';
import type { RoundsRepository } from './rounds.repository.js';
import { nextRoundAt, roundTimeline } from './schedule.js';
import { configColumns, type IntrosService } from './service.js';
import { defaultFixedMeetingTime, fixedMeetingDate, GROUP_PAIRING_TYPES, type IntrosSettings } from './settings-rules.js';
import { DEFAULT_INTRO_MESSAGE, INTROS_TEMPLATES } from './templates.js';
import { ICEBREAKER_LIBRARY } from './icebreakers-library.js';
import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { parse } from '../http/validate.js';
import type { IntrosConfig, IntrosRound } from './tables.js';

/** How many past rounds the engine looks at: enough to avoid repeats for a long time, bounded for speed. */
const HISTORY_ROUNDS = 52;
/** A round still pending this long after it was created is enqueued again (e.g. Redis lost its jobs). */
const STUCK_AFTER_MS = 5 * 60_000;
const CATEGORY_TYPES = new Set(['topic_based', 'cross_group_pairing', 'within_group_pairing']);
/** A group taken from the HR system (its department or location) among the pairing's categories, kept apart from category ids. */
const HR_GROUP_PREFIX = 'hr:';
const hrGrouped = (c: Pick<IntrosConfig, 'hris_groups' | 'pairing_type'>) => c.hris_groups !== 'none' && GROUP_PAIRING_TYPES.includes(c.pairing_type);

/** The engine speaks of groups people picked; with the HR system's groups, say where the group comes from instead. */
function hrTexts(result: PairingResult, by: 'department' | 'location'): PairingResult {
  const noGroup = `The HR system has no ${by} for them`;
  return {
    ...result,
    leftOut: result.leftOut.map((l) =>
      l.code === 'no_category' ? { ...l, why: noGroup } : l.code === 'alone_in_category' ? { ...l, why: l.why.replace(`from ${HR_GROUP_PREFIX}`, 'from ') } : l,
    ),
    ...(result.problem
      ? {
          problem: {
            ...result.problem,
            message: result.problem.message.startsWith('Nobody in this round has picked a group')
              ? `The HR system has no ${by} for anyone in this round, so no within-group intros could be made.`
              : result.problem.message.replace('had not picked a group', `had no ${by} in the HR system`),
          },
        }
      : {}),
  };
}

export interface RoundPlan {
  result: PairingResult;
  roster: RosterEntry[];
  byId: Map<number, Member>;
}

type OutboxRows = Parameters<IntrosService['s']['outbox']['add']>[1];

export const roundJobId = (programId: number, scheduledFor: Date, kind: IntrosRound['kind']) =>
  `intros-round:${programId}:${kind === 'send_now' ? 'sendnow:' : ''}${scheduledFor.toISOString()}`;

/** What every intro of a round shares: the channel, the settings, the meeting and check-in times, the icebreakers. */
export interface IntroParts<I extends { question: string } = { id: number; question: string }> {
  channelName: string;
  config: Pick<IntrosConfig, 'intro_message' | 'calendar_scheduling_selection' | 'video_platform'>;
  tz: string;
  fixedMeeting: { date: string; time: string } | null;
  checkinAt: Date;
  icebreakers: readonly I[];
  roundNumber: number;
  /** By group index: times every member is free by their linked calendars (groups-choose-meeting-time, all linked). */
  suggestedTimes?: ReadonlyMap<number, readonly Date[]>;
  /** By group index: the Zoom meeting's join link (video_platform zoom, when one of the group linked Zoom). */
  videoLinks?: ReadonlyMap<number, string>;
  /** Group indexes whose fixed meeting is on their calendars (one of them linked a calendar). */
  held?: ReadonlySet<number>;
}

/** Slack shows a date in each reader's own zone. */
const slackDateTime = (d: Date) => `<!date^${Math.floor(d.getTime() / 1000)}^{date_short_pretty} at {time}|${d.toISOString()}>`;

/** Groups take turns through the icebreakers, a step further each round. */
function icebreakerOf<I extends { question: string }>(parts: IntroParts<I>, index: number): I | undefined {
  return parts.icebreakers.length ? parts.icebreakers[(index + parts.roundNumber) % parts.icebreakers.length] : undefined;
}

type IntroMember = Pick<Member, 'slack_user_id' | 'real_name' | 'display_name' | 'name' | 'title' | 'tz'>;

/** The intro DM of the round's `index`th group: the one builder the run and the admin's preview both use. */
export function introFor<I extends { question: string }>(parts: IntroParts<I>, index: number, meetingId: number, members: readonly IntroMember[], reason: string): Message {
  return introMessage({
    meetingId,
    channelName: parts.channelName,
    people: members.map((m) => ({ slackUserId: m.slack_user_id, name: personName(m), title: m.title, tz: m.tz })),
    reason,
    introMessage: parts.config.intro_message,
    icebreaker: icebreakerOf(parts, index)?.question ?? null,
    fixedMeeting: parts.fixedMeeting ? formatMeeting(parts.fixedMeeting.date, parts.fixedMeeting.time, parts.tz) : null,
    calendarSelection: parts.config.calendar_scheduling_selection,
    videoPlatform: parts.config.video_platform,
    suggestedTimes: (parts.suggestedTimes?.get(index) ?? []).map(slackDateTime),
    videoLink: parts.videoLinks?.get(index) ?? null,
    held: parts.held?.has(index) ?? false,
    checkinOn: formatDayOfInstant(parts.checkinAt, parts.tz),
  });
}

/** The round's fixed meeting, when the program sets one: the planned date for a scheduled round, else the next one. */
export function fixedMeetingOf(
  config: Pick<IntrosConfig, 'calendar_scheduling_selection' | 'next_fixed_meeting_on' | 'next_fixed_meeting_time' | 'occurrence_hour' | 'period_weeks'>,
  kind: IntrosRound['kind'],
  roundDate: string,
): { date: string; time: string } | null {
  if (config.calendar_scheduling_selection !== 'fixed-meeting') return null;
  return {
    date: fixedMeetingDate(kind === 'scheduled' ? config.next_fixed_meeting_on : null, roundDate, config.period_weeks),
    time: config.next_fixed_meeting_time ?? defaultFixedMeetingTime(config.occurrence_hour),
  };
}

function previewJson(message: Message, members: readonly IntroMember[]): IntroPreviewJson {
  return { text: message.text, blocks: message.blocks, user_names: Object.fromEntries(members.map((m) => [m.slack_user_id, personName(m)])) };
}

/** Intros rounds: claiming due ones (the tick), running one (the job), and the dry run for the preview. */
export class RoundRunner {
  constructor(
    private readonly s: IntrosDeps,
    private readonly repo: IntrosRepository,
    private readonly rounds: RoundsRepository,
    private readonly intros: IntrosService,
  ) {}

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
    // Cross-group and within-group pairing may take each member's group from the HR system (its department or
    // location) instead of the interest categories; someone the HR system does not know has no group.
    const hrBy = config.hris_groups !== 'none' && useCategories && hrGrouped({ hris_groups: config.hris_groups, pairing_type: pairingType }) ? config.hris_groups : null;
    // No HR system in this Hearth (no capability provides the directory): nobody has a group.
    const hr = this.s.hrDirectory.get();
    const hrGroups = hrBy ? ((await hr?.groups(program.workspace_id, eligible.map((r) => r.member.id), hrBy)) ?? new Map<number, string>()) : null;
    const categoriesOf = (r: (typeof eligible)[number]): string[] => {
      if (!hrGroups) return (r.participant?.category_ids ?? []).map(String);
      const group = hrGroups.get(r.member.id);
      return group ? [`${HR_GROUP_PREFIX}${group}`] : [];
    };
    const candidates: Candidate[] = eligible.map((r) => ({
      id: String(r.member.id),
      ...(useCategories ? { categories: categoriesOf(r) } : {}),
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
    return { result: hrBy ? hrTexts(result, hrBy) : result, roster, byId: new Map(roster.map((r) => [r.member.id, r.member])) };
  }

  /** A dry run of the next round: nothing is sent or stored. */
  async preview(auth: AuthContext, id: number): Promise<RoundPreview> {
    const program = await this.intros.editable(auth, id);
    await this.intros.ensureRoster(program, 15 * 60_000);
    const config = await this.repo.configOrThrow(program);
    const number = (await this.rounds.lastNumber(program)) + 1;
    const scheduledFor = config.next_run_at ?? this.s.clock.now();
    const { result, roster, byId } = await this.plan(program, config, { number, scheduledFor });
    const person = (id: string) => personJson(byId.get(Number(id))!);
    const names = { person: (id: string) => personName(byId.get(Number(id))!), ...(await this.categoryNames(program, config)) };
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

  /**
   * The intro the first group of the next round would get with these settings (the saved ones, changed by any the
   * admin has not saved yet): the run's own plan, parts and builder; nothing is sent or stored. While nobody can be
   * grouped yet, the viewer and the channel's first people stand in.
   */
  async introPreview(auth: AuthContext, id: number, body: unknown): Promise<IntroPreviewJson> {
    const program = await this.intros.editable(auth, id);
    const changes: UpdateConfigBody = parse(updateConfigBody, body);
    const viewer = auth.member;
    await this.intros.ensureRoster(program, 15 * 60_000);
    const saved = await this.repo.configOrThrow(program);
    const { tz = program.tz, is_active: _active, categories: _categories, lottery_fixed_member_ids: _fixed, hris_groups, ...settings } = changes;
    const config: IntrosConfig = { ...saved, ...configColumns({ ...this.intros.settingsOf(saved), ...settings }), ...(hris_groups ? { hris_groups } : {}) };
    const ref = { ...program, tz };
    const intent = this.intros.intent(ref, config);
    const now = this.s.clock.now();
    const sameSchedule = config.weekday === saved.weekday && config.occurrence_hour === saved.occurrence_hour && config.period_weeks === saved.period_weeks && tz === program.tz;
    const scheduledFor = (sameSchedule && saved.next_run_at) || nextRoundAt(intent, { now, lastScheduledAt: null }) || now;
    const number = (await this.rounds.lastNumber(program)) + 1;
    const { result, roster, byId } = await this.plan(ref, config, { number, scheduledFor });
    const group = result.groups[0];
    const members = group ? group.members.map((id) => byId.get(Number(id))!) : [viewer, ...roster.map((r) => r.member).filter((m) => m.id !== viewer.id)].slice(0, config.group_size);
    const reason = formatReason(group?.reasonDetail ?? { kind: 'first_time', groupSize: members.length, sharedCategories: [] }, {
      person: (id) => personName(byId.get(Number(id))!),
      ...(await this.categoryNames(program, config)),
    });
    const parts: IntroParts = {
      channelName: await this.intros.channelName(program),
      config,
      tz,
      fixedMeeting: fixedMeetingOf(config, 'scheduled', this.intros.today(ref, scheduledFor)),
      checkinAt: roundTimeline(intent, scheduledFor).checkinAt,
      icebreakers: await this.repo.icebreakers(program, { activeOnly: true }),
      roundNumber: number,
    };
    return previewJson(introFor(parts, 0, 0, members, reason), members);
  }

  /**
   * A new program's first intro from a template, before it exists: the same builder, with the template's settings,
   * the shipped icebreakers, and the viewer with stand-in teammates in place of the channel's people.
   */
  /** POST /coffee/preview_as_json: a new program's first intro from a template, in its channel once one is chosen (the caller's workspace's). */
  async newProgramPreview(auth: AuthContext, body: unknown): Promise<IntroPreviewJson> {
    const { template_id: templateId, channel_id: channelId } = parse(newProgramPreviewBody, body);
    if (channelId) await this.s.channels.requireOwn(auth.workspace.id, 'channel_id', [channelId]);
    const viewer = auth.member;
    const tz = viewer.tz ?? auth.workspace.default_tz;
    const template = INTROS_TEMPLATES.find((t) => t.id === templateId);
    if (!template) throw new HttpError(400, 'template_id: not an Intros template', { template_id: 'not an Intros template' });
    const t = template.settings as Partial<IntrosSettings>;
    const period = t.period ?? 2;
    const intent = { tz, weekday: t.weekday ?? 1, occurrenceHour: t.occurrence_hour ?? 9, periodWeeks: period };
    const scheduledFor = nextRoundAt(intent, { now: this.s.clock.now(), lastScheduledAt: null }) ?? this.s.clock.now();
    const size = t.group_size ?? 2;
    const members: IntroMember[] = [
      viewer,
      ...Array.from({ length: size - 1 }, (_v, i) => ({ slack_user_id: `USAMPLE${i + 1}`, real_name: size > 2 ? `Teammate ${i + 1}` : 'A teammate', display_name: '', name: '', title: null, tz: null })),
    ];
    const parts: IntroParts<{ question: string }> = {
      channelName: channelId ? await this.intros.channelName({ workspace_id: viewer.workspace_id, channel_id: channelId }) : 'intros',
      config: { intro_message: t.intro_message ?? DEFAULT_INTRO_MESSAGE, calendar_scheduling_selection: 'none', video_platform: 'none' },
      tz,
      fixedMeeting: null,
      checkinAt: roundTimeline(intent, scheduledFor).checkinAt,
      icebreakers: ICEBREAKER_LIBRARY,
      roundNumber: 1,
    };
    return previewJson(introFor(parts, 0, 0, members, formatReason({ kind: 'first_time', groupSize: size, sharedCategories: [] })), members);
  }

  /** How the reasons name the shared categories: the interest categories ("Both picked Hiking"), or the HR system's groups ("Both work in Engineering"). */
  private async categoryNames(program: ProgramRef, config: Pick<IntrosConfig, 'hris_groups' | 'pairing_type'>): Promise<{ category: (id: string) => string; sharedVerb?: string }> {
    const categories = await this.repo.categories(program);
    const category = (id: string) => (id.startsWith(HR_GROUP_PREFIX) ? id.slice(HR_GROUP_PREFIX.length) : (categories.find((c) => String(c.id) === id)?.name ?? id));
    return hrGrouped(config) ? { category, sharedVerb: 'work in' } : { category };
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
    const categoryNames = await this.categoryNames(program, config);

    const fixedMeeting = fixedMeetingOf(config, round.kind, roundDate);
    const icebreakers = await this.repo.icebreakers(program, { activeOnly: true });
    // Each group picks its time: when all of a group linked a calendar, the DM suggests times they are all free
    // (asked before the transaction: the calendars are outside calls).
    const suggestedTimes = new Map<number, Date[]>();
    const calendars = this.s.calendars.get();
    const video = this.s.videoMeetings.get();
    if (calendars && config.calendar_scheduling_selection === 'groups-choose-meeting-time')
      for (const [index, group] of result.groups.entries()) {
        const times = await calendars.freeTimes(program.workspace_id, group.members.map(Number), program.tz).catch(() => null);
        if (times?.length) suggestedTimes.set(index, times);
      }
    // Zoom as the video link: a meeting per group, hosted by one of them who linked Zoom (at the fixed meeting's
    // time, else with no fixed time). Also an outside call, so before the transaction, made once per round and
    // group (the key): a run of this round again after a crash reuses the meeting rather than making another.
    const videoLinks = new Map<number, string>();
    const [h, m] = (fixedMeeting?.time ?? '0:0').split(':').map(Number);
    const start = fixedMeeting ? zonedToInstant(parseLocalDate(fixedMeeting.date), h! * 60 + m!, program.tz) : null;
    if (video && config.video_platform === 'zoom') {
      for (const [index, group] of result.groups.entries()) {
        const topic = `${group.members.length === 2 ? 'Coffee chat' : 'Group chat'} · #${channelName}`;
        const link = await video.meeting(program.workspace_id, `${groupKey(round.id, group.members)}:zoom`, group.members.map(Number), { topic, start, durationMinutes: 30, tz: program.tz }).catch(() => null);
        if (link) videoLinks.set(index, link);
      }
    }
    // The fixed meeting's hold: on the calendar of one of the group who linked one, the others invited (with the
    // Zoom link when there is one).
    const held = new Set<number>();
    if (calendars && start)
      for (const [index, group] of result.groups.entries()) {
        const title = `${group.members.length === 2 ? 'Coffee chat' : 'Group chat'} · #${channelName}`;
        const description = `An intro from Hearth through #${channelName}.${videoLinks.get(index) ? ` Join: ${videoLinks.get(index)}` : ''}`;
        const ok = await calendars.holdMeeting(program.workspace_id, `${groupKey(round.id, group.members)}:hold`, group.members.map(Number), { title, description, start, end: new Date(start.getTime() + 30 * 60_000) }).catch(() => false);
        if (ok) held.add(index);
      }
    const parts: IntroParts = { channelName, config, tz: program.tz, fixedMeeting, checkinAt: timeline.checkinAt, icebreakers, roundNumber: round.number, suggestedTimes, videoLinks, held };
    const welcome = welcomeText(await this.repo.teamWelcome(program.workspace_id), channelName);
    const grouped = new Set(result.groups.flatMap((g) => g.members).map(Number));
    const welcomed = welcome ? await this.repo.welcomed(program, [...grouped]) : grouped;
    const firstTimers = new Set([...grouped].filter((id) => !welcomed.has(id)));
    const state = result.groups.length > 0 ? 'sent' : 'skipped';

    const finished = await this.s.events.transaction(async (trx, emit) => {
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
        const reason = formatReason(group.reasonDetail, { person: (id) => personName(byId.get(Number(id))!), ...categoryNames });
        const key = `intro:${round.id}:${index}`;
        const memberIds = members.map((m) => m.id);
        const meetingId = await this.rounds.createMeeting(trx, program, round.id, { groupIndex: index, reason, reasonDetail: group.reasonDetail, introKey: key, memberIds }, now);
        emit(event(introGroupCreated, program.workspace_id, { programId: program.id, roundId: round.id, meetingId, memberIds }));
        const message = introFor(parts, index, meetingId, members, reason);
        rows.push({ workspaceId: program.workspace_id, key, kind: 'intro', programId: program.id, method: 'dm.post', args: { users: members.map((m) => m.slack_user_id), text: message.text, blocks: message.blocks } });
      }
      const used = new Set(result.groups.map((_g, index) => icebreakerOf(parts, index)?.id).filter((id) => id !== undefined));
      await this.repo.countIcebreakerUse(trx, program, [...used]);

      await this.repo.updateParticipants(trx, program, [...grouped], { times_left_out: 0, last_selected_round: round.number, updated_at: now });
      const capped = result.leftOut.filter((l) => l.code === 'free_plan_cap').map((l) => Number(l.id));
      if (capped.length) await this.repo.bumpParticipants(trx, program, capped, 'times_left_out', now);

      if (welcome && firstTimers.size) {
        for (const id of firstTimers) {
          const m = byId.get(id)!;
          rows.push({ workspaceId: program.workspace_id, key: `intro-welcome:${program.id}:${id}`, kind: 'intro', programId: program.id, method: 'dm.post', args: { users: [m.slack_user_id], text: welcome } });
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
    if (finished === null) return;
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

/** One group of one round, whatever order its members come in: the key of what is made for it outside Slack. */
const groupKey = (roundId: number, members: readonly (string | number)[]) => `intro:${roundId}:${members.map(Number).sort((a, b) => a - b).join('-')}`;
