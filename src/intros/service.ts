import type { Trx } from '../db/index.js';
import type { ChannelProgram } from '../db/types.js';
import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { requireAccess, workspacePolicy } from '../platform/access.js';
import { PAID_PAIRING_TYPES } from '../platform/entitlements/features.js';
import { paymentRequired, type PlanAccess } from '../platform/entitlements/service.js';
import type { ProgramJson } from '../programs/api-types.js';
import type { ProgramKind, ProgramSummary, ProgramTemplate } from '../programs/kinds.js';
import { formatLocalDate, instantToZoned, isValidTimeZone } from '../time/zoned.js';
import type { CoffeeConfigurationJson, CoffeePageData, GroupsPage, MeetingJson, MemberJson, MembersPage, PageInfo, RoundJson } from './api-types.js';
import type { CountersRepository } from './counters.repository.js';
import type { IntrosDeps } from './deps.js';
import { ICEBREAKER_LIBRARY } from './icebreakers-library.js';
import { planGroupSizes } from './pairing/index.js';
import { type IntrosRepository, type RosterEntry } from './repository.js';
import { personJson } from '../people/name.js';
import type { RoundsRepository } from './rounds.repository.js';
import { nextRoundAt, type ScheduleIntent } from './schedule.js';
import { groupsQuery, membersQuery, PER_PAGE, teamBody, updateConfigBody, type GroupsQuery, type MembersQuery, type UpdateConfigBody } from './schema.js';
import { applySettingsRules, type IntrosSettings } from './settings-rules.js';
import type { IntrosConfig, IntrosMeeting, IntrosRound } from './tables.js';
import { DEFAULT_INTRO_MESSAGE, INTROS_TEMPLATES } from './templates.js';

const pageInfo = (page: number, per: number, total: number): PageInfo => ({ page, per, total, next_page: page * per < total ? page + 1 : null });

/** The settings as the configuration's columns (the page says `period`, the table `period_weeks`). */
export function configColumns(s: IntrosSettings) {
  return {
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
  } satisfies Partial<IntrosConfig>;
}

/**
 * Intros configuration: templates, creation, settings (with the spec's rules), the page's JSON, and the
 * helpers the other Intros services share (today, the schedule intent, the roster sync).
 */
export class IntrosService {
  constructor(
    private readonly s: IntrosDeps,
    private readonly repo: IntrosRepository,
    private readonly rounds: RoundsRepository,
    private readonly counters: CountersRepository,
  ) {}

  today(program: Pick<ChannelProgram, 'tz'>, at: Date = this.s.clock.now()): string {
    return formatLocalDate(instantToZoned(at, program.tz).date);
  }

  intent(program: Pick<ChannelProgram, 'tz'>, config: Pick<IntrosConfig, 'weekday' | 'occurrence_hour' | 'period_weeks'>): ScheduleIntent {
    return { tz: program.tz, weekday: config.weekday, occurrenceHour: config.occurrence_hour, periodWeeks: config.period_weeks };
  }

  access(workspaceId: number): Promise<PlanAccess> {
    return this.s.entitlements.plan(workspaceId);
  }

  /** The program's channel name (without #). */
  channelName(program: Pick<ChannelProgram, 'workspace_id' | 'channel_id'>): Promise<string> {
    return this.repo.channelName(program.workspace_id, program.channel_id);
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
    await this.s.entitlements.require(workspaceId, { feature: 'intros_channels', introsChannels: (await this.repo.countPrograms(workspaceId)) + 1 });
  }

  async createConfig(trx: Trx, program: ChannelProgram, template: ProgramTemplate): Promise<void> {
    const t = template.settings as Partial<IntrosSettings>;
    const pairingType = t.pairing_type ?? 'standard';
    // Inside the creating transaction: PGlite has one connection, so read through it.
    await this.s.entitlements.require(
      program.workspace_id,
      { feature: 'pairing_types', pairingType, claimingAllowed: false },
      { message: `${template.name} intros need the paid plan. Upgrade, or start with Coffee chats.`, ex: trx },
    );
    const now = this.s.clock.now();
    const settings = { weekday: t.weekday ?? 1, occurrence_hour: t.occurrence_hour ?? 9, period_weeks: t.period ?? 2 };
    await this.repo.createConfig(
      trx,
      {
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
      },
      ICEBREAKER_LIBRARY.map((i) => ({ workspace_id: program.workspace_id, program_id: program.id, question: i.question, theme: i.theme, library_key: i.library_key, created_at: now })),
    );
  }

