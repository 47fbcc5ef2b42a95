import { paymentRequired, planAccess, type PlanAccess } from '../billing/plan.js';
import type { ChannelProgram } from '../db/types.js';
import type { IntrosDeps } from './deps.js';
import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import type { ProgramKind, ProgramSummary, ProgramTemplate } from '../programs/kinds.js';
import type { ProgramJson } from '../programs/service.js';
import { formatLocalDate, instantToZoned, isValidTimeZone } from '../time/zoned.js';
import { ICEBREAKER_LIBRARY } from './icebreakers-library.js';
import { IntrosRepository, nameOf, type MemberStatus, type RosterEntry } from './repository.js';
import { nextRoundAt, type ScheduleIntent } from './schedule.js';
import type { UpdateConfigBody } from './schema.js';
import {
  applySettingsRules,
  FREE_PLAN_INTROS_CHANNELS,
  FREE_PLAN_MAX_PARTICIPANTS,
  PAID_PAIRING_TYPES,
  type IntrosSettings,
  type PairingType,
} from './settings-rules.js';
import { type IntrosConfig, type IntrosRound, type MeetingState } from './tables.js';
import type { Db, Trx } from '../db/index.js';
import { DEFAULT_INTRO_MESSAGE, INTROS_TEMPLATES } from './templates.js';

export interface ConfigJson extends IntrosSettings {
  id: number;
  tz: string;
  categories: Array<{ id: number; name: string; num_members: number }>;
  lottery_fixed_member_ids: number[];
  next_run_at: string | null;
  next_occurrence_on: string | null;
  max_participants: number | null;
  paid_pairing_types: readonly PairingType[];
}

export interface PersonJson {
  id: number;
  slack_user_id: string;
  name: string;
  avatar_url: string | null;
}

export interface MemberJson extends PersonJson {
  tz: string | null;
  status: MemberStatus;
  status_reason: string | null;
  snoozed_until: string | null;
  category_ids: number[];
  unanswered_in_a_row: number;
  times_left_out: number;
  last_intro_on: string | null;
}

export interface MeetingJson {
  id: number;
  round_id: number;
  state: MeetingState;
  reason: string;
  members: PersonJson[];
  answered_by: PersonJson | null;
  answered_at: string | null;
}

export interface RoundJson {
  id: number;
  number: number;
  scheduled_for: string;
  date: string;
  kind: 'scheduled' | 'send_now';
  state: IntrosRound['state'];
  problem: { code: string; message: string } | null;
  num_candidates: number;
  num_groups: number;
  num_left_out: number;
  checkin_at: string | null;
  reminder_at: string | null;
  ends_at: string | null;
  closed: boolean;
  groups?: MeetingJson[];
}

export interface PageJson {
  program: ProgramJson;
  config: ConfigJson;
  members: MemberJson[];
  member_counts: Record<MemberStatus | 'need_categories', number>;
  current_round: RoundJson | null;
  rounds: RoundJson[];
  team: { id: number; pairing_welcome_message: string | null };
  can_edit: boolean;
}

export const personJson = (m: { id: number; slack_user_id: string; real_name: string; display_name: string; name: string; avatar_url: string | null }): PersonJson => ({
  id: m.id,
  slack_user_id: m.slack_user_id,
  name: nameOf(m),
  avatar_url: m.avatar_url,
});

/** Intros configuration: templates, creation, settings (with the spec's rules), and the page's JSON. */
export class IntrosService {
  readonly db: Db;
  readonly repo: IntrosRepository;

  constructor(readonly s: IntrosDeps) {
    this.db = s.db;
    this.repo = new IntrosRepository(this.db);
  }

  today(program: Pick<ChannelProgram, 'tz'>, at: Date = this.s.clock.now()): string {
    return formatLocalDate(instantToZoned(at, program.tz).date);
  }

  intent(program: Pick<ChannelProgram, 'tz'>, config: Pick<IntrosConfig, 'weekday' | 'occurrence_hour' | 'period_weeks'>): ScheduleIntent {
    return { tz: program.tz, weekday: config.weekday, occurrenceHour: config.occurrence_hour, periodWeeks: config.period_weeks };
  }

