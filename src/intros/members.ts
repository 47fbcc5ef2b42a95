import type { KnownBlock } from '@slack/types';
import type { ChannelProgram, Member, Workspace } from '../db/types.js';
import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { requireAccess } from '../platform/access.js';
import { createIcebreakerBody, destroyGhostsBody, updateIcebreakerBody, updateUsersStatusBody, updateUsersStatusSubject } from './schema.js';
import { addDays, formatLocalDate, instantToZoned, parseLocalDate } from '../time/zoned.js';
import { formatCalendarDate, slackDate } from '../slack/dates.js';
import { categoryReminderMessage, homeSection, statusReply, type Message, type MemberProgramStatus } from './blocks.js';
import { ICEBREAKER_LIBRARY } from './icebreakers-library.js';
import type { IcebreakerJson, MemberJson } from './api-types.js';
import type { IntrosDeps } from './deps.js';
import type { IntrosRepository } from './repository.js';
import type { RoundsRepository } from './rounds.repository.js';
import type { IntrosService } from './service.js';
import type { IntrosCategory, IntrosIcebreaker } from './tables.js';

/** Days a snooze lasts when no number is given. */
export const DEFAULT_SNOOZE_DAYS = 14;
/** Ghosts removed per call of destroy_ghosts_as_json. */
export const GHOSTS_PER_PAGE = 50;

const icebreakerJson = (i: IntrosIcebreaker): IcebreakerJson => ({ id: i.id, question: i.question, theme: i.theme, library_key: i.library_key, active: i.active });

/** What members do (snooze, opt out, interests) and what admins do to members, icebreakers and ghosts. */
export class MemberService {
  constructor(
    private readonly s: IntrosDeps,
    private readonly repo: IntrosRepository,
    private readonly rounds: RoundsRepository,
    private readonly intros: IntrosService,
  ) {}

  /** A member's own "today": their zone, else the workspace's. */
  memberToday(member: Member, workspace: Pick<Workspace, 'default_tz'>): string {
    return formatLocalDate(instantToZoned(this.s.clock.now(), member.tz ?? workspace.default_tz).date);
  }

  // ----------------------------------------------------------------------------------------------
  // Snoozes

  /** Snoozes a member (every program when programId is null) for `days`; returns the date they are back. */
  async snooze(workspace: Workspace, member: Member, days: number, programId: number | null = null): Promise<string> {
    const until = formatLocalDate(addDays(instantToZoned(this.s.clock.now(), member.tz ?? workspace.default_tz).date, days));
    await this.repo.snooze(workspace.id, member.id, programId, until, this.s.clock.now());
    return until;
  }

  async unsnooze(member: Member, programId: number | null = null): Promise<void> {
    await this.repo.unsnooze(member.workspace_id, member.id, programId);
  }

  // ----------------------------------------------------------------------------------------------
  // Participation

  program(workspaceId: number, programId: number): Promise<ChannelProgram | undefined> {
    return this.repo.program(workspaceId, programId);
  }

  /** Sets the member's participation, creating it first when missing. */
  private async setParticipation(program: ChannelProgram, member: Member, set: Parameters<IntrosRepository['updateParticipants']>[3]): Promise<void> {
    await this.repo.inTransaction(async (trx) => {
      await this.repo.ensureParticipants(trx, program, [member.id], this.s.clock.now());
      await this.repo.updateParticipants(trx, program, [member.id], set);
    });
  }

  async optOut(program: ChannelProgram, member: Member, reason: string | null = null): Promise<void> {
    const now = this.s.clock.now();
    await this.setParticipation(program, member, { opted_out: true, opted_out_at: now, opt_out_reason: reason, updated_at: now });
  }

  /** Back in: clears the opt-out, the ghost state and this program's snooze. */
  async optIn(program: ChannelProgram, member: Member): Promise<void> {
    const now = this.s.clock.now();
    await this.setParticipation(program, member, { opted_out: false, opted_out_at: null, opt_out_reason: null, ghost_state: 'none', ghost_since: null, ghost_ask_after: null, unanswered_streak: 0, updated_at: now });
    await this.repo.dropProgramSnooze(program, member.id);
  }

