import type { KnownBlock } from '@slack/types';
import type { ChannelProgram, Member, Workspace } from '../db/types.js';
import { HttpError } from '../http/errors.js';
import { addDays, formatLocalDate, instantToZoned } from '../time/zoned.js';
import { categoryReminderMessage, homeSection, statusReply, type Message, type MemberProgramStatus } from './blocks.js';
import { ICEBREAKER_LIBRARY } from './icebreakers-library.js';
import type { IntrosService, MemberJson } from './service.js';
import type { IntrosIcebreaker } from './tables.js';

/** Days a snooze lasts when no number is given. */
export const DEFAULT_SNOOZE_DAYS = 14;
/** Ghosts removed per call of destroy_ghosts_as_json. */
export const GHOSTS_PER_PAGE = 50;

export interface IcebreakerJson {
  id: number;
  question: string;
  theme: string;
  library_key: string | null;
  active: boolean;
}

const icebreakerJson = (i: IntrosIcebreaker): IcebreakerJson => ({ id: i.id, question: i.question, theme: i.theme, library_key: i.library_key, active: i.active });

/** What members do (snooze, opt out, interests) and what admins do to members, icebreakers and ghosts. */
export class MemberService {
  constructor(private readonly intros: IntrosService) {}

  private get s() {
    return this.intros.s;
  }
  private get db() {
    return this.intros.db;
  }

  /** A member's own "today": their zone, else the workspace's. */
  memberToday(member: Member, workspace: Pick<Workspace, 'default_tz'>): string {
    return formatLocalDate(instantToZoned(this.s.clock.now(), member.tz ?? workspace.default_tz).date);
  }

  // ----------------------------------------------------------------------------------------------
  // Snoozes

  /** Snoozes a member (every program when programId is null) for `days`; returns the date they are back. */
  async snooze(workspace: Workspace, member: Member, days: number, programId: number | null = null): Promise<string> {
    const until = formatLocalDate(addDays(instantToZoned(this.s.clock.now(), member.tz ?? workspace.default_tz).date, days));
    const now = this.s.clock.now();
    await this.db.transaction().execute(async (trx) => {
      let old = trx.deleteFrom('intros_snoozes').where('member_id', '=', member.id);
      old = programId === null ? old.where('program_id', 'is', null) : old.where('program_id', '=', programId);
      await old.execute();
      await trx.insertInto('intros_snoozes').values({ workspace_id: workspace.id, member_id: member.id, program_id: programId, until_on: until, created_at: now }).execute();
    });
    return until;
  }

  async unsnooze(member: Member, programId: number | null = null): Promise<void> {
    let q = this.db.deleteFrom('intros_snoozes').where('member_id', '=', member.id);
    if (programId !== null) q = q.where((eb) => eb.or([eb('program_id', '=', programId), eb('program_id', 'is', null)]));
    await q.execute();
  }

  async globalSnooze(member: Member, today: string): Promise<string | null> {
    const row = await this.db.selectFrom('intros_snoozes').select('until_on').where('member_id', '=', member.id).where('program_id', 'is', null).where('until_on', '>', today).executeTakeFirst();
    return row?.until_on ?? null;
  }

  // ----------------------------------------------------------------------------------------------
  // Participation

  async program(workspaceId: number, programId: number): Promise<ChannelProgram | undefined> {
    return this.db.selectFrom('channel_programs').selectAll().where('id', '=', programId).where('workspace_id', '=', workspaceId).where('type', '=', 'CoffeeConfiguration').executeTakeFirst();
  }

  async optOut(program: ChannelProgram, member: Member, reason: string | null = null): Promise<void> {
    const now = this.s.clock.now();
    await this.intros.repo.participant(this.db, program, member.id, now);
    await this.db
      .updateTable('intros_participants')
      .set({ opted_out: true, opted_out_at: now, opt_out_reason: reason, updated_at: now })
      .where('program_id', '=', program.id)
      .where('member_id', '=', member.id)
      .execute();
  }

  /** Back in: clears the opt-out, the ghost state and this program's snooze. */
  async optIn(program: ChannelProgram, member: Member): Promise<void> {
    const now = this.s.clock.now();
    await this.intros.repo.participant(this.db, program, member.id, now);
    await this.db
      .updateTable('intros_participants')
      .set({ opted_out: false, opted_out_at: null, opt_out_reason: null, ghost_state: 'none', ghost_since: null, ghost_ask_after: null, unanswered_streak: 0, updated_at: now })
      .where('program_id', '=', program.id)
      .where('member_id', '=', member.id)
      .execute();
    await this.db.deleteFrom('intros_snoozes').where('member_id', '=', member.id).where('program_id', '=', program.id).execute();
  }

