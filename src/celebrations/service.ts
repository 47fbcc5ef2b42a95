import { paymentRequired, planAccess, type PlanAccess } from '../billing/plan.js';
import type { ChannelProgram, Member, Workspace } from '../db/types.js';
import type { CelebrationsDeps } from './deps.js';
import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { isReachableHuman } from '../people/service.js';
import type { ProgramTemplate, ProgramSummary } from '../programs/kinds.js';
import type { ProgramJson } from '../programs/service.js';
import { addDays, compareLocalDate, formatLocalDate, instantToZoned, parseLocalDate, type LocalDate } from '../time/zoned.js';
import { askForDatesMessage, celebrationMessage, datesModal, datesSavedMessage, homeSection, nothingToCelebrateNote } from './blocks.js';
import { MAX_IMPORT_BYTES, parseDatesCsv } from './csv.js';
import {
  celebrationsBetween,
  firstRunDate,
  formatMonthDay,
  isStale,
  isValidDate,
  monthDayString,
  nextRunDateAfter,
  runInstant,
  type Celebration,
  type CelebrationRules,
} from './dates.js';
import { CelebrationRepository, memberName, toScheduleInput, type MemberDate, type ScheduleRow } from './repository.js';
import { birthYearProblem, monthDayProblem, readDatesSubmission, startDateProblem, type ViewValues } from './submission.js';
import type { NewOutboxRow } from '../outbox/repository.js';
import { type AssetImport, type CelebrationConfig, type ImportRowError, type ScheduleType, type WeekendPolicy } from './tables.js';
import type { Trx } from '../db/index.js';
import { DEFAULT_TEMPLATES } from './templates.js';
import { celebrationsImportDates, celebrationsRoster, celebrationsRun, celebrationsSendNow } from './jobs.js';
import { homePublish } from '../slack/jobs.js';

/**
 * The free plan celebrates every birthday and work anniversary, in every program, plus this many custom dates
 * (a custom date counts once however many programs include it). Premium: unlimited custom dates.
 */
export const FREE_CUSTOM_CELEBRATIONS = 2;
/** A kept channel roster older than this is read again from Slack before it is shown or used. */
const ROSTER_FRESH_MS = 10 * 60_000;
/** A claimed run whose job vanished (Redis lost it, a worker died) is enqueued again after this long. */
const RUN_RETRY_AFTER_MS = 5 * 60_000;
const DEFAULT_MINUTE = 9 * 60;

export const CELEBRATION_TEMPLATES: ProgramTemplate[] = [
  {
    id: 'celebrations-birthdays-anniversaries',
    name: 'Birthdays & work anniversaries',
    description: 'Celebrate everyone in the channel on their birthday and work anniversary, at 9:00 on the day. Weekend dates are celebrated on the Friday before.',
    type: 'CelebrationProgram',
    is_default: true,
    settings: { birthdays: true, anniversaries: true, custom: true, hour: 9, weekend_policy: 'friday_before' },
  },
  {
    id: 'celebrations-birthdays',
    name: 'Birthdays',
    description: 'A warm birthday message in the channel, several people on one day sharing one message. Birth years are never shown.',
    type: 'CelebrationProgram',
    is_default: true,
    settings: { birthdays: true, anniversaries: false, custom: true, hour: 9, weekend_policy: 'friday_before' },
  },
  {
    id: 'celebrations-anniversaries',
    name: 'Work anniversaries',
    description: 'Thank people on each anniversary of the day they joined, with the number of years.',
    type: 'CelebrationProgram',
    is_default: true,
    settings: { birthdays: false, anniversaries: true, custom: true, hour: 9, weekend_policy: 'friday_before' },
  },
];

export interface CelebrationSettingsJson {
  id: number;
  birthdays_enabled: boolean;
  anniversaries_enabled: boolean;
  custom_enabled: boolean;
  posting_hour: number;
  post_minute: number;
  time_zone: string;
  weekend_policy: WeekendPolicy;
  leap_day_policy: 'feb28' | 'mar1';
  birthday_template: string;
  anniversary_template: string;
  next_run_at: string | null;
}

export interface ProgramUpdate {
  is_active?: boolean;
  birthdays_enabled?: boolean;
  anniversaries_enabled?: boolean;
  custom_enabled?: boolean;
  posting_hour?: number;
  time_zone?: string;
  weekend_policy?: WeekendPolicy;
  birthday_template?: string;
  anniversary_template?: string;
  leap_day_policy?: 'feb28' | 'mar1';
}

export interface ScheduleJson {
  celebration_schedule_id: number | null;
  celebration_program_id: number;
  schedule_type: ScheduleType;
  user_id: number | null;
  slack_user_id: string | null;
  name: string | null;
  avatar_url: string | null;
  /** Birthday: "MM-DD" (the year is private and never leaves the server). Anniversary: "YYYY-MM-DD". Custom: "MM-DD". */
  date: string | null;
  display_date: string | null;
  /** Custom dates: the first year, for {years}. */
  year: number | null;
  title: string | null;
  message: string | null;
  included: boolean;
  source: string | null;
}

export interface MyScheduleJson {
  celebration_type: 'birthday' | 'anniversary';
  celebration_schedule_id: number | null;
  date: string | null;
  display_date: string | null;
  /** A private birth year is on file (never shown). */
  has_year: boolean;
  available_channels: Array<{ uid: string; name: string }>;
  selected_channel_ids: string[];
}

export interface EventJson {
  key: string;
  type: ScheduleType;
  post_on: string;
  occurs_on: string;
  posts_at: string;
  shifted: boolean;
  posted: boolean;
  user_id: number | null;
  slack_user_id: string | null;
  name: string | null;
  avatar_url: string | null;
  title: string | null;
  years: number | null;
}

export interface ImportJson {
  id: number;
  program_id: number;
  program_type: string;
  state: AssetImport['state'];
  file_name: string;
  file_size: number;
  errors: ImportRowError[];
  summary: AssetImport['summary'];
  created_at: string;
}

interface Loaded {
  ws: Workspace;
  program: ChannelProgram;
  config: CelebrationConfig;
}

const asLocal = (s: string) => parseLocalDate(s);

/** Celebrations: program settings, people's dates, posting on the day, asking for dates and importing them. */
export class CelebrationService {
  readonly repo: CelebrationRepository;

  constructor(private readonly s: CelebrationsDeps) {
    this.repo = new CelebrationRepository(s.db);
  }

  private get db() {
    return this.repo.db;
  }

  private now(): Date {
    return this.s.clock.now();
  }

  // ---------------------------------------------------------------------------------------------
  // Programs