  async setCategories(program: ChannelProgram, member: Member, categoryIds: number[]): Promise<number[]> {
    const valid = (await this.repo.categories(program)).map((c) => c.id);
    const ids = [...new Set(categoryIds)].filter((id) => valid.includes(id));
    await this.setParticipation(program, member, { category_ids: ids, updated_at: this.s.clock.now() });
    return ids;
  }

  /** What the "pick your interests" modal shows: the program's categories and the member's choice. */
  async categoryChoice(program: ChannelProgram, member: Member): Promise<{ channelName: string; categories: IntrosCategory[]; selected: number[] }> {
    const [channelName, categories, participant] = await Promise.all([
      this.intros.channelName(program),
      this.repo.categories(program),
      this.repo.participant(program, member.id, this.s.clock.now()),
    ]);
    return { channelName, categories, selected: participant.category_ids };
  }

  /**
   * POST /coffee/{id}/update_users_status: a member may change their own status in a program of their workspace (their
   * channel settings); anyone else's needs the program's owner, editors or a workspace admin.
   */
  async updateUsersStatus(auth: AuthContext, id: number, body: unknown): Promise<{ updated: number; members: MemberJson[] }> {
    // Authorised before the body is validated: someone who may change only their own status learns no field list.
    const subject = updateUsersStatusSubject.safeParse(body);
    const self = subject.success && subject.data.user_uids.every((uid) => uid === auth.member.slack_user_id);
    const program = await requireAccess(auth, this.s.programs.policy('CoffeeConfiguration'), id, self ? 'read' : 'edit');
    const input = parse(updateUsersStatusBody, body);
    if (input.coffee_configuration_id !== undefined && input.coffee_configuration_id !== program.id)
      throw new HttpError(400, 'coffee_configuration_id: does not match the program in the path', { coffee_configuration_id: 'does not match the path' });
    const members = await this.setStatus(program, input.user_uids, input.status, input.days_to_snooze);
    return { updated: members.length, members };
  }

  private async setStatus(program: ChannelProgram, slackIds: string[], status: 'active' | 'snoozed' | 'opted_out', days?: number): Promise<MemberJson[]> {
    const workspace = (await this.s.workspaces.byId(program.workspace_id))!;
    const members = await this.repo.membersBySlackId(program.workspace_id, slackIds);
    const unknown = slackIds.filter((id) => !members.some((m) => m.slack_user_id === id));
    if (unknown.length) throw new HttpError(400, `user_uids: ${unknown[0]} is not in this workspace`, { user_uids: `unknown ${unknown.join(', ')}` });
    for (const m of members) {
      if (status === 'active') await this.optIn(program, m);
      else if (status === 'opted_out') await this.optOut(program, m, 'Set by an admin');
      else await this.snooze(workspace, m, days ?? DEFAULT_SNOOZE_DAYS, program.id);
    }
    const entries = await this.repo.statusOf(program, members, this.intros.today(program));
    return entries.map((e) => this.intros.memberJson(e, null));
  }

  // ----------------------------------------------------------------------------------------------
  // Interests

  /** DMs active members without an interest a button to pick them. */
  async remindCategories(auth: AuthContext, id: number): Promise<number> {
    const program = await this.intros.editable(auth, id);
    const categories = await this.repo.categories(program);
    if (!categories.length) throw new HttpError(400, 'Add interest options to this program first', { categories: 'none yet' });
    await this.intros.ensureRoster(program, 15 * 60_000);
    const roster = await this.repo.roster(program, this.intros.today(program));
    const missing = roster.filter((r) => r.status === 'active' && (r.participant?.category_ids.length ?? 0) === 0);
    if (!missing.length) return 0;
    const channelName = await this.intros.channelName(program);
    const message = categoryReminderMessage({ programId: program.id, channelName });
    const day = this.intros.today(program);
    await this.s.outbox.enqueue(
      missing.map((r) => ({
        workspaceId: program.workspace_id,
        key: `intro-categories:${program.id}:${r.member.id}:${day}`,
        kind: 'intro-categories',
        method: 'dm.post',
        args: { users: [r.member.slack_user_id], text: message.text, blocks: message.blocks },
      })),
    );
    return missing.length;
  }

  // ----------------------------------------------------------------------------------------------
  // Ghosts