  async setCategories(program: ChannelProgram, member: Member, categoryIds: number[]): Promise<number[]> {
    const valid = (await this.intros.repo.categories(program.id)).map((c) => c.id);
    const ids = [...new Set(categoryIds)].filter((id) => valid.includes(id));
    const now = this.s.clock.now();
    await this.intros.repo.participant(this.db, program, member.id, now);
    await this.db.updateTable('intros_participants').set({ category_ids: ids, updated_at: now }).where('program_id', '=', program.id).where('member_id', '=', member.id).execute();
    return ids;
  }

  /** POST /coffee/{id}/update_users_status. */
  async updateUsersStatus(program: ChannelProgram, slackIds: string[], status: 'active' | 'snoozed' | 'opted_out', days?: number): Promise<MemberJson[]> {
    const workspace = (await this.s.workspaces.byId(program.workspace_id))!;
    const members = await this.db.selectFrom('members').selectAll().where('workspace_id', '=', program.workspace_id).where('slack_user_id', 'in', slackIds).execute();
    const unknown = slackIds.filter((id) => !members.some((m) => m.slack_user_id === id));
    if (unknown.length) throw new HttpError(400, `user_uids: ${unknown[0]} is not in this workspace`, { user_uids: `unknown ${unknown.join(', ')}` });
    for (const m of members) {
      if (status === 'active') await this.optIn(program, m);
      else if (status === 'opted_out') await this.optOut(program, m, 'Set by an admin');
      else await this.snooze(workspace, m, days ?? DEFAULT_SNOOZE_DAYS, program.id);
    }
    const entries = await this.intros.repo.statusOf(program, members, this.intros.today(program));
    return entries.map((e) => this.intros.memberJson(e, null));
  }

  // ----------------------------------------------------------------------------------------------
  // Interests