  async createConfig(trx: Trx, program: ChannelProgram, template: ProgramTemplate): Promise<void> {
    const t = template.settings as { birthdays?: boolean; anniversaries?: boolean; custom?: boolean; hour?: number; weekend_policy?: WeekendPolicy };
    const minute = typeof t.hour === 'number' ? t.hour * 60 : DEFAULT_MINUTE;
    const now = this.now();
    const next = firstRunDate(now, minute, program.tz);
    await trx
      .insertInto('celebration_programs')
      .values({
        program_id: program.id,
        workspace_id: program.workspace_id,
        birthdays_enabled: t.birthdays ?? true,
        anniversaries_enabled: t.anniversaries ?? true,
        custom_enabled: t.custom ?? true,
        post_minute: minute,
        weekend_policy: t.weekend_policy ?? 'friday_before',
        birthday_template: DEFAULT_TEMPLATES.birthday,
        anniversary_template: DEFAULT_TEMPLATES.anniversary,
        next_run_on: formatLocalDate(next),
        next_run_at: runInstant(next, minute, program.tz),
        roster_synced_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  /** A program of the caller's workspace with its settings (404 for another workspace's). */
  async load(workspace: Workspace, program: ChannelProgram): Promise<Loaded> {
    const config = await this.repo.config(program.id);
    if (!config) throw new HttpError(404, 'Not found');
    return { ws: workspace, program, config };
  }

  settingsJson(l: Loaded): CelebrationSettingsJson {
    const c = l.config;
    return {
      id: l.program.id,
      birthdays_enabled: c.birthdays_enabled,
      anniversaries_enabled: c.anniversaries_enabled,
      custom_enabled: c.custom_enabled,
      posting_hour: Math.floor(c.post_minute / 60),
      post_minute: c.post_minute,
      time_zone: l.program.tz,
      weekend_policy: c.weekend_policy,
      leap_day_policy: l.ws.leap_day_policy,
      birthday_template: c.birthday_template,
      anniversary_template: c.anniversary_template,
      next_run_at: c.next_run_at ? c.next_run_at.toISOString() : null,
    };
  }

  /** GET /celebrations/{id}: the shared program JSON, the settings, defaults and the plan's custom-date allowance. */
  async show(auth: AuthContext, program: ChannelProgram) {
    await this.refreshRoster(auth.workspace, program).catch(() => undefined);
    const l = await this.load(auth.workspace, program);
    const [json] = await this.s.programs.serialize(auth.workspace, [program]);
    const access = await planAccess(this.s.db, auth.workspace.id, this.now());
    const active = await this.repo.activeCustomCount(this.db, auth.workspace.id);
    return {
      program: json as ProgramJson,
      celebration: this.settingsJson(l),
      default_templates: DEFAULT_TEMPLATES,
      can_change_leap_day_policy: auth.isAdmin,
      plan: { paid: access.paidFeatureAccess, custom_limit: access.paidFeatureAccess ? null : FREE_CUSTOM_CELEBRATIONS, custom_active: active },
    };
  }

  /** PUT /celebrations/{id}/update_as_json: one transaction, then the next posting time is worked out again. */
  async update(auth: AuthContext, program: ChannelProgram, input: ProgramUpdate) {
    const l = await this.load(auth.workspace, program);
    if (input.leap_day_policy !== undefined && input.leap_day_policy !== auth.workspace.leap_day_policy && !auth.isAdmin)
      throw new HttpError(403, 'Only workspace admins can change how 29 February is celebrated', { leap_day_policy: 'admins only' });
    const enabled = {
      birthday: input.birthdays_enabled ?? l.config.birthdays_enabled,
      anniversary: input.anniversaries_enabled ?? l.config.anniversaries_enabled,
      custom: input.custom_enabled ?? l.config.custom_enabled,
    };
    if (!enabled.birthday && !enabled.anniversary && !enabled.custom)
      throw new HttpError(400, 'Choose at least one kind of celebration', { birthdays_enabled: 'choose at least one kind of celebration' });
    const now = this.now();
    const tz = input.time_zone ?? program.tz;
    const minute = input.posting_hour !== undefined ? input.posting_hour * 60 : l.config.post_minute;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('channel_programs')
        .set({ tz, ...(input.is_active !== undefined ? { is_active: input.is_active } : {}), updated_at: now })
        .where('id', '=', program.id)
        .where('workspace_id', '=', auth.workspace.id)
        .execute();
      if (input.leap_day_policy !== undefined)
        await trx.updateTable('workspaces').set({ leap_day_policy: input.leap_day_policy, updated_at: now }).where('id', '=', auth.workspace.id).execute();
      const next = await this.nextRunDate(trx, program.id, l.config, now, minute, tz);
      await trx
        .updateTable('celebration_programs')
        .set({
          birthdays_enabled: enabled.birthday,
          anniversaries_enabled: enabled.anniversary,
          custom_enabled: enabled.custom,
          post_minute: minute,
          ...(input.weekend_policy ? { weekend_policy: input.weekend_policy } : {}),
          ...(input.birthday_template !== undefined ? { birthday_template: input.birthday_template.trim() } : {}),
          ...(input.anniversary_template !== undefined ? { anniversary_template: input.anniversary_template.trim() } : {}),
          next_run_on: formatLocalDate(next),
          next_run_at: runInstant(next, minute, tz),
          updated_at: now,
        })
        .where('program_id', '=', program.id)
        .execute();
    });
    const fresh = await this.s.programs.get(auth.workspace.id, program.id);
    const ws = (await this.s.workspaces.byId(auth.workspace.id))!;
    return this.show({ ...auth, workspace: ws }, fresh);
  }

  /**
   * The posting date after a settings change: today's still-pending run stays today (due at once if its new
   * time has passed, unless that is more than a day late); otherwise the first time ahead. Runs are unique per
   * program and date, so a date already posted is never posted again.
   */
  private async nextRunDate(trx: Trx, programId: number, config: CelebrationConfig, now: Date, minute: number, tz: string): Promise<LocalDate> {
    const today = instantToZoned(now, tz).date;
    if (config.next_run_on && compareLocalDate(asLocal(config.next_run_on), today) <= 0 && !isStale(today, now, minute, tz)) {
      const ran = await this.repo.run(programId, formatLocalDate(today), trx);
      if (!ran) return today;
    }
    return firstRunDate(now, minute, tz);
  }

  // ---------------------------------------------------------------------------------------------
  // Rosters and who a program celebrates

  /** Reads the channel's members from Slack when the kept roster is stale (best effort). */
  async refreshRoster(ws: Workspace, program: ChannelProgram, force = false): Promise<void> {
    const config = await this.repo.config(program.id);
    if (!config) return;
    const now = this.now();
    if (!force && config.roster_synced_at && now.getTime() - config.roster_synced_at.getTime() < ROSTER_FRESH_MS) return;
    try {
      const client = await this.s.clients.forWorkspace(ws.id);
      await this.s.channels.syncRoster(ws, program.channel_id, client);
      await this.db.updateTable('celebration_programs').set({ roster_synced_at: now }).where('program_id', '=', program.id).execute();
    } catch (err) {
      this.s.log.warn({ err, programId: program.id }, 'celebrations: could not read the channel roster; using the kept one');
    }
  }

  async rosterJob(programId: number): Promise<void> {
    const program = await this.db.selectFrom('channel_programs').selectAll().where('id', '=', programId).executeTakeFirst();
    const ws = program && (await this.s.workspaces.byId(program.workspace_id));
    if (program && ws && !ws.paused_at) await this.refreshRoster(ws, program, true);
  }

  /** Reachable humans in the program's channel, by member id. */
  private async audience(ws: Workspace, program: ChannelProgram): Promise<Map<number, Member>> {
    const members = await this.repo.channelMembers(ws.id, program.channel_id);
    return new Map(members.filter(isReachableHuman).map((m) => [m.id, m]));
  }

  private async rules(l: Loaded): Promise<{ schedules: ScheduleRow[]; rules: CelebrationRules; audience: Map<number, Member>; inclusions: Map<number, boolean> }> {
    const [audience, schedules, inclusions] = await Promise.all([this.audience(l.ws, l.program), this.repo.schedules(l.ws.id), this.repo.inclusions(l.program.id)]);
    const rules: CelebrationRules = {
      teamId: l.ws.team_id,
      policy: l.config.weekend_policy,
      leap: l.ws.leap_day_policy,
      enabled: { birthday: l.config.birthdays_enabled, anniversary: l.config.anniversaries_enabled, custom: l.config.custom_enabled },
      eligible: (s) => {
        const included = inclusions.get(s.id);
        if (s.type === 'custom') return included === true && (s.memberId === null || audience.has(s.memberId));
        return included !== false && s.memberId !== null && audience.has(s.memberId);
      },
    };
    return { schedules, rules, audience, inclusions };
  }

  private async celebrations(l: Loaded, from: LocalDate, to: LocalDate): Promise<{ list: Celebration[]; byId: Map<number, ScheduleRow> }> {
    const { schedules, rules } = await this.rules(l);
    return { list: celebrationsBetween(schedules.map(toScheduleInput), from, to, rules), byId: new Map(schedules.map((r) => [r.id, r])) };
  }

  // ---------------------------------------------------------------------------------------------
  // The program kind

  async summarize(programs: ChannelProgram[]): Promise<Map<number, ProgramSummary>> {
    const out = new Map<number, ProgramSummary>();
    const configs = new Map((await this.repo.configs(programs.map((p) => p.id))).map((c) => [c.program_id, c]));
    const workspaces = new Map<number, Workspace>();
    for (const program of programs) {
      const config = configs.get(program.id);
      let ws = workspaces.get(program.workspace_id);
      if (!ws) {
        ws = await this.s.workspaces.byId(program.workspace_id);
        if (ws) workspaces.set(ws.id, ws);
      }
      if (!config || !ws) continue;
      const l = { ws, program, config };
      const { schedules, rules, audience } = await this.rules(l);
      const celebrated = new Set(schedules.filter((s) => s.member_id !== null && s.schedule_type !== 'custom' && rules.eligible(toScheduleInput(s))).map((s) => s.member_id));
      const from = config.next_run_on ? asLocal(config.next_run_on) : instantToZoned(this.now(), program.tz).date;
      const next = celebrationsBetween(schedules.map(toScheduleInput), from, addDays(from, 366), rules)[0];
      out.set(program.id, {
        numParticipants: [...celebrated].filter((id) => id !== null && audience.has(id)).length,
        nextOccurrenceAt: next ? runInstant(next.postOn, config.post_minute, program.tz) : null,
      });
    }
    return out;
  }

  async sendNow(program: ChannelProgram): Promise<void> {
    const requestedAt = (program.send_now_requested_at ?? this.now()).toISOString();
    await this.s.queue.enqueue(celebrationsSendNow, { programId: program.id, requestedAt }, { jobId: `celebrations-send-now:${program.id}:${Date.parse(requestedAt)}` });
  }

  // ---------------------------------------------------------------------------------------------
  // Posting

  /** The tick: claim programs whose posting time has come (SKIP LOCKED), claim their run, move them on a day. */
  async collectDue(now: Date): Promise<number> {
    const claimed = await this.db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('celebration_programs')
        .selectAll()
        .where('next_run_at', '<=', now)
        .where('program_id', 'in', (eb) =>
          eb
            .selectFrom('channel_programs as p')
            .innerJoin('workspaces as w', 'w.id', 'p.workspace_id')
            .select('p.id')
            .where('p.is_active', '=', true)
            .where('w.paused_at', 'is', null),
        )
        .forUpdate()
        .skipLocked()
        .execute();
      const runs: Array<{ programId: number; runOn: string }> = [];
      for (const c of due) {
        const program = await trx.selectFrom('channel_programs').select(['tz']).where('id', '=', c.program_id).executeTakeFirstOrThrow();
        const runOn = c.next_run_on ?? formatLocalDate(instantToZoned(now, program.tz).date);
        if (await this.repo.claimRun(trx, c.program_id, runOn, now, false)) runs.push({ programId: c.program_id, runOn });
        const next = nextRunDateAfter(asLocal(runOn), now, c.post_minute, program.tz);
        await trx
          .updateTable('celebration_programs')
          .set({ next_run_on: formatLocalDate(next), next_run_at: runInstant(next, c.post_minute, program.tz) })
          .where('program_id', '=', c.program_id)
          .execute();
      }
      // Runs whose job went missing: claimed long ago and still unfinished. Bumping claimed_at paces the retries.
      const stuck = await trx
        .updateTable('celebration_runs')
        .set({ claimed_at: now })
        .where('state', '=', 'claimed')
        .where('claimed_at', '<', new Date(now.getTime() - RUN_RETRY_AFTER_MS))
        .where('claimed_at', '>', new Date(now.getTime() - 2 * 86_400_000))
        .returning(['program_id', 'run_on'])
        .execute();
      // New programs: read their channel's members once, so lists and counts are right before the first run.
      const rosters = await trx
        .updateTable('celebration_programs')
        .set({ roster_synced_at: now })
        .where('roster_synced_at', 'is', null)
        .returning('program_id')
        .execute();
      return { runs, stuck, rosters };
    });
    for (const r of claimed.rosters) await this.s.queue.enqueue(celebrationsRoster, { programId: r.program_id }, { jobId: `celebrations-roster:${r.program_id}` });
    for (const r of claimed.runs) await this.s.queue.enqueue(celebrationsRun, r, { jobId: `celebrations-run:${r.programId}:${r.runOn}` });
    for (const r of claimed.stuck)
      await this.s.queue.enqueue(celebrationsRun, { programId: r.program_id, runOn: r.run_on }, { jobId: `celebrations-run:${r.program_id}:${r.run_on}:retry:${now.getTime()}` });
    return claimed.runs.length + claimed.stuck.length + claimed.rosters.length;
  }

  async nextDue(): Promise<Date | null> {
    const row = await this.db
      .selectFrom('celebration_programs as c')
      .innerJoin('channel_programs as p', 'p.id', 'c.program_id')
      .innerJoin('workspaces as w', 'w.id', 'p.workspace_id')
      .select((eb) => eb.fn.min('c.next_run_at').as('next'))
      .where('p.is_active', '=', true)
      .where('w.paused_at', 'is', null)
      .executeTakeFirst();
    const unread = await this.db.selectFrom('celebration_programs').select('program_id').where('roster_synced_at', 'is', null).executeTakeFirst();
    if (unread) return this.now();
    const stuck = await this.db.selectFrom('celebration_runs').select((eb) => eb.fn.min('claimed_at').as('at')).where('state', '=', 'claimed').executeTakeFirst();
    const candidates = [row?.next ? new Date(row.next) : null, stuck?.at ? new Date(new Date(stuck.at).getTime() + RUN_RETRY_AFTER_MS) : null].filter((d): d is Date => d !== null);
    return candidates.sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
  }

  /**
   * One program's run for one posting date: who is celebrated is decided now (roster read from Slack, dates,
   * opt-outs), the ledger keeps each celebration to once a year, and one message goes to the outbox under
   * `celebration:{program}:{date}` in the same transaction that marks the run done. Safe to run twice.
   */
  async run(programId: number, runOn: string): Promise<void> {
    const run = await this.repo.run(programId, runOn);
    if (!run || run.state !== 'claimed') return;
    const program = await this.db.selectFrom('channel_programs').selectAll().where('id', '=', programId).executeTakeFirst();
    const ws = program && (await this.s.workspaces.byId(program.workspace_id));
    const config = program && (await this.repo.config(programId));
    const now = this.now();
    const post = asLocal(runOn);
    if (!program || !ws || !config) return;
    const finishEarly = async (note: string) => {
      await this.repo.finishRun(this.db, run.id, 'skipped', now, { note });
      if (run.send_now) await this.s.programs.markSendNowComplete(programId);
    };
    if (ws.paused_at) return finishEarly('workspace paused');
    if (!run.send_now && !program.is_active) return finishEarly('program paused');
    if (!run.send_now && isStale(post, now, config.post_minute, program.tz)) {
      this.s.log.warn({ programId, runOn }, 'celebrations: run is more than a day late; skipped');
      return finishEarly('more than a day late');
    }

    await this.refreshRoster(ws, program, true);
    const l = { ws, program, config };
    const { list } = await this.celebrations(l, post, post);
    const channelName = await this.channelName(ws.id, program.channel_id);
    const noteRows = run.send_now ? await this.ownerNote(l, channelName, 'none_today', run.claimed_at) : [];

    const outboxIds: number[] = [];
    let state: 'posted' | 'empty' | undefined;
    await this.db.transaction().execute(async (trx) => {
      const locked = await trx.selectFrom('celebration_runs').select('state').where('id', '=', run.id).forUpdate().executeTakeFirst();
      if (locked?.state !== 'claimed') return;
      let fresh: Celebration[] = [];
      if (list.length) {
        const inserted = await trx
          .insertInto('celebration_posts')
          .values(list.map((c) => ({ program_id: programId, celebration_key: c.key, run_id: run.id, schedule_id: c.schedule.id, occurs_on: formatLocalDate(c.occursOn), created_at: now })))
          .onConflict((oc) => oc.columns(['program_id', 'celebration_key']).doNothing())
          .returning('celebration_key')
          .execute();
        const keys = new Set(inserted.map((r) => r.celebration_key));
        fresh = list.filter((c) => keys.has(c.key));
      }
      if (!fresh.length) {
        state = 'empty';
        if (noteRows.length) outboxIds.push(...(await this.s.outbox.add(trx, noteRows)));
        await this.repo.finishRun(trx, run.id, 'empty', now);
        return;
      }
      const message = celebrationMessage({ post, policy: config.weekend_policy, celebrations: fresh, templates: { birthday: config.birthday_template, anniversary: config.anniversary_template } });
      const [id] = await this.s.outbox.add(trx, [
        { workspaceId: ws.id, key: `celebration:${programId}:${runOn}`, kind: 'celebration', method: 'chat.postMessage', args: { channel: program.channel_id, text: message.text, blocks: message.blocks, unfurl_links: false } },
      ]);
      outboxIds.push(id!);
      state = 'posted';
      await this.repo.finishRun(trx, run.id, 'posted', now, { outboxId: id! });
    });
    await this.s.outbox.kick(outboxIds);
    if (state && run.send_now) await this.s.programs.markSendNowComplete(programId);
  }

  /** "Send now": post today's celebrations at once, or tell the owner there is nothing (new) to post. */
  async sendNowJob(programId: number, requestedAt: string): Promise<void> {
    const program = await this.db.selectFrom('channel_programs').selectAll().where('id', '=', programId).executeTakeFirst();
    const ws = program && (await this.s.workspaces.byId(program.workspace_id));
    const config = program && (await this.repo.config(programId));
    if (!program || !ws || !config) return;
    const now = this.now();
    const today = formatLocalDate(instantToZoned(now, program.tz).date);
    if (await this.repo.claimRun(this.db, programId, today, now, true)) {
      await this.run(programId, today);
      return;
    }
    const existing = await this.repo.run(programId, today);
    const reason = existing?.state === 'claimed' ? 'in_progress' : existing?.state === 'posted' ? 'already_posted' : 'none_today';
    const channelName = await this.channelName(ws.id, program.channel_id);
    await this.s.outbox.enqueue(await this.ownerNote({ ws, program, config }, channelName, reason, new Date(requestedAt)));
    await this.s.programs.markSendNowComplete(programId);
  }

  /**
   * The DM telling the program's owner there is nothing (new) to post, with the next celebration. Built before
   * any transaction (it reads), added inside the caller's.
   */
  private async ownerNote(l: Loaded, channelName: string, reason: 'none_today' | 'already_posted' | 'in_progress', requestedAt: Date): Promise<Array<Omit<NewOutboxRow, 'notBefore'>>> {
    const ownerId = l.program.owner_member_id ?? l.program.creator_member_id;
    const owner = ownerId ? await this.s.db.selectFrom('members').selectAll().where('id', '=', ownerId).executeTakeFirst() : undefined;
    if (!owner || !isReachableHuman(owner)) return [];
    const zoned = instantToZoned(this.now(), l.program.tz);
    const upcoming = await this.celebrations(l, addDays(zoned.date, 1), addDays(zoned.date, 366));
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

  private async channelName(workspaceId: number, channelId: string): Promise<string> {
    return (await this.s.channels.byId(workspaceId, channelId))?.name ?? channelId;
  }

  // ---------------------------------------------------------------------------------------------
  // Upcoming

  async events(auth: AuthContext, program: ChannelProgram, days: number): Promise<{ days: number; events: EventJson[] }> {
    await this.refreshRoster(auth.workspace, program).catch(() => undefined);
    const l = await this.load(auth.workspace, program);
    const today = instantToZoned(this.now(), program.tz).date;
    const { list, byId } = await this.celebrations(l, today, addDays(today, days - 1));
    const posted = new Set(
      list.length
        ? (await this.db.selectFrom('celebration_posts').select('celebration_key').where('program_id', '=', program.id).where('celebration_key', 'in', list.map((c) => c.key)).execute()).map((r) => r.celebration_key)
        : [],
    );
    return {
      days,
      events: list.map((c) => {
        const row = byId.get(c.schedule.id);
        return {
          key: c.key,
          type: c.schedule.type,
          post_on: formatLocalDate(c.postOn),
          occurs_on: formatLocalDate(c.occursOn),
          posts_at: runInstant(c.postOn, l.config.post_minute, program.tz).toISOString(),
          shifted: compareLocalDate(c.postOn, c.occursOn) !== 0,
          posted: posted.has(c.key),
          user_id: c.schedule.memberId,
          slack_user_id: c.schedule.slackUserId,
          name: row?.member_name ?? null,
          avatar_url: row?.avatar_url ?? null,
          title: c.schedule.title,
          years: c.years,
        };
      }),
    };
  }

  /** Start dates ahead (new hires), for admins and the editors of a celebrations program. */
  async upcomingNewHires(auth: AuthContext, days: number) {
    if (!auth.isAdmin) {
      const editable = (await this.s.programs.listEditable(auth)).some((p) => p.type === 'CelebrationProgram');
      if (!editable) throw new HttpError(403, 'Only admins and the editors of a celebrations program can see start dates');
    }
    const today = instantToZoned(this.now(), auth.member.tz ?? auth.workspace.default_tz).date;
    const until = addDays(today, days);
    const rows = await this.repo.schedules(auth.workspace.id, { type: 'anniversary' });
    const hires = rows
      .filter((r) => r.year !== null && !r.is_bot && !r.deleted && !r.is_external)
      .map((r) => ({ r, start: { year: r.year!, month: r.month, day: r.day } }))
      .filter(({ start }) => compareLocalDate(start, today) >= 0 && compareLocalDate(start, until) <= 0)
      .sort((a, b) => compareLocalDate(a.start, b.start));
    const dayNumber = (d: LocalDate) => Date.UTC(d.year, d.month - 1, d.day) / 86_400_000;
    return {
      days,
      new_hires: hires.map(({ r, start }) => ({
        user_id: r.member_id,
        slack_user_id: r.slack_user_id,
        name: r.member_name,
        avatar_url: r.avatar_url,
        start_date: formatLocalDate(start),
        days_until: dayNumber(start) - dayNumber(today),
      })),
    };
  }

  // ---------------------------------------------------------------------------------------------
  // Schedules (admins and editors)

  private scheduleJson(r: ScheduleRow, programId: number, included: boolean): ScheduleJson {
    const md = { month: r.month, day: r.day };
    const date =
      r.schedule_type === 'anniversary' && r.year !== null ? formatLocalDate({ year: r.year, month: r.month, day: r.day }) : monthDayString(md);
    return {
      celebration_schedule_id: r.id,
      celebration_program_id: programId,
      schedule_type: r.schedule_type,
      user_id: r.member_id,
      slack_user_id: r.slack_user_id,
      name: r.member_name,
      avatar_url: r.avatar_url,
      date,
      display_date: r.schedule_type === 'anniversary' && r.year !== null ? `${formatMonthDay(md)} ${r.year}` : formatMonthDay(md),
      year: r.schedule_type === 'custom' ? r.year : null,
      title: r.title,
      message: r.message,
      included,
      source: r.source,
    };
  }

  private isIncluded(r: Pick<ScheduleRow, 'schedule_type'>, row: boolean | undefined): boolean {
    return row ?? r.schedule_type !== 'custom';
  }

  /** GET /celebration_schedules/index_as_json: the channel's people with their date of this type, or the custom dates. */
  async index(auth: AuthContext, program: ChannelProgram, type: ScheduleType) {
    await this.refreshRoster(auth.workspace, program).catch(() => undefined);
    const l = await this.load(auth.workspace, program);
    const inclusions = await this.repo.inclusions(program.id);
    if (type === 'custom') {
      const rows = await this.repo.schedules(auth.workspace.id, { type: 'custom' });
      const access = await planAccess(this.s.db, auth.workspace.id, this.now());
      return {
        schedules: rows.map((r) => this.scheduleJson(r, program.id, this.isIncluded(r, inclusions.get(r.id)))),
        limit: { paid: access.paidFeatureAccess, custom_limit: access.paidFeatureAccess ? null : FREE_CUSTOM_CELEBRATIONS, custom_active: await this.repo.activeCustomCount(this.db, auth.workspace.id) },
      };
    }
    const audience = [...(await this.audience(l.ws, l.program)).values()].sort((a, b) => memberName(a).localeCompare(memberName(b)));
    const rows = await this.repo.schedules(auth.workspace.id, { type, memberIds: audience.map((m) => m.id) });
    const byMember = new Map(rows.map((r) => [r.member_id, r]));
    const schedules: ScheduleJson[] = audience.map((m) => {
      const r = byMember.get(m.id);
      if (r) return this.scheduleJson(r, program.id, this.isIncluded(r, inclusions.get(r.id)));
      return {
        celebration_schedule_id: null,
        celebration_program_id: program.id,
        schedule_type: type,
        user_id: m.id,
        slack_user_id: m.slack_user_id,
        name: memberName(m),
        avatar_url: m.avatar_url,
        date: null,
        display_date: null,
        year: null,
        title: null,
        message: null,
        included: true,
        source: null,
      };
    });
    const withDate = schedules.filter((s) => s.date !== null).length;
    return { schedules, counts: { members: schedules.length, with_date: withDate, missing: schedules.length - withDate } };
  }

  /** A member of this workspace by id (404 for anyone else). */
  private async member(workspaceId: number, memberId: number): Promise<Member> {
    const m = await this.s.db.selectFrom('members').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', memberId).executeTakeFirst();
    if (!m) throw new HttpError(400, 'Choose someone from this workspace', { user_id: `unknown member ${memberId}` });
    return m;
  }

  private today(tz: string): LocalDate {
    return instantToZoned(this.now(), tz).date;
  }

  /** Parses a member date from the API: birthdays "MM-DD" or "YYYY-MM-DD" (year private), anniversaries "YYYY-MM-DD". */
  parseMemberDate(type: 'birthday' | 'anniversary' | 'custom', text: string, today: LocalDate, field = 'date'): MemberDate {
    const m = /^(?:(\d{4})-)?(\d{2})-(\d{2})$/.exec(text.trim());
    if (!m) throw new HttpError(400, `${field}: use ${type === 'anniversary' ? 'YYYY-MM-DD' : 'MM-DD or YYYY-MM-DD'}`, { [field]: `use ${type === 'anniversary' ? 'YYYY-MM-DD' : 'MM-DD or YYYY-MM-DD'}` });
    const year = m[1] ? Number(m[1]) : null;
    const month = Number(m[2]);
    const day = Number(m[3]);
    const bad = (message: string) => new HttpError(400, `${field}: ${message}`, { [field]: message });
    const mdProblem = monthDayProblem(month, day);
    if (month < 1 || month > 12) throw bad('is not a date');
    if (mdProblem) throw bad(mdProblem);
    if (type === 'anniversary') {
      if (year === null) throw bad('a start date needs its year');
      if (!isValidDate(year, month, day)) throw bad(`${year} had no 29 February`);
      const problem = startDateProblem({ year, month, day }, today);
      if (problem) throw bad(problem);
    } else if (type === 'birthday' && year !== null) {
      const problem = birthYearProblem(year, { month, day }, today);
      if (problem) throw bad(problem);
    } else if (type === 'custom' && year !== null && (year < 1900 || year > today.year + 5 || !isValidDate(year, month, day))) throw bad('is not a date');
    return { month, day, year };
  }

  /** A birth year is private: re-saving the same month and day without a year keeps the one on file. */
  private async mergeBirthYear(ex: Trx, workspaceId: number, memberId: number, date: MemberDate): Promise<MemberDate> {
    if (date.year !== null) return date;
    const existing = (await this.repo.memberDates(workspaceId, memberId, ex)).find((s) => s.schedule_type === 'birthday');
    return existing && existing.month === date.month && existing.day === date.day ? { ...date, year: existing.year } : date;
  }

  /** PUT /celebration_schedules/create_or_update_as_json */
  async createOrUpdate(
    auth: AuthContext,
    program: ChannelProgram,
    input: { schedule_type: ScheduleType; celebration_schedule_id?: number; user_id?: number | null; date: string | null; title?: string; message?: string | null },
  ): Promise<{ schedule: ScheduleJson | null }> {
    const ws = auth.workspace;
    const today = this.today(program.tz);
    const now = this.now();
    if (input.schedule_type !== 'custom') {
      if (!input.user_id) throw new HttpError(400, 'Choose a person', { user_id: 'choose a person' });
      const member = await this.member(ws.id, input.user_id);
      if (!isReachableHuman(member)) throw new HttpError(400, 'Hearth never celebrates bots, deactivated or external members', { user_id: 'cannot be celebrated' });
      const type = input.schedule_type;
      const date = input.date === null ? null : this.parseMemberDate(type, input.date, today);
      await this.db.transaction().execute(async (trx) => {
        if (!date) await this.repo.deleteMemberDate(trx, ws.id, member.id, type);
        else await this.repo.upsertMemberDate(trx, ws.id, member.id, type, type === 'birthday' ? await this.mergeBirthYear(trx, ws.id, member.id, date) : date, 'admin', now);
      });
      await this.republishHome(ws, member);
      const row = (await this.repo.schedules(ws.id, { type, memberIds: [member.id] }))[0];
      if (!row) return { schedule: null };
      const inclusions = await this.repo.inclusions(program.id);
      return { schedule: this.scheduleJson(row, program.id, this.isIncluded(row, inclusions.get(row.id))) };
    }

    // Custom dates
    const existing = input.celebration_schedule_id ? await this.repo.schedule(ws.id, input.celebration_schedule_id) : undefined;
    if (input.celebration_schedule_id && (!existing || existing.schedule_type !== 'custom')) throw new HttpError(404, 'Not found');
    if (input.date === null) {
      if (!existing) throw new HttpError(400, 'Choose a date', { date: 'choose a date' });
      await this.db.deleteFrom('celebration_schedules').where('workspace_id', '=', ws.id).where('id', '=', existing.id).execute();
      return { schedule: null };
    }
    const title = (input.title ?? existing?.title ?? '').trim();
    if (!title) throw new HttpError(400, 'Give the date a name', { title: 'give the date a name' });
    const date = this.parseMemberDate('custom', input.date, today);
    let memberId: number | null = input.user_id === undefined ? (existing?.member_id ?? null) : input.user_id;
    if (memberId !== null) {
      const member = await this.member(ws.id, memberId);
      if (!isReachableHuman(member)) throw new HttpError(400, 'Hearth never celebrates bots, deactivated or external members', { user_id: 'cannot be celebrated' });
      memberId = member.id;
    }
    const message = input.message === undefined ? (existing?.message ?? null) : input.message?.trim() || null;
    // Read outside the transaction: with PGlite a transaction holds the only connection.
    const access = await planAccess(this.s.db, ws.id, now);
    const id = await this.db.transaction().execute(async (trx) => {
      if (existing) {
        await trx
          .updateTable('celebration_schedules')
          .set({ title, message, member_id: memberId, month: date.month, day: date.day, year: date.year, updated_at: now })
          .where('id', '=', existing.id)
          .execute();
        return existing.id;
      }
      // A new custom date is included in the program it was added from: within the free plan's allowance.
      await this.assertCustomAllowance(trx, ws.id, undefined, access);
      const created = await trx
        .insertInto('celebration_schedules')
        .values({ workspace_id: ws.id, schedule_type: 'custom', member_id: memberId, title, message, month: date.month, day: date.day, year: date.year, source: 'admin', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.repo.setIncluded(trx, created.id, program.id, true, now);
      return created.id;
    });
    const row = (await this.repo.schedule(ws.id, id))!;
    const inclusions = await this.repo.inclusions(program.id);
    return { schedule: this.scheduleJson(row, program.id, this.isIncluded(row, inclusions.get(row.id))) };
  }

  /** 402 when one more custom date would be beyond the free plan's allowance. */
  private async assertCustomAllowance(trx: Trx, workspaceId: number, scheduleId: number | undefined, access: PlanAccess): Promise<void> {
    if (access.paidFeatureAccess) return;
    // Serialize allowance checks per workspace so two concurrent requests cannot both take the last slot.
    await trx.selectFrom('workspaces').select('id').where('id', '=', workspaceId).forUpdate().execute();
    if (scheduleId !== undefined) {
      const alreadyActive = await trx
        .selectFrom('celebration_schedule_programs')
        .select('schedule_id')
        .where('schedule_id', '=', scheduleId)
        .where('included', '=', true)
        .executeTakeFirst();
      if (alreadyActive) return;
    }
    const active = await this.repo.activeCustomCount(trx, workspaceId, scheduleId);
    if (active >= FREE_CUSTOM_CELEBRATIONS)
      throw paymentRequired(
        'unlimited_celebrations',
        `The free plan celebrates every birthday and work anniversary, plus ${FREE_CUSTOM_CELEBRATIONS} custom dates. Upgrade to Premium for unlimited custom celebrations.`,
        access,
      );
  }

  /** PUT /celebration_schedules/{id}/update_included_programs_as_json */
  async updateIncluded(auth: AuthContext, scheduleId: number, program: ChannelProgram, activate: boolean): Promise<{ schedule: ScheduleJson }> {
    const ws = auth.workspace;
    const existing = await this.repo.schedule(ws.id, scheduleId);
    if (!existing) throw new HttpError(404, 'Not found');
    const access = await planAccess(this.s.db, ws.id, this.now());
    await this.db.transaction().execute(async (trx) => {
      if (activate && existing.schedule_type === 'custom') await this.assertCustomAllowance(trx, ws.id, existing.id, access);
      await this.repo.setIncluded(trx, existing.id, program.id, activate, this.now());
    });
    return { schedule: this.scheduleJson(existing, program.id, activate) };
  }

  /** POST /celebration_schedules/send_ask_for_dates_dms: one DM per person a day at most, through the outbox. */
  async sendAskForDates(auth: AuthContext, program: ChannelProgram, memberIds: number[]): Promise<{ num_sent: number; num_skipped: number }> {
    const ws = auth.workspace;
    const ids = [...new Set(memberIds)];
    const members = await this.s.db.selectFrom('members').selectAll().where('workspace_id', '=', ws.id).where('id', 'in', ids).execute();
    const unknown = ids.filter((id) => !members.some((m) => m.id === id));
    if (unknown.length) throw new HttpError(400, 'Choose people from this workspace', { user_ids: `unknown member ${unknown[0]}` });
    const reachable = members.filter(isReachableHuman);
    const today = formatLocalDate(this.today(program.tz));
    const channelName = await this.channelName(ws.id, program.channel_id);
    const message = askForDatesMessage({ channelName, requesterName: memberName(auth.member), programId: program.id });
    await this.s.outbox.enqueue(
      reachable.map((m) => ({
        workspaceId: ws.id,
        key: `celebration-ask:${program.id}:${m.id}:${today}`,
        kind: 'celebration_ask',
        method: 'dm.post',
        args: { users: [m.slack_user_id], ...message },
      })),
    );
    return { num_sent: reachable.length, num_skipped: ids.length - reachable.length };
  }

  // ---------------------------------------------------------------------------------------------
  // A member's own dates

  async mySchedules(auth: AuthContext): Promise<{ schedules: MyScheduleJson[] }> {
    const { workspace: ws, member } = auth;
    const [dates, programs] = await Promise.all([this.repo.memberDates(ws.id, member.id), this.repo.memberPrograms(ws.id, member.slack_user_id)]);
    const inclusions = await this.repo.inclusionsOf(dates.map((d) => d.id));
    const schedules = (['birthday', 'anniversary'] as const).map((type): MyScheduleJson => {
      const s = dates.find((d) => d.schedule_type === type);
      const available = programs.filter((p) => (type === 'birthday' ? p.birthdays_enabled : p.anniversaries_enabled));
      const md = s ? { month: s.month, day: s.day } : null;
      return {
        celebration_type: type,
        celebration_schedule_id: s?.id ?? null,
        date: s ? (type === 'anniversary' && s.year !== null ? formatLocalDate({ year: s.year, month: s.month, day: s.day }) : monthDayString(md!)) : null,
        display_date: s ? (type === 'anniversary' ? `${formatMonthDay(md!)} ${s.year}` : formatMonthDay(md!)) : null,
        has_year: type === 'birthday' && s?.year !== null && s?.year !== undefined,
        available_channels: available.map((p) => ({ uid: p.channel_id, name: p.name ?? p.channel_id })),
        selected_channel_ids: available.filter((p) => !s || inclusions.get(`${s.id}:${p.program_id}`) !== false).map((p) => p.channel_id),
      };
    });
    return { schedules };
  }

  /** PATCH /celebration_schedules/upsert_my_schedule: the date and/or the channels, in one transaction. */
  async upsertMySchedule(auth: AuthContext, input: { celebration_type: 'birthday' | 'anniversary'; date?: string | null; selected_channel_ids?: string[] }): Promise<{ schedule: MyScheduleJson }> {
    const { workspace: ws, member } = auth;
    const type = input.celebration_type;
    const today = this.today(member.tz ?? ws.default_tz);
    const date = input.date === undefined || input.date === null ? input.date : this.parseMemberDate(type, input.date, today);
    const programs = (await this.repo.memberPrograms(ws.id, member.slack_user_id)).filter((p) => (type === 'birthday' ? p.birthdays_enabled : p.anniversaries_enabled));
    if (input.selected_channel_ids) {
      const unknown = input.selected_channel_ids.filter((c) => !programs.some((p) => p.channel_id === c));
      if (unknown.length) throw new HttpError(400, `#${unknown[0]} does not celebrate you`, { selected_channel_ids: `not a channel that celebrates you: ${unknown[0]}` });
    }
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      if (date === null) await this.repo.deleteMemberDate(trx, ws.id, member.id, type);
      else if (date) await this.repo.upsertMemberDate(trx, ws.id, member.id, type, type === 'birthday' ? await this.mergeBirthYear(trx, ws.id, member.id, date) : date, 'self', now);
      if (input.selected_channel_ids) {
        const s = (await this.repo.memberDates(ws.id, member.id, trx)).find((d) => d.schedule_type === type);
        if (!s) throw new HttpError(400, type === 'birthday' ? 'Add your birthday first' : 'Add your start date first', { selected_channel_ids: 'add the date first' });
        for (const p of programs) await this.repo.setIncluded(trx, s.id, p.program_id, input.selected_channel_ids.includes(p.channel_id), now);
      }
    });
    await this.republishHome(ws, member);
    return { schedule: (await this.mySchedules(auth)).schedules.find((s) => s.celebration_type === type)! };
  }

  // ---------------------------------------------------------------------------------------------
  // Slack: the dates modal, the home section

  private async memberByTeam(teamId: string, userId: string): Promise<{ ws: Workspace; member: Member } | undefined> {
    const ws = await this.s.workspaces.byTeamId(teamId);
    const member = ws && (await this.s.people.bySlackId(ws.id, userId));
    return ws && member ? { ws, member } : undefined;
  }

  private async memberState(ws: Workspace, member: Member) {
    const dates = await this.repo.memberDates(ws.id, member.id);
    const b = dates.find((d) => d.schedule_type === 'birthday');
    const a = dates.find((d) => d.schedule_type === 'anniversary');
    const programs = await this.repo.memberPrograms(ws.id, member.slack_user_id);
    return {
      birthday: b ? { month: b.month, day: b.day } : null,
      hasBirthYear: b?.year !== null && b?.year !== undefined,
      startDate: a && a.year !== null ? { year: a.year, month: a.month, day: a.day } : null,
      channels: programs.map((p) => p.name ?? p.channel_id),
    };
  }

  /** Opens the dates modal (views.open within the trigger's 3 seconds, through the outbox). */
  async openDatesModal(input: { teamId: string; userId: string; triggerId: string; metadata: { channel?: string; ts?: string; program?: number } }): Promise<boolean> {
    const found = await this.memberByTeam(input.teamId, input.userId);
    if (!found || !isReachableHuman(found.member)) return false;
    const state = await this.memberState(found.ws, found.member);
    const view = datesModal({ ...state, privateMetadata: JSON.stringify(input.metadata) });
    const row = await this.s.outbox.deliverNow({ workspaceId: found.ws.id, key: `celebration-dates-modal:${input.triggerId}`, kind: 'celebration_modal', method: 'views.open', args: { trigger_id: input.triggerId, view } });
    if (row.state !== 'sent') this.s.log.warn({ error: row.last_error }, 'celebrations: could not open the dates modal');
    return row.state === 'sent';
  }

  /** The modal's submission: per-block errors, or the dates saved (all or nothing). */
  async submitDates(input: { teamId: string; userId: string; values: ViewValues; privateMetadata: string }): Promise<{ errors: Record<string, string> } | { ok: true }> {
    const found = await this.memberByTeam(input.teamId, input.userId);
    if (!found) return { errors: { [Object.keys(input.values)[0] ?? 'bday_month']: 'Hearth does not know you yet. Try again in a minute.' } };
    const { ws, member } = found;
    const read = readDatesSubmission(input.values, this.today(member.tz ?? ws.default_tz));
    if (!read.ok) return { errors: read.errors };
    const now = this.now();
    const { birthday, startDate } = read.value;
    await this.db.transaction().execute(async (trx) => {
      if (!birthday) await this.repo.deleteMemberDate(trx, ws.id, member.id, 'birthday');
      else {
        const date = birthday.keepYear ? await this.mergeBirthYear(trx, ws.id, member.id, { month: birthday.month, day: birthday.day, year: null }) : { month: birthday.month, day: birthday.day, year: birthday.year };
        await this.repo.upsertMemberDate(trx, ws.id, member.id, 'birthday', date, 'self', now);
      }
      if (!startDate) await this.repo.deleteMemberDate(trx, ws.id, member.id, 'anniversary');
      else await this.repo.upsertMemberDate(trx, ws.id, member.id, 'anniversary', startDate, 'self', now);
    });
    let meta: { channel?: string; ts?: string } = {};
    try {
      meta = JSON.parse(input.privateMetadata || '{}') as typeof meta;
    } catch {
      meta = {};
    }
    if (meta.channel && meta.ts) {
      const saved = datesSavedMessage({ birthday: birthday ? { month: birthday.month, day: birthday.day } : null, startDate });
      await this.s.outbox.enqueue([
        { workspaceId: ws.id, key: `celebration-dates-saved:${meta.channel}:${meta.ts}:${now.getTime()}`, kind: 'celebration_ask', method: 'chat.update', args: { channel: meta.channel, ts: meta.ts, ...saved } },
      ]);
    }
    await this.republishHome(ws, member);
    return { ok: true };
  }

  private async republishHome(ws: Workspace, member: Member): Promise<void> {
    await this.s.queue.enqueue(homePublish, { workspaceId: ws.id, userId: member.slack_user_id }, { jobId: `home:${ws.id}:celebrations:${member.slack_user_id}:${this.now().getTime()}` });
  }

  async homeBlocks(ws: Workspace, member: Member) {
    if (!isReachableHuman(member)) return [];
    const any = await this.db
      .selectFrom('channel_programs')
      .select('id')
      .where('workspace_id', '=', ws.id)
      .where('type', '=', 'CelebrationProgram')
      .where('is_active', '=', true)
      .executeTakeFirst();
    if (!any) return [];
    const state = await this.memberState(ws, member);
    return homeSection(state);
  }

  // ---------------------------------------------------------------------------------------------
  // CSV imports

  importJson(a: AssetImport): ImportJson {
    return {
      id: a.id,
      program_id: a.program_id,
      program_type: a.program_type,
      state: a.state,
      file_name: a.file_name,
      file_size: a.file_size,
      errors: a.errors,
      summary: a.summary,
      created_at: a.created_at.toISOString(),
    };
  }

  /** Stores the file in Postgres (the job's input) and queues its processing. */
  async startImport(auth: AuthContext, program: ChannelProgram, file: { originalname: string; size: number; buffer: Buffer }): Promise<ImportJson> {
    if (file.size > MAX_IMPORT_BYTES) throw new HttpError(400, `File(s) too large: ${file.originalname}. Maximum file size is ${MAX_IMPORT_BYTES / 1_000_000}MB per file.`, { file: 'too large' });
    if (file.buffer.includes(0)) throw new HttpError(400, `${file.originalname} is not a CSV file`, { file: 'is not a CSV file' });
    const now = this.now();
    const row = await this.db
      .insertInto('asset_imports')
      .values({
        workspace_id: auth.workspace.id,
        program_type: program.type,
        program_id: program.id,
        kind: 'celebration_dates',
        state: 'needs_processing',
        file_name: file.originalname.slice(0, 255),
        file_size: file.size,
        content: file.buffer.toString('utf8'),
        errors: '[]',
        summary: '{}',
        created_by_member_id: auth.member.id,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await this.s.queue.enqueue(celebrationsImportDates, { importId: row.id }, { jobId: `celebrations-import:${row.id}` });
    return this.importJson(row);
  }

  async showImport(auth: AuthContext, id: number, programId: number, programType: string): Promise<ImportJson> {
    const row = await this.repo.importById(auth.workspace.id, id);
    if (!row || row.program_id !== programId || row.program_type !== programType) throw new HttpError(404, 'Not found');
    return this.importJson(row);
  }

  /**
   * The import job. Every row is checked first; rows with any problem are reported and skipped whole; the
   * valid rows are written in one transaction together with the import's final state (all or none of them).
   */
  async processImport(id: number): Promise<void> {
    const imp = await this.db.selectFrom('asset_imports').selectAll().where('id', '=', id).executeTakeFirst();
    if (!imp || imp.state !== 'needs_processing') return;
    const program = await this.db.selectFrom('channel_programs').selectAll().where('id', '=', imp.program_id).executeTakeFirst();
    const finish = async (ex: Trx | typeof this.db, state: 'uploaded' | 'failed_processing', errors: ImportRowError[], summary: Record<string, unknown>) => {
      await ex
        .updateTable('asset_imports')
        .set({ state, errors: JSON.stringify(errors), summary: JSON.stringify(summary), content: '', updated_at: this.now() })
        .where('id', '=', id)
        .where('state', '=', 'needs_processing')
        .execute();
    };
    if (!program) return finish(this.db, 'failed_processing', [], { error: 'The program was deleted' });
    const parsed = parseDatesCsv(imp.content, { today: this.today(program.tz) });
    if (parsed.fatal) return finish(this.db, 'failed_processing', [], { error: parsed.fatal, formats: parsed.formats });

    const emails = [...new Set(parsed.rows.map((r) => r.email))];
    const members = emails.length
      ? await this.s.db.selectFrom('members').selectAll().where('workspace_id', '=', imp.workspace_id).where((eb) => eb.fn('lower', ['email']), 'in', emails).execute()
      : [];
    const byEmail = new Map(members.map((m) => [m.email!.toLowerCase(), m]));
    const errors = [...parsed.errors];
    const valid: Array<{ member: Member; row: (typeof parsed.rows)[number] }> = [];
    for (const row of parsed.rows) {
      const m = byEmail.get(row.email);
      const fail = (message: string) => errors.push({ row: row.line, email: row.email, field: 'email', message });
      if (!m) fail('No one in this workspace has this email');
      else if (m.deleted) fail('This person is deactivated in Slack');
      else if (m.is_bot) fail('This is a bot');
      else if (m.is_external) fail('This person is outside your workspace (Slack Connect)');
      else valid.push({ member: m, row });
    }
    errors.sort((a, b) => a.row - b.row);
    const errorRows = new Set(errors.map((e) => e.row)).size;
    const summary = {
      rows: parsed.rows.length + errorRows + parsed.emptyRows,
      imported_rows: valid.length,
      birthdays: valid.filter((v) => v.row.birthday).length,
      anniversaries: valid.filter((v) => v.row.startDate).length,
      error_rows: errorRows,
      empty_rows: parsed.emptyRows,
      formats: parsed.formats,
    };
    if (!valid.length) return finish(this.db, errors.length ? 'failed_processing' : 'uploaded', errors, errors.length ? { ...summary, error: 'No row could be imported' } : summary);
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      for (const { member, row } of valid) {
        if (row.birthday) await this.repo.upsertMemberDate(trx, imp.workspace_id, member.id, 'birthday', await this.mergeBirthYear(trx, imp.workspace_id, member.id, row.birthday), 'import', now);
        if (row.startDate) await this.repo.upsertMemberDate(trx, imp.workspace_id, member.id, 'anniversary', row.startDate, 'import', now);
      }
      await finish(trx, 'uploaded', errors, summary);
    });
  }
}