  /** Removes up to 50 ghosts (opted out of this program with a reason); next_page is null when none are left. */
  async destroyGhosts(auth: AuthContext, id: number, input: unknown): Promise<{ removed: number; next_page: number | null }> {
    const program = await this.intros.editable(auth, id);
    const page = parse(destroyGhostsBody, input).page ?? 1;
    const removed = await this.repo.removeGhosts(program, GHOSTS_PER_PAGE, this.s.clock.now());
    return { removed, next_page: (await this.repo.countGhosts(program)) > 0 ? page + 1 : null };
  }

  // ----------------------------------------------------------------------------------------------
  // Icebreakers

  async icebreakers(auth: AuthContext, id: number): Promise<IcebreakerJson[]> {
    const program = await this.intros.editable(auth, id);
    return (await this.repo.icebreakers(program)).map(icebreakerJson);
  }

  async addIcebreaker(auth: AuthContext, id: number, body: unknown): Promise<IcebreakerJson> {
    const program = await this.intros.editable(auth, id);
    const input = parse(createIcebreakerBody, body).icebreaker;
    const now = this.s.clock.now();
    const mine = { workspace_id: program.workspace_id, program_id: program.id, created_at: now };
    if ('library_key' in input) {
      const item = ICEBREAKER_LIBRARY.find((i) => i.library_key === input.library_key);
      if (!item) throw new HttpError(400, 'icebreaker.library_key: not in the library', { 'icebreaker.library_key': 'not in the library' });
      return icebreakerJson(await this.repo.addIcebreaker({ ...mine, question: item.question, theme: item.theme, library_key: item.library_key }));
    }
    return icebreakerJson(await this.repo.addIcebreaker({ ...mine, question: input.question, theme: input.theme ?? 'custom', library_key: null }));
  }

  async updateIcebreaker(auth: AuthContext, programId: number, id: number, body: unknown): Promise<IcebreakerJson> {
    const program = await this.intros.editable(auth, programId);
    const input = parse(updateIcebreakerBody, body).icebreaker;
    const row = await this.repo.updateIcebreaker(program, id, {
      ...(input.active !== undefined ? { active: input.active } : {}),
      ...(input.question !== undefined ? { question: input.question } : {}),
    });
    if (!row) throw new HttpError(404, 'Not found');
    return icebreakerJson(row);
  }

  // ----------------------------------------------------------------------------------------------
  // Slack surfaces: the home section and /hearth intros

  /** Every Intros program the member is in the channel of (or has a participation row in). */
  async statusFor(workspace: Workspace, member: Member): Promise<{ programs: MemberProgramStatus[]; globalSnoozeUntil: string | null }> {
    const programs = await this.repo.memberPrograms(workspace.id, member);
    const today = this.memberToday(member, workspace);
    const globalSnoozeUntil = await this.repo.globalSnooze(workspace.id, member.id, today);
    const out: MemberProgramStatus[] = [];
    for (const program of programs) {
      const [entry] = await this.repo.statusOf(program, [member], this.intros.today(program));
      if (!entry || entry.status === 'ineligible') continue;
      const [config, categories, current] = await Promise.all([this.repo.config(program), this.repo.categories(program), this.rounds.currentMeetingOf(program, member.id)]);
      let currentGroup: MemberProgramStatus['currentGroup'] = null;
      if (current) {
        const people = (await this.repo.meetingMembers(workspace.id, [current.id])).get(current.id) ?? [];
        currentGroup = {
          with: people.filter((p) => p.id !== member.id).map((p) => p.slack_user_id),
          state: current.state,
          date: slackDate(current.scheduled_for, program.tz, 'day'),
        };
      }
      const next = program.is_active ? config?.next_run_at : null;
      out.push({
        programId: program.id,
        channelName: await this.intros.channelName(program),
        status: entry.status,
        snoozedUntil: entry.snoozedUntil && formatCalendarDate(parseLocalDate(entry.snoozedUntil), { short: true }),
        nextRoundOn: next ? slackDate(next, program.tz, 'day') : null,
        hasCategories: categories.length > 0,
        currentGroup,
      });
    }
    return { programs: out, globalSnoozeUntil: globalSnoozeUntil && formatCalendarDate(parseLocalDate(globalSnoozeUntil), { short: true }) };
  }

  async homeBlocks(workspace: Workspace, member: Member): Promise<KnownBlock[]> {
    return homeSection(await this.statusFor(workspace, member));
  }

  async statusMessage(workspace: Workspace, member: Member): Promise<Message> {
    return statusReply(await this.statusFor(workspace, member));
  }
}