  access(workspaceId: number): Promise<PlanAccess> {
    return planAccess(this.s.db, workspaceId, this.s.clock.now());
  }

  /** The shared channel-program model's view of Intros. */
  kind(sendNow: (program: ChannelProgram) => Promise<void>): ProgramKind {
    return {
      type: 'CoffeeConfiguration',
      controller: 'coffee',
      label: 'Intros',
      templates: INTROS_TEMPLATES,
      checkCreate: (workspaceId) => this.checkCreate(workspaceId),
      createConfig: (trx, program, template) => this.createConfig(trx, program, template),
      summarize: (programs) => this.summarize(programs),
      sendNow,
      pagePath: (id) => `/coffee/${id}`,
    };
  }

  /** Free plan: one Intros channel. */
  async checkCreate(workspaceId: number): Promise<void> {
    const access = await this.access(workspaceId);
    if (access.paidFeatureAccess) return;
    const row = await this.db
      .selectFrom('channel_programs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .where('type', '=', 'CoffeeConfiguration')
      .executeTakeFirstOrThrow();
    if (Number(row.n) >= FREE_PLAN_INTROS_CHANNELS)
      throw paymentRequired('intros_channels', 'The free plan includes one Intros channel. Upgrade to run Intros in more channels.', access);
  }

  async createConfig(trx: Trx, program: ChannelProgram, template: ProgramTemplate): Promise<void> {
    const t = template.settings as Partial<IntrosSettings>;
    const pairingType = t.pairing_type ?? 'standard';
    // Inside the creating transaction: PGlite has one connection, so read through it.
    const access = await planAccess(trx, program.workspace_id, this.s.clock.now());
    if (PAID_PAIRING_TYPES.includes(pairingType) && !access.paidFeatureAccess)
      throw paymentRequired('pairing_types', `${template.name} intros need the paid plan. Upgrade, or start with Coffee chats.`, access);
    const now = this.s.clock.now();
    const settings = { weekday: t.weekday ?? 1, occurrence_hour: t.occurrence_hour ?? 9, period_weeks: t.period ?? 2 };
    const tx = trx as unknown as Trx;
    await tx
      .insertInto('intros_configs')
      .values({
        program_id: program.id,
        workspace_id: program.workspace_id,
        pairing_type: pairingType,
        group_size: t.group_size ?? 2,
        enforce_group_size: pairingType === 'standard' || pairingType === 'lottery' ? false : (t.enforce_group_size ?? false),
        period_weeks: settings.period_weeks,
        weekday: settings.weekday,
        occurrence_hour: settings.occurrence_hour,
        next_fixed_meeting_on: null,
        next_fixed_meeting_time: null,
        intro_message: t.intro_message ?? DEFAULT_INTRO_MESSAGE,
        default_intro_type: 'custom',
        next_run_at: program.is_active ? nextRoundAt(this.intent(program, settings), { now, lastScheduledAt: null }) : null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await tx
      .insertInto('intros_icebreakers')
      .values(ICEBREAKER_LIBRARY.map((i) => ({ workspace_id: program.workspace_id, program_id: program.id, question: i.question, theme: i.theme, library_key: i.library_key, created_at: now })))
      .execute();
  }

  /** Participants (reachable, not opted out, not set aside) and the next round, for program lists. */
  async summarize(programs: ChannelProgram[]): Promise<Map<number, ProgramSummary>> {
    const out = new Map<number, ProgramSummary>();
    if (!programs.length) return out;
    const ids = programs.map((p) => p.id);
    const [configs, counts] = await Promise.all([
      this.db.selectFrom('intros_configs').select(['program_id', 'next_run_at']).where('program_id', 'in', ids).execute(),
      this.db
        .selectFrom('channel_programs as cp')
        .innerJoin('channel_members as cm', (j) => j.onRef('cm.workspace_id', '=', 'cp.workspace_id').onRef('cm.channel_id', '=', 'cp.channel_id'))
        .innerJoin('members as m', (j) => j.onRef('m.workspace_id', '=', 'cm.workspace_id').onRef('m.slack_user_id', '=', 'cm.slack_user_id'))
        .leftJoin('intros_participants as ip', (j) => j.onRef('ip.program_id', '=', 'cp.id').onRef('ip.member_id', '=', 'm.id'))
        .select((eb) => ['cp.id', eb.fn.countAll<number>().as('n')])
        .where('cp.id', 'in', ids)
        .where('m.is_bot', '=', false)
        .where('m.deleted', '=', false)
        .where('m.is_external', '=', false)
        .where((eb) => eb.or([eb('ip.member_id', 'is', null), eb.and([eb('ip.opted_out', '=', false), eb('ip.ghost_state', 'in', ['none', 'removed'])])]))
        .groupBy('cp.id')
        .execute(),
    ]);
    for (const p of programs)
      out.set(p.id, {
        numParticipants: Number(counts.find((c) => c.id === p.id)?.n ?? 0),
        nextOccurrenceAt: configs.find((c) => c.program_id === p.id)?.next_run_at ?? null,
      });
    return out;
  }

  settingsOf(c: IntrosConfig): IntrosSettings {
    return {
      pairing_type: c.pairing_type,
      group_size: c.group_size,
      enforce_group_size: c.enforce_group_size,
      claiming_allowed: c.claiming_allowed,
      period: c.period_weeks,
      weekday: c.weekday,
      occurrence_hour: c.occurrence_hour,
      next_fixed_meeting_on: c.next_fixed_meeting_on,
      next_fixed_meeting_time: c.next_fixed_meeting_time,
      calendar_scheduling_selection: c.calendar_scheduling_selection,
      video_platform: c.video_platform as IntrosSettings['video_platform'],
      intro_message: c.intro_message,
      default_intro_type: c.default_intro_type,
    };
  }

  async lastScheduledAt(programId: number): Promise<Date | null> {
    const row = await this.db
      .selectFrom('intros_rounds')
      .select('scheduled_for')
      .where('program_id', '=', programId)
      .where('kind', '=', 'scheduled')
      .orderBy('scheduled_for', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.scheduled_for ?? null;
  }

  /** Syncs the channel roster from Slack when it is older than `maxAgeMs` (or never read). */
  async ensureRoster(program: ChannelProgram, maxAgeMs: number): Promise<void> {
    const config = await this.repo.config(program.id);
    const now = this.s.clock.now();
    if (config?.roster_synced_at && now.getTime() - config.roster_synced_at.getTime() < maxAgeMs) return;
    await this.syncRoster(program);
  }

  async syncRoster(program: ChannelProgram): Promise<string[]> {
    const ws = await this.s.workspaces.byId(program.workspace_id);
    if (!ws) return [];
    const client = await this.s.clients.forWorkspace(ws.id);
    const members = await this.s.channels.syncRoster(ws, program.channel_id, client);
    // People Hearth has not seen yet (joined since the last directory sync): read them now.
    const known = await this.db.selectFrom('members').select('slack_user_id').where('workspace_id', '=', ws.id).where('slack_user_id', 'in', members.length ? members : ['']).execute();
    const unknown = members.filter((u) => !known.some((k) => k.slack_user_id === u)).slice(0, 50);
    for (const user of unknown) {
      try {
        const info = await client.users.info({ user });
        if (info.user) await this.s.people.upsert(ws, [info.user as Parameters<IntrosDeps['people']['upsert']>[1][number]]);
      } catch (err) {
        this.s.log.warn({ err, user }, 'intros: users.info failed; leaving the member out');
      }
    }
    await this.db.updateTable('intros_configs').set({ roster_synced_at: this.s.clock.now() }).where('program_id', '=', program.id).execute();
    return members;
  }

  // ----------------------------------------------------------------------------------------------
  // The page

  async pageJson(auth: AuthContext, program: ChannelProgram): Promise<PageJson> {
    const [config, categories, access, roster, rounds, welcome, canEdit] = await Promise.all([
      this.repo.configOrThrow(program.id),
      this.repo.categories(program.id),
      this.access(program.workspace_id),
      this.repo.roster(program, this.today(program)),
      this.db.selectFrom('intros_rounds').selectAll().where('program_id', '=', program.id).orderBy('number', 'desc').limit(10).execute(),
      this.repo.teamWelcome(program.workspace_id),
      this.s.programs.canEdit(auth, program),
    ]);
    const [programJson] = await this.s.programs.serialize(auth.workspace, [program]);
    const lastIntro = await this.lastIntroDates(program, roster.map((r) => r.member.id));
    const members = roster.map((r) => this.memberJson(r, lastIntro.get(r.member.id) ?? null));
    const counts: PageJson['member_counts'] = { active: 0, snoozed: 0, opted_out: 0, ghost: 0, ineligible: 0, need_categories: 0 };
    for (const m of members) {
      counts[m.status]++;
      if (m.status === 'active' && categories.length > 0 && m.category_ids.length === 0) counts.need_categories++;
    }
    const latest = rounds[0];
    return {
      program: programJson!,
      config: this.configJson(program, config, categories, access, roster),
      members,
      member_counts: counts,
      current_round: latest ? { ...this.roundJson(latest, program.tz), groups: await this.meetingsJson(latest.id) } : null,
      rounds: rounds.map((r) => this.roundJson(r, program.tz)),
      team: { id: program.workspace_id, pairing_welcome_message: welcome },
      can_edit: canEdit,
    };
  }

  configJson(program: ChannelProgram, c: IntrosConfig, categories: Array<{ id: number; name: string }>, access: PlanAccess, roster: RosterEntry[]): ConfigJson {
    const next = program.is_active ? c.next_run_at : null;
    return {
      id: program.id,
      ...this.settingsOf(c),
      tz: program.tz,
      categories: categories.map((cat) => ({ id: cat.id, name: cat.name, num_members: roster.filter((r) => r.participant?.category_ids.includes(cat.id)).length })),
      lottery_fixed_member_ids: c.lottery_fixed_member_ids,
      next_run_at: next ? next.toISOString() : null,
      next_occurrence_on: next ? formatLocalDate(instantToZoned(next, program.tz).date) : null,
      max_participants: access.paidFeatureAccess ? null : FREE_PLAN_MAX_PARTICIPANTS,
      paid_pairing_types: PAID_PAIRING_TYPES,
    };
  }

  memberJson(r: RosterEntry, lastIntroOn: string | null): MemberJson {
    return {
      ...personJson(r.member),
      tz: r.member.tz,
      status: r.status,
      status_reason: r.why,
      snoozed_until: r.snoozedUntil,
      category_ids: r.participant?.category_ids ?? [],
      unanswered_in_a_row: r.participant?.unanswered_streak ?? 0,
      times_left_out: r.participant?.times_left_out ?? 0,
      last_intro_on: lastIntroOn,
    };
  }

  private async lastIntroDates(program: ChannelProgram, memberIds: number[]): Promise<Map<number, string>> {
    if (!memberIds.length) return new Map();
    const rows = await this.db
      .selectFrom('intros_meeting_members as mm')
      .innerJoin('intros_meetings as mt', 'mt.id', 'mm.meeting_id')
      .innerJoin('intros_rounds as r', 'r.id', 'mt.round_id')
      .select((eb) => ['mm.member_id', eb.fn.max('r.scheduled_for').as('last')])
      .where('mm.program_id', '=', program.id)
      .where('mm.member_id', 'in', memberIds)
      .groupBy('mm.member_id')
      .execute();
    return new Map(rows.map((r) => [r.member_id, formatLocalDate(instantToZoned(new Date(r.last as unknown as string), program.tz).date)]));
  }

  roundJson(r: IntrosRound, tz: string): RoundJson {
    return {
      id: r.id,
      number: r.number,
      scheduled_for: r.scheduled_for.toISOString(),
      date: formatLocalDate(instantToZoned(r.scheduled_for, tz).date),
      kind: r.kind,
      state: r.state,
      problem: r.problem_code ? { code: r.problem_code, message: r.problem_message ?? '' } : null,
      num_candidates: r.num_candidates,
      num_groups: r.num_groups,
      num_left_out: Array.isArray(r.left_out) ? r.left_out.length : 0,
      checkin_at: r.checkin_at?.toISOString() ?? null,
      reminder_at: r.reminder_at?.toISOString() ?? null,
      ends_at: r.ends_at?.toISOString() ?? null,
      closed: r.closed_at !== null,
    };
  }

  async meetingsJson(roundId: number): Promise<MeetingJson[]> {
    const meetings = await this.db.selectFrom('intros_meetings').selectAll().where('round_id', '=', roundId).orderBy('group_index').execute();
    return this.meetingJsonOf(meetings);
  }

  async meetingJsonOf(meetings: Array<{ id: number; round_id: number; state: MeetingState; reason: string; answered_by_member_id: number | null; answered_at: Date | null }>): Promise<MeetingJson[]> {
    const people = await this.repo.meetingMembers(meetings.map((m) => m.id));
    const answerIds = [...new Set(meetings.map((m) => m.answered_by_member_id).filter((x): x is number => x !== null))];
    const answerers = answerIds.length ? await this.db.selectFrom('members').selectAll().where('id', 'in', answerIds).execute() : [];
    return meetings.map((m) => {
      const by = answerers.find((a) => a.id === m.answered_by_member_id);
      return {
        id: m.id,
        round_id: m.round_id,
        state: m.state,
        reason: m.reason,
        members: (people.get(m.id) ?? []).map(personJson),
        answered_by: by ? personJson(by) : null,
        answered_at: m.answered_at?.toISOString() ?? null,
      };
    });
  }

  // ----------------------------------------------------------------------------------------------
  // Settings

  /** PUT /coffee/{id}/update_as_json: validate everything, apply the rules, then save in one transaction. */
  async update(auth: AuthContext, program: ChannelProgram, input: UpdateConfigBody): Promise<{ adjusted: Record<string, string> }> {
    const config = await this.repo.configOrThrow(program.id);
    const access = await this.access(program.workspace_id);
    const current = this.settingsOf(config);
    const { is_active, tz, categories, lottery_fixed_member_ids, ...changes } = input;
    if (changes.claiming_allowed !== undefined && changes.claiming_allowed !== current.claiming_allowed && !auth.roles.accountAdmin)
      throw new HttpError(403, 'Only account admins can change claiming_allowed', { claiming_allowed: 'only account admins can change it' });
    if (tz !== undefined && !isValidTimeZone(tz)) throw new HttpError(400, 'tz: must be an IANA time zone like Europe/Prague', { tz: 'must be an IANA time zone like Europe/Prague' });

    const merged: IntrosSettings = { ...current, ...changes };
    const nextTz = tz ?? program.tz;
    const active = is_active ?? program.is_active;
    const scheduleChanged =
      merged.weekday !== config.weekday || merged.occurrence_hour !== config.occurrence_hour || merged.period !== config.period_weeks || nextTz !== program.tz || (active && !program.is_active);
    const intent: ScheduleIntent = { tz: nextTz, weekday: merged.weekday, occurrenceHour: merged.occurrence_hour, periodWeeks: merged.period };
    const validIntent = Number.isInteger(merged.weekday) && merged.weekday >= 1 && merged.weekday <= 7 && Number.isInteger(merged.occurrence_hour) && merged.occurrence_hour >= 0 && merged.occurrence_hour <= 23;
    const now = this.s.clock.now();
    let candidate: Date | null = config.next_run_at;
    if (validIntent && (scheduleChanged || !candidate)) {
      const last = await this.lastScheduledAt(program.id);
      // A one-off round that already ran starts over when its schedule changes.
      candidate = nextRoundAt(intent, { now, lastScheduledAt: merged.period === 0 && scheduleChanged ? null : last });
      if (!candidate && !last) candidate = nextRoundAt(intent, { now, lastScheduledAt: null });
    }
    const rules = applySettingsRules(merged, {
      nextOccurrenceOn: candidate ? formatLocalDate(instantToZoned(candidate, nextTz).date) : null,
      paidFeatureAccess: access.paidFeatureAccess,
    });
    const errors = Object.entries(rules.errors);
    if (errors.length) {
      const [field, message] = errors[0]!;
      throw new HttpError(400, `${field}: ${message}`, Object.fromEntries(errors) as Record<string, string>);
    }
    if (rules.paymentRequired)
      throw paymentRequired('pairing_types', 'Cross-group, within-group, lottery and interest-based intros need the paid plan.', access);

    const existingCategories = categories ? await this.repo.categories(program.id) : [];
    if (categories) {
      const seen = new Set<string>();
      for (const [i, c] of categories.entries()) {
        const key = c.name.trim().toLowerCase();
        if (seen.has(key)) throw new HttpError(400, `categories.${i}.name: "${c.name}" is listed twice`, { [`categories.${i}.name`]: 'is listed twice' });
        seen.add(key);
        if (c.id !== undefined && !existingCategories.some((e) => e.id === c.id))
          throw new HttpError(400, `categories.${i}.id: not a category of this program`, { [`categories.${i}.id`]: 'not a category of this program' });
      }
    }
    if (lottery_fixed_member_ids?.length) {
      const found = await this.db.selectFrom('members').select('id').where('workspace_id', '=', program.workspace_id).where('id', 'in', lottery_fixed_member_ids).execute();
      if (found.length !== new Set(lottery_fixed_member_ids).size)
        throw new HttpError(400, 'lottery_fixed_member_ids: choose people from this workspace', { lottery_fixed_member_ids: 'choose people from this workspace' });
    }

    const s = rules.settings;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('intros_configs')
        .set({
          pairing_type: s.pairing_type,
          group_size: s.group_size,
          enforce_group_size: s.enforce_group_size,
          claiming_allowed: s.claiming_allowed,
          period_weeks: s.period,
          weekday: s.weekday,
          occurrence_hour: s.occurrence_hour,
          next_fixed_meeting_on: s.next_fixed_meeting_on,
          next_fixed_meeting_time: s.next_fixed_meeting_time,
          calendar_scheduling_selection: s.calendar_scheduling_selection,
          video_platform: s.video_platform,
          intro_message: s.intro_message,
          default_intro_type: s.default_intro_type,
          ...(lottery_fixed_member_ids ? { lottery_fixed_member_ids: [...new Set(lottery_fixed_member_ids)].slice(0, 2) } : {}),
          next_run_at: active ? candidate : null,
          updated_at: now,
        })
        .where('program_id', '=', program.id)
        .execute();
      if (is_active !== undefined || tz !== undefined)
        await trx.updateTable('channel_programs').set({ is_active: active, tz: nextTz, updated_at: now }).where('id', '=', program.id).execute();
      if (categories) {
        const keep = categories.filter((c) => c.id !== undefined).map((c) => c.id!);
        let gone = trx.deleteFrom('intros_categories').where('program_id', '=', program.id);
        if (keep.length) gone = gone.where('id', 'not in', keep);
        const removed = await gone.returning('id').execute();
        // Rename in two steps so swapping two names does not trip the unique index.
        for (const c of categories.filter((x) => x.id !== undefined))
          await trx.updateTable('intros_categories').set({ name: `~renaming~${c.id}` }).where('id', '=', c.id!).execute();
        for (const [position, c] of categories.entries()) {
          if (c.id !== undefined) await trx.updateTable('intros_categories').set({ name: c.name.trim(), position }).where('id', '=', c.id).execute();
          else
            await trx
              .insertInto('intros_categories')
              .values({ workspace_id: program.workspace_id, program_id: program.id, name: c.name.trim(), position, created_at: now })
              .execute();
        }
        if (removed.length) {
          const removedIds = removed.map((r) => r.id);
          const holders = await trx.selectFrom('intros_participants').select(['member_id', 'category_ids']).where('program_id', '=', program.id).execute();
          for (const h of holders.filter((x) => x.category_ids.some((id) => removedIds.includes(id))))
            await trx
              .updateTable('intros_participants')
              .set({ category_ids: h.category_ids.filter((id) => !removedIds.includes(id)), updated_at: now })
              .where('program_id', '=', program.id)
              .where('member_id', '=', h.member_id)
              .execute();
        }
      }
    });
    return { adjusted: rules.adjusted as Record<string, string> };
  }

  async setTeamWelcome(workspaceId: number, message: string | null): Promise<{ id: number; pairing_welcome_message: string | null }> {
    const now = this.s.clock.now();
    const value = message?.trim() ? message.trim() : null;
    await this.db
      .insertInto('intros_team_settings')
      .values({ workspace_id: workspaceId, pairing_welcome_message: value, updated_at: now })
      .onConflict((oc) => oc.column('workspace_id').doUpdateSet({ pairing_welcome_message: value, updated_at: now }))
      .execute();
    return { id: workspaceId, pairing_welcome_message: value };
  }
}