  /** DMs active members without an interest a button to pick them. */
  async remindCategories(program: ChannelProgram): Promise<number> {
    const categories = await this.intros.repo.categories(program.id);
    if (!categories.length) throw new HttpError(400, 'Add interest options to this program first', { categories: 'none yet' });
    await this.intros.ensureRoster(program, 15 * 60_000);
    const roster = await this.intros.repo.roster(program, this.intros.today(program));
    const missing = roster.filter((r) => r.status === 'active' && (r.participant?.category_ids.length ?? 0) === 0);
    if (!missing.length) return 0;
    const channelName = await this.intros.repo.channelName(program.workspace_id, program.channel_id);
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
  async destroyGhosts(program: ChannelProgram, page: number): Promise<{ removed: number; next_page: number | null }> {
    const now = this.s.clock.now();
    const removed = await this.db.transaction().execute(async (trx) => {
      const batch = await trx
        .selectFrom('intros_participants')
        .select('member_id')
        .where('program_id', '=', program.id)
        .where('ghost_state', 'in', ['ghost', 'ask_later'])
        .orderBy('member_id')
        .limit(GHOSTS_PER_PAGE)
        .forUpdate()
        .skipLocked()
        .execute();
      if (!batch.length) return 0;
      await trx
        .updateTable('intros_participants')
        .set({ ghost_state: 'removed', ghost_ask_after: null, opted_out: true, opted_out_at: now, opt_out_reason: 'Removed as a ghost by an admin', updated_at: now })
        .where('program_id', '=', program.id)
        .where('member_id', 'in', batch.map((b) => b.member_id))
        .execute();
      return batch.length;
    });
    const left = await this.db
      .selectFrom('intros_participants')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('program_id', '=', program.id)
      .where('ghost_state', 'in', ['ghost', 'ask_later'])
      .executeTakeFirstOrThrow();
    return { removed, next_page: Number(left.n) > 0 ? page + 1 : null };
  }

  // ----------------------------------------------------------------------------------------------
  // Icebreakers

  async icebreakers(program: ChannelProgram): Promise<IcebreakerJson[]> {
    const rows = await this.db.selectFrom('intros_icebreakers').selectAll().where('program_id', '=', program.id).orderBy('id').execute();
    return rows.map(icebreakerJson);
  }

  async addIcebreaker(program: ChannelProgram, input: { question: string; theme?: string } | { library_key: string }): Promise<IcebreakerJson> {
    const now = this.s.clock.now();
    if ('library_key' in input) {
      const item = ICEBREAKER_LIBRARY.find((i) => i.library_key === input.library_key);
      if (!item) throw new HttpError(400, 'icebreaker.library_key: not in the library', { 'icebreaker.library_key': 'not in the library' });
      const row = await this.db
        .insertInto('intros_icebreakers')
        .values({ workspace_id: program.workspace_id, program_id: program.id, question: item.question, theme: item.theme, library_key: item.library_key, created_at: now })
        .onConflict((oc) => oc.columns(['program_id', 'library_key']).doUpdateSet({ active: true }))
        .returningAll()
        .executeTakeFirstOrThrow();
      return icebreakerJson(row);
    }
    const row = await this.db
      .insertInto('intros_icebreakers')
      .values({ workspace_id: program.workspace_id, program_id: program.id, question: input.question, theme: input.theme ?? 'custom', library_key: null, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return icebreakerJson(row);
  }

  async updateIcebreaker(program: ChannelProgram, id: number, input: { active?: boolean; question?: string }): Promise<IcebreakerJson> {
    const row = await this.db
      .updateTable('intros_icebreakers')
      .set({ ...(input.active !== undefined ? { active: input.active } : {}), ...(input.question !== undefined ? { question: input.question } : {}) })
      .where('id', '=', id)
      .where('program_id', '=', program.id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new HttpError(404, 'Not found');
    return icebreakerJson(row);
  }

  // ----------------------------------------------------------------------------------------------
  // Slack surfaces: the home section and /hearth intros

  /** Every Intros program the member is in the channel of (or has a participation row in). */
  async statusFor(workspace: Workspace, member: Member): Promise<{ programs: MemberProgramStatus[]; globalSnoozeUntil: string | null }> {
    const programs = await this.db
      .selectFrom('channel_programs as p')
      .selectAll('p')
      .where('p.workspace_id', '=', workspace.id)
      .where('p.type', '=', 'CoffeeConfiguration')
      .where((eb) =>
        eb.or([
          eb.exists(eb.selectFrom('channel_members as cm').select('cm.slack_user_id').whereRef('cm.workspace_id', '=', 'p.workspace_id').whereRef('cm.channel_id', '=', 'p.channel_id').where('cm.slack_user_id', '=', member.slack_user_id)),
          eb.exists(eb.selectFrom('intros_participants as ip').select('ip.member_id').whereRef('ip.program_id', '=', 'p.id').where('ip.member_id', '=', member.id).where('ip.opted_out', '=', true)),
        ]),
      )
      .orderBy('p.id')
      .execute();
    const today = this.memberToday(member, workspace);
    const globalSnoozeUntil = await this.globalSnooze(member, today);
    const out: MemberProgramStatus[] = [];
    for (const program of programs) {
      const [entry] = await this.intros.repo.statusOf(program, [member], this.intros.today(program));
      if (!entry || entry.status === 'ineligible') continue;
      const [config, categories, current] = await Promise.all([
        this.intros.repo.config(program.id),
        this.intros.repo.categories(program.id),
        this.db
          .selectFrom('intros_meeting_members as mm')
          .innerJoin('intros_meetings as mt', 'mt.id', 'mm.meeting_id')
          .innerJoin('intros_rounds as r', 'r.id', 'mt.round_id')
          .select(['mt.id', 'mt.state', 'r.scheduled_for'])
          .where('mm.member_id', '=', member.id)
          .where('mm.program_id', '=', program.id)
          .where('r.closed_at', 'is', null)
          .orderBy('r.scheduled_for', 'desc')
          .limit(1)
          .executeTakeFirst(),
      ]);
      let currentGroup: MemberProgramStatus['currentGroup'] = null;
      if (current) {
        const people = (await this.intros.repo.meetingMembers([current.id])).get(current.id) ?? [];
        currentGroup = {
          with: people.filter((p) => p.id !== member.id).map((p) => p.slack_user_id),
          state: current.state,
          date: formatLocalDate(instantToZoned(current.scheduled_for, program.tz).date),
        };
      }
      const next = program.is_active ? config?.next_run_at : null;
      out.push({
        programId: program.id,
        channelName: await this.intros.repo.channelName(program.workspace_id, program.channel_id),
        status: entry.status,
        snoozedUntil: entry.snoozedUntil,
        nextRoundOn: next ? formatLocalDate(instantToZoned(next, program.tz).date) : null,
        hasCategories: categories.length > 0,
        currentGroup,
      });
    }
    return { programs: out, globalSnoozeUntil };
  }

  async homeBlocks(workspace: Workspace, member: Member): Promise<KnownBlock[]> {
    return homeSection(await this.statusFor(workspace, member));
  }

  async statusMessage(workspace: Workspace, member: Member): Promise<Message> {
    return statusReply(await this.statusFor(workspace, member));
  }
}