  /** Participants (reachable, not opted out, not set aside) and the next round, for program lists. */
  async summarize(programs: ChannelProgram[]): Promise<Map<number, ProgramSummary>> {
    const out = new Map<number, ProgramSummary>();
    for (const workspaceId of new Set(programs.map((p) => p.workspace_id))) {
      for (const [id, s] of await this.repo.summaries(workspaceId, programs.filter((p) => p.workspace_id === workspaceId))) out.set(id, { numParticipants: s.numParticipants, nextOccurrenceAt: s.nextRunAt });
    }
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

  /** Syncs the channel roster from Slack when it is older than `maxAgeMs` (or never read). */
  async ensureRoster(program: ChannelProgram, maxAgeMs: number): Promise<void> {
    const config = await this.repo.config(program);
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
    const known = new Set((await this.repo.membersBySlackId(ws.id, members)).map((m) => m.slack_user_id));
    const unknown = members.filter((u) => !known.has(u)).slice(0, 50);
    for (const user of unknown) {
      try {
        const info = await client.users.info({ user });
        if (info.user) await this.s.people.upsert(ws, [info.user as Parameters<IntrosDeps['people']['upsert']>[1][number]]);
      } catch (err) {
        this.s.log.warn({ err, user }, 'intros: users.info failed; leaving the member out');
      }
    }
    await this.repo.markRosterSynced(program, this.s.clock.now());
    return members;
  }

  /** How many people of the channel would be in a round now. */
  async available(program: ChannelProgram): Promise<number> {
    return (await this.repo.roster(program, this.today(program))).filter((r) => r.status === 'active').length;
  }

  // ----------------------------------------------------------------------------------------------
  // The page

  /** GET /coffee/{id}: everything the page shows first, with the first page of the roster and of the groups. */
  /** The workspace's own Intros settings (its welcome message): workspace admins change them. */
  readonly teamPolicy = workspacePolicy({ canEdit: (auth) => auth.isAdmin, forbidden: 'Only workspace admins can do that' });

  /**
   * The one check of every Intros program call: the Intros program with this id, when this member may change it (its
   * owner, editors and workspace admins; the channel programs' policy). Another workspace's id is a 404, anyone else a 403.
   */
  editable(auth: AuthContext, id: number): Promise<ChannelProgram> {
    return requireAccess(auth, this.s.programs.policy('CoffeeConfiguration'), id, 'edit');
  }

  /** GET /coffee/{id}: the admin page, its roster read from Slack first when it is older than an hour. */
  async page(auth: AuthContext, id: number): Promise<CoffeePageData> {
    const program = await this.editable(auth, id);
    await this.ensureRoster(program, 60 * 60_000).catch((err: unknown) => this.s.log.warn({ err, program: program.id }, 'intros: roster sync failed; showing the kept roster'));
    return this.pageJson(auth, program);
  }

  private async pageJson(auth: AuthContext, program: ChannelProgram): Promise<CoffeePageData> {
    const [config, categories, access, roster, rounds, welcome, canEdit, hrisLinked] = await Promise.all([
      this.repo.configOrThrow(program),
      this.repo.categories(program),
      this.access(program.workspace_id),
      this.repo.roster(program, this.today(program)),
      this.rounds.latest(program, 10),
      this.repo.teamWelcome(program.workspace_id),
      this.s.programs.canEdit(auth, program),
      this.s.hrDirectory.get()?.linked(program.workspace_id) ?? false,
    ]);
    const latest = rounds[0];
    const [[programJson], counts, members, groups] = await Promise.all([
      this.s.programs.serialize(auth.workspace, [program]),
      this.counters.ofRounds(program.workspace_id, rounds.map((r) => r.id)),
      this.membersJson(program, roster.slice(0, PER_PAGE)),
      latest ? this.groupsOf(program, latest.id, { page: 1, per: PER_PAGE, query: '' }) : null,
    ]);
    const memberCounts: CoffeePageData['member_counts'] = { active: 0, snoozed: 0, opted_out: 0, ghost: 0, ineligible: 0, need_categories: 0 };
    for (const r of roster) {
      memberCounts[r.status]++;
      if (r.status === 'active' && categories.length > 0 && !r.participant?.category_ids.length) memberCounts.need_categories++;
    }
    const roundJson = (r: IntrosRound) => this.roundJson(r, program.tz, counts.get(r.id)?.met ?? 0);
    return {
      program: programJson!,
      config: this.configJson(program, config, categories, access, roster),
      members,
      members_page: pageInfo(1, PER_PAGE, roster.length),
      member_counts: memberCounts,
      current_round: latest && groups ? { ...roundJson(latest), groups: groups.groups } : null,
      groups_page: groups && pageInfo(groups.page, groups.per, groups.total),
      rounds: rounds.map(roundJson),
      team: { id: program.workspace_id, pairing_welcome_message: welcome },
      can_edit: canEdit,
      hris_linked: hrisLinked,
      planned_round: { people: memberCounts.active, groups: planGroupSizes(memberCounts.active, config.group_size, config.enforce_group_size).length },
    };
  }

  /** GET /coffee/{id}/members: a page of the roster, searched by name or email, of one status or everyone. */
  async membersPage(auth: AuthContext, id: number, rawQuery: unknown): Promise<MembersPage> {
    const program = await this.editable(auth, id);
    const q: MembersQuery = parse(membersQuery, rawQuery);
    const today = this.today(program);
    const offset = (q.page - 1) * q.per;
    if (q.status === 'all') {
      const [members, total] = await Promise.all([this.repo.rosterMembers(program, { query: q.query, limit: q.per, offset }), this.repo.countRosterMembers(program, q.query)]);
      return { members: await this.membersJson(program, await this.repo.statusOf(program, members, today)), ...pageInfo(q.page, q.per, total) };
    }
    // A status follows from participation, snoozes and the pairing's own rules (statusOf): filter after it.
    const matching = (await this.repo.statusOf(program, await this.repo.rosterMembers(program, { query: q.query }), today)).filter((r) => r.status === q.status);
    return { members: await this.membersJson(program, matching.slice(offset, offset + q.per)), ...pageInfo(q.page, q.per, matching.length) };
  }

  /** GET /coffee/{id}/groups: a page of a round's groups (the latest round's unless asked), searched by who is in them. */
  async groupsPage(auth: AuthContext, id: number, rawQuery: unknown): Promise<GroupsPage> {
    const program = await this.editable(auth, id);
    const q: GroupsQuery = parse(groupsQuery, rawQuery);
    const round = q.round_id !== undefined ? await this.rounds.round(program.workspace_id, q.round_id) : (await this.rounds.latest(program, 1))[0];
    if (q.round_id !== undefined && round?.program_id !== program.id) throw new HttpError(404, 'Not found', { round_id: 'not a round of this program' });
    if (!round) return { round_id: null, groups: [], ...pageInfo(q.page, q.per, 0) };
    return this.groupsOf(program, round.id, q);
  }

  private async groupsOf(program: ChannelProgram, roundId: number, q: Pick<GroupsQuery, 'page' | 'per' | 'query'>): Promise<GroupsPage> {
    const { meetings, total } = await this.repo.meetingsPage(program, roundId, { query: q.query, limit: q.per, offset: (q.page - 1) * q.per });
    return { round_id: roundId, groups: await this.meetingJsonOf(program.workspace_id, meetings), ...pageInfo(q.page, q.per, total) };
  }

  /** Roster entries as the page shows them, with each one's last intro (read for these people only). */
  private async membersJson(program: ChannelProgram, entries: RosterEntry[]): Promise<MemberJson[]> {
    const lastIntro = await this.rounds.lastIntroAt(program, entries.map((r) => r.member.id));
    return entries.map((r) => {
      const last = lastIntro.get(r.member.id);
      return this.memberJson(r, last ? this.today(program, last) : null);
    });
  }

  configJson(program: ChannelProgram, c: IntrosConfig, categories: Array<{ id: number; name: string }>, access: PlanAccess, roster: RosterEntry[]): CoffeeConfigurationJson {
    const next = program.is_active ? c.next_run_at : null;
    return {
      id: program.id,
      ...this.settingsOf(c),
      tz: program.tz,
      categories: categories.map((cat) => ({ id: cat.id, name: cat.name, num_members: roster.filter((r) => r.participant?.category_ids.includes(cat.id)).length })),
      lottery_fixed_member_ids: c.lottery_fixed_member_ids,
      hris_groups: c.hris_groups,
      next_run_at: next ? next.toISOString() : null,
      next_occurrence_on: next ? this.today(program, next) : null,
      max_participants: this.s.entitlements.limits(access).introsParticipants,
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

  roundJson(r: IntrosRound, tz: string, numMet: number): RoundJson {
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
      num_met: numMet,
      num_left_out: Array.isArray(r.left_out) ? r.left_out.length : 0,
      checkin_at: r.checkin_at?.toISOString() ?? null,
      reminder_at: r.reminder_at?.toISOString() ?? null,
      ends_at: r.ends_at?.toISOString() ?? null,
      closed: r.closed_at !== null,
    };
  }

  async meetingJsonOf(workspaceId: number, meetings: IntrosMeeting[]): Promise<MeetingJson[]> {
    const answerIds = [...new Set(meetings.map((m) => m.answered_by_member_id).filter((x): x is number => x !== null))];
    const [people, answerers, deliveries] = await Promise.all([
      this.repo.meetingMembers(workspaceId, meetings.map((m) => m.id)),
      this.repo.members(workspaceId, answerIds),
      this.s.outbox.deliveries(workspaceId, meetings.map((m) => m.intro_key)),
    ]);
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
        delivery: deliveries.get(m.intro_key) ?? null,
      };
    });
  }

  // ----------------------------------------------------------------------------------------------
  // Settings

  /** PUT /coffee/{id}/update_as_json: validate everything, apply the rules, then save in one transaction. */
  /** PUT /coffee/{id}/update_as_json: the page as it is now, with the values the rules adjusted. */
  async update(auth: AuthContext, id: number, body: unknown): Promise<CoffeePageData & { adjusted: Record<string, string> }> {
    const program = await this.editable(auth, id);
    const { adjusted } = await this.applySettings(auth, program, parse(updateConfigBody, body));
    return { ...(await this.pageJson(auth, await this.s.programs.get(program.workspace_id, program.id))), adjusted };
  }

  /**
   * POST /coffee/{id}/trigger_arrangement_as_json: a round now, for an active program with at least 2 people
   * available in its channel.
   */
  async triggerRound(auth: AuthContext, id: number): Promise<{ ok: true; program: ProgramJson }> {
    const program = await this.editable(auth, id);
    if (!program.is_active) throw new HttpError(400, 'This program is paused. Activate it to send intros.', { is_active: 'paused' });
    await this.ensureRoster(program, 10 * 60_000);
    const available = await this.available(program);
    if (available < 2) {
      const channel = await this.channelName(program);
      throw new HttpError(400, `At least 2 people need to be available in #${channel} for a round. Invite people to the channel first.`, { participants: 'fewer than 2' }, { num_participants: available });
    }
    await this.s.programs.requestSendNow(program);
    return { ok: true, program: (await this.s.programs.serialize(auth.workspace, [await this.s.programs.get(program.workspace_id, program.id)]))[0]! };
  }

  private async applySettings(auth: AuthContext, program: ChannelProgram, input: UpdateConfigBody): Promise<{ adjusted: Record<string, string> }> {
    const config = await this.repo.configOrThrow(program);
    const access = await this.access(program.workspace_id);
    const current = this.settingsOf(config);
    const { is_active, tz, categories, lottery_fixed_member_ids, hris_groups, ...changes } = input;
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
      const last = await this.rounds.lastScheduledAt(program);
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
    const decision = this.s.entitlements.decide(access, { feature: 'pairing_types', pairingType: rules.settings.pairing_type, claimingAllowed: rules.settings.claiming_allowed });
    if (!decision.allowed) throw paymentRequired(decision.feature, decision.reason, access);

    const existingCategories = categories ? await this.repo.categories(program) : [];
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
      const found = await this.repo.members(program.workspace_id, lottery_fixed_member_ids);
      if (found.length !== new Set(lottery_fixed_member_ids).size)
        throw new HttpError(400, 'lottery_fixed_member_ids: choose people from this workspace', { lottery_fixed_member_ids: 'choose people from this workspace' });
    }

    const s = rules.settings;
    // One transaction: the settings, and the program's zone and pause (recorded as program.paused/resumed).
    await this.s.events.transaction(async (trx, emit) => {
      await this.repo.saveSettings(
        trx,
        program,
        {
          config: {
            ...configColumns(s),
            ...(lottery_fixed_member_ids ? { lottery_fixed_member_ids: [...new Set(lottery_fixed_member_ids)].slice(0, 2) } : {}),
            ...(hris_groups ? { hris_groups } : {}),
            next_run_at: active ? candidate : null,
            updated_at: now,
          },
          ...(categories ? { categories: categories.map((c) => ({ ...(c.id !== undefined ? { id: c.id } : {}), name: c.name.trim() })) } : {}),
        },
        now,
      );
      if (nextTz !== program.tz) await this.s.programs.setTimeZone(program, nextTz, trx);
      if (is_active !== undefined) await this.s.programs.setActiveIn(trx, emit, program, active);
    });
    return { adjusted: rules.adjusted as Record<string, string> };
  }

  /** PUT /teams/{id}: the workspace's Intros welcome message, for workspace admins (another workspace's id is a 404). */
  async setTeamWelcome(auth: AuthContext, id: number, body: unknown): Promise<{ id: number; pairing_welcome_message: string | null }> {
    const { workspaceId } = await requireAccess(auth, this.teamPolicy, id, 'edit');
    const message = parse(teamBody, body).team.pairing_welcome_message;
    const value = message?.trim() ? message.trim() : null;
    await this.repo.setTeamWelcome(workspaceId, value, this.s.clock.now());
    return { id: workspaceId, pairing_welcome_message: value };
  }
}
