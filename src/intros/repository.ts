import { sql, type Insertable, type Updateable } from 'kysely';
import { personNameSql } from '../people/repository.js';
import type { Db, Executor, Trx } from '../db/index.js';
import type { ChannelProgram, Member } from '../db/types.js';
import type { MemberStatus } from './api-types.js';
import { eligibleCandidates, type ExclusionReason, type PairingHistoryEntry } from './pairing/index.js';
import type { IntrosConfig, IntrosConfigsTable, IntrosIcebreakersTable, IntrosMeeting, IntrosParticipant, IntrosParticipantsTable, MeetingState } from './tables.js';

export type { MemberStatus } from './api-types.js';

/** A program and its workspace: every program-scoped query filters by both (the tenant boundary). */
export type ProgramRef = Pick<ChannelProgram, 'id' | 'workspace_id'>;
/** A program and its channel: whose roster it is. */
export type RosterRef = Pick<ChannelProgram, 'workspace_id' | 'channel_id'>;

export interface RosterEntry {
  member: Member;
  participant: IntrosParticipant | undefined;
  snoozedUntil: string | null;
  status: MemberStatus;
  /** Why the member is not active (null when active). */
  reason: ExclusionReason | null;
  why: string | null;
}

/** What Intros saves of a settings change, in one transaction (PUT /coffee/{id}/update_as_json). */
export interface SettingsChange {
  config: Updateable<IntrosConfigsTable>;
  /** The whole list of categories, in order (existing ones by id); absent when unchanged. */
  categories?: Array<{ id?: number; name: string }>;
}


/** `members as m` whose name (full, display or handle) or email contains `query`, any case; wildcards are plain text. */
function nameOrEmailContains(query: string) {
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`(m.real_name ilike ${pattern} or m.display_name ilike ${pattern} or m.name ilike ${pattern} or m.email ilike ${pattern})`;
}

const GHOSTLY = new Set(['ghost', 'ask_later']);
const INTROS = 'CoffeeConfiguration';

/**
 * The SQL Intros shares between its services: programs, settings, rosters and participation, snoozes,
 * categories, icebreakers, meeting members and history. Every method takes the workspace id (alone or in a
 * ProgramRef) and filters by it. Pass `ex` when inside a transaction: PGlite has a single connection.
 */
export class IntrosRepository {
  constructor(private readonly db: Db) {}

  inTransaction<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  // ----------------------------------------------------------------------------------------------
  // Programs and settings

  program(workspaceId: number, programId: number, ex: Executor = this.db): Promise<ChannelProgram | undefined> {
    return ex.selectFrom('channel_programs').selectAll().where('id', '=', programId).where('workspace_id', '=', workspaceId).where('type', '=', INTROS).executeTakeFirst();
  }

  async countPrograms(workspaceId: number): Promise<number> {
    const row = await this.db
      .selectFrom('channel_programs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .where('type', '=', INTROS)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  config(p: ProgramRef, ex: Executor = this.db): Promise<IntrosConfig | undefined> {
    return ex.selectFrom('intros_configs').selectAll().where('program_id', '=', p.id).where('workspace_id', '=', p.workspace_id).executeTakeFirst();
  }

  async configOrThrow(p: ProgramRef): Promise<IntrosConfig> {
    const c = await this.config(p);
    if (!c) throw new Error(`intros config ${p.id} is missing`);
    return c;
  }

  /** A new program's settings and its icebreakers from the library, in the creating transaction. */
  async createConfig(trx: Trx, config: Insertable<IntrosConfigsTable>, icebreakers: Array<Insertable<IntrosIcebreakersTable>>): Promise<void> {
    await trx.insertInto('intros_configs').values(config).execute();
    if (icebreakers.length) await trx.insertInto('intros_icebreakers').values(icebreakers).execute();
  }

  /** For program lists: the next run and the participants (reachable, not opted out, not set aside) of each. */
  async summaries(workspaceId: number, programs: Array<Pick<ChannelProgram, 'id' | 'channel_id'>>): Promise<Map<number, { numParticipants: number; nextRunAt: Date | null }>> {
    const out = new Map<number, { numParticipants: number; nextRunAt: Date | null }>();
    if (!programs.length) return out;
    const configs = await this.db.selectFrom('intros_configs').select(['program_id', 'next_run_at']).where('workspace_id', '=', workspaceId).where('program_id', 'in', programs.map((p) => p.id)).execute();
    // One count per program, over its roster (see rosterQuery): a workspace has a few Intros programs.
    for (const p of programs) {
      const count = await this.rosterQuery({ workspace_id: workspaceId, channel_id: p.channel_id }, '')
        .leftJoin('intros_participants as ip', (j) => j.on('ip.program_id', '=', p.id).onRef('ip.member_id', '=', 'm.id'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('m.is_bot', '=', false)
        .where('m.deleted', '=', false)
        .where('m.is_external', '=', false)
        .where((eb) => eb.or([eb('ip.member_id', 'is', null), eb.and([eb('ip.opted_out', '=', false), eb('ip.ghost_state', 'in', ['none', 'removed'])])]))
        .executeTakeFirstOrThrow();
      out.set(p.id, { numParticipants: Number(count.n), nextRunAt: configs.find((c) => c.program_id === p.id)?.next_run_at ?? null });
    }
    return out;
  }

  async markRosterSynced(p: ProgramRef, at: Date): Promise<void> {
    await this.db.updateTable('intros_configs').set({ roster_synced_at: at }).where('program_id', '=', p.id).where('workspace_id', '=', p.workspace_id).execute();
  }

  /** Settings and categories (removed ones leave members' choices), in the caller's transaction. */
  async saveSettings(trx: Trx, p: ProgramRef, change: SettingsChange, now: Date): Promise<void> {
    await trx.updateTable('intros_configs').set(change.config).where('program_id', '=', p.id).where('workspace_id', '=', p.workspace_id).execute();
    if (change.categories) await this.replaceCategories(trx, p, change.categories, now);
  }

  private async replaceCategories(trx: Trx, p: ProgramRef, categories: Array<{ id?: number; name: string }>, now: Date): Promise<void> {
    const keep = categories.filter((c) => c.id !== undefined).map((c) => c.id!);
    let gone = trx.deleteFrom('intros_categories').where('program_id', '=', p.id).where('workspace_id', '=', p.workspace_id);
    if (keep.length) gone = gone.where('id', 'not in', keep);
    const removed = (await gone.returning('id').execute()).map((r) => r.id);
    const mine = trx.updateTable('intros_categories').where('program_id', '=', p.id).where('workspace_id', '=', p.workspace_id);
    // Rename in two steps so swapping two names does not trip the unique index.
    for (const id of keep) await mine.set({ name: `~renaming~${id}` }).where('id', '=', id).execute();
    for (const [position, c] of categories.entries()) {
      if (c.id !== undefined) await mine.set({ name: c.name, position }).where('id', '=', c.id).execute();
      else await trx.insertInto('intros_categories').values({ workspace_id: p.workspace_id, program_id: p.id, name: c.name, position, created_at: now }).execute();
    }
    if (!removed.length) return;
    const holders = await trx.selectFrom('intros_participants').select(['member_id', 'category_ids']).where('program_id', '=', p.id).where('workspace_id', '=', p.workspace_id).execute();
    for (const h of holders.filter((x) => x.category_ids.some((id) => removed.includes(id))))
      await this.updateParticipants(trx, p, [h.member_id], { category_ids: h.category_ids.filter((id) => !removed.includes(id)), updated_at: now });
  }

  /** Locks the program's settings row for the rest of the transaction. */
  async lock(trx: Trx, p: ProgramRef): Promise<void> {
    await trx.selectFrom('intros_configs').select('program_id').where('program_id', '=', p.id).where('workspace_id', '=', p.workspace_id).forUpdate().executeTakeFirst();
  }

  /** The workspace's welcome for people in their first round (PUT /teams/{id}). */
  async teamWelcome(workspaceId: number): Promise<string | null> {
    const row = await this.db.selectFrom('intros_team_settings').select('pairing_welcome_message').where('workspace_id', '=', workspaceId).executeTakeFirst();
    return row?.pairing_welcome_message ?? null;
  }

  async setTeamWelcome(workspaceId: number, message: string | null, now: Date): Promise<void> {
    await this.db
      .insertInto('intros_team_settings')
      .values({ workspace_id: workspaceId, pairing_welcome_message: message, updated_at: now })
      .onConflict((oc) => oc.column('workspace_id').doUpdateSet({ pairing_welcome_message: message, updated_at: now }))
      .execute();
  }

  // ----------------------------------------------------------------------------------------------
  // Members, channels and the roster

  /** Pass the transaction when inside one: PGlite has a single connection. */
  async channelName(workspaceId: number, channelId: string, ex: Executor = this.db): Promise<string> {
    const row = await ex.selectFrom('channels').select('name').where('workspace_id', '=', workspaceId).where('channel_id', '=', channelId).executeTakeFirst();
    return row?.name ?? channelId;
  }

  /** Channel names by id, for the people-met list. */
  async channelNames(workspaceId: number): Promise<Map<string, string>> {
    const rows = await this.db.selectFrom('channels').select(['channel_id', 'name']).where('workspace_id', '=', workspaceId).execute();
    return new Map(rows.map((r) => [r.channel_id, r.name]));
  }

  members(workspaceId: number, ids: number[], ex: Executor = this.db): Promise<Member[]> {
    if (!ids.length) return Promise.resolve([]);
    return ex.selectFrom('members').selectAll().where('workspace_id', '=', workspaceId).where('id', 'in', ids).execute();
  }

  membersBySlackId(workspaceId: number, slackIds: string[]): Promise<Member[]> {
    if (!slackIds.length) return Promise.resolve([]);
    return this.db.selectFrom('members').selectAll().where('workspace_id', '=', workspaceId).where('slack_user_id', 'in', slackIds).execute();
  }

  /** Snoozes in force on `today` (local date), by member: the later of a global and this program's. */
  async snoozes(workspaceId: number, programId: number | null, memberIds: number[], today: string): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    if (!memberIds.length) return out;
    let q = this.db
      .selectFrom('intros_snoozes')
      .select(['member_id', 'until_on', 'program_id'])
      .where('workspace_id', '=', workspaceId)
      .where('member_id', 'in', memberIds)
      .where('until_on', '>', today);
    q = programId === null ? q.where('program_id', 'is', null) : q.where((eb) => eb.or([eb('program_id', 'is', null), eb('program_id', '=', programId)]));
    for (const r of await q.execute()) if ((out.get(r.member_id) ?? '') < r.until_on) out.set(r.member_id, r.until_on);
    return out;
  }

  /** Replaces the member's snooze of this program (every program when programId is null). */
  async snooze(workspaceId: number, memberId: number, programId: number | null, untilOn: string, now: Date): Promise<void> {
    await this.inTransaction(async (trx) => {
      let old = trx.deleteFrom('intros_snoozes').where('workspace_id', '=', workspaceId).where('member_id', '=', memberId);
      old = programId === null ? old.where('program_id', 'is', null) : old.where('program_id', '=', programId);
      await old.execute();
      await trx.insertInto('intros_snoozes').values({ workspace_id: workspaceId, member_id: memberId, program_id: programId, until_on: untilOn, created_at: now }).execute();
    });
  }

  /** Ends snoozes: every one of the member's (programId null), or this program's and the global one. */
  async unsnooze(workspaceId: number, memberId: number, programId: number | null): Promise<void> {
    let q = this.db.deleteFrom('intros_snoozes').where('workspace_id', '=', workspaceId).where('member_id', '=', memberId);
    if (programId !== null) q = q.where((eb) => eb.or([eb('program_id', '=', programId), eb('program_id', 'is', null)]));
    await q.execute();
  }

  async dropProgramSnooze(p: ProgramRef, memberId: number): Promise<void> {
    await this.db.deleteFrom('intros_snoozes').where('workspace_id', '=', p.workspace_id).where('member_id', '=', memberId).where('program_id', '=', p.id).execute();
  }

  async globalSnooze(workspaceId: number, memberId: number, today: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('intros_snoozes')
      .select('until_on')
      .where('workspace_id', '=', workspaceId)
      .where('member_id', '=', memberId)
      .where('program_id', 'is', null)
      .where('until_on', '>', today)
      .executeTakeFirst();
    return row?.until_on ?? null;
  }

  /** Everyone in the program's channel roster with their participation and why they are (not) in. */
  async roster(program: ChannelProgram, today: string): Promise<RosterEntry[]> {
    return this.statusOf(program, await this.rosterMembers(program), today);
  }

  /**
   * People in the program's channel by name (then id), the order every page of the roster keeps; `query` keeps
   * those whose name or email contains it, `limit` and `offset` take a page.
   */
  rosterMembers(program: RosterRef, opts: { query?: string; limit?: number; offset?: number } = {}): Promise<Member[]> {
    let q = this.rosterQuery(program, opts.query ?? '')
      .selectAll('m')
      .orderBy(sql`lower(${personNameSql('m')})`)
      .orderBy('m.id');
    if (opts.limit !== undefined) q = q.limit(opts.limit).offset(opts.offset ?? 0);
    return q.execute();
  }

  /** How many people of the program's channel `rosterMembers` finds for `query`. */
  async countRosterMembers(program: RosterRef, query: string): Promise<number> {
    const row = await this.rosterQuery(program, query).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  // Members with a row in the channel (EXISTS), not a join: PGlite never analyzes its tables, and on its guesses
  // a join re-read every member once per channel member whenever a search narrowed them (seconds at 1,000).
  private rosterQuery(program: RosterRef, query: string) {
    const q = this.db
      .selectFrom('members as m')
      .where('m.workspace_id', '=', program.workspace_id)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('channel_members as cm')
            .select('cm.slack_user_id')
            .whereRef('cm.workspace_id', '=', 'm.workspace_id')
            .where('cm.channel_id', '=', program.channel_id)
            .whereRef('cm.slack_user_id', '=', 'm.slack_user_id'),
        ),
      );
    return query ? q.where(nameOrEmailContains(query)) : q;
  }

  async statusOf(program: ProgramRef, members: Member[], today: string): Promise<RosterEntry[]> {
    if (!members.length) return [];
    const ids = members.map((m) => m.id);
    const [participants, snoozes] = await Promise.all([
      this.db.selectFrom('intros_participants').selectAll().where('program_id', '=', program.id).where('workspace_id', '=', program.workspace_id).where('member_id', 'in', ids).execute(),
      this.snoozes(program.workspace_id, program.id, ids, today),
    ]);
    const byMember = new Map(participants.map((p) => [p.member_id, p]));
    const { excluded } = eligibleCandidates(
      members.map((m) => {
        const p = byMember.get(m.id);
        return {
          id: String(m.id),
          isBot: m.is_bot,
          deleted: m.deleted,
          isExternal: m.is_external,
          optedOut: p?.opted_out ?? false,
          ghost: p ? GHOSTLY.has(p.ghost_state) : false,
          snoozedUntil: snoozes.get(m.id) ?? null,
        };
      }),
      { today },
    );
    const why = new Map(excluded.map((e) => [Number(e.id), e]));
    return members.map((member) => {
      const ex = why.get(member.id);
      const status: MemberStatus = !ex
        ? 'active'
        : ex.reason === 'snoozed'
          ? 'snoozed'
          : ex.reason === 'opted_out'
            ? 'opted_out'
            : ex.reason === 'ghost'
              ? 'ghost'
              : 'ineligible';
      return { member, participant: byMember.get(member.id), snoozedUntil: snoozes.get(member.id) ?? null, status, reason: ex?.reason ?? null, why: ex?.why ?? null };
    });
  }

  /** The member's Intros programs: those whose channel they are in, and those they opted out of. */
  memberPrograms(workspaceId: number, member: Pick<Member, 'id' | 'slack_user_id'>): Promise<ChannelProgram[]> {
    return this.db
      .selectFrom('channel_programs as p')
      .selectAll('p')
      .where('p.workspace_id', '=', workspaceId)
      .where('p.type', '=', INTROS)
      .where((eb) =>
        eb.or([
          eb.exists(eb.selectFrom('channel_members as cm').select('cm.slack_user_id').whereRef('cm.workspace_id', '=', 'p.workspace_id').whereRef('cm.channel_id', '=', 'p.channel_id').where('cm.slack_user_id', '=', member.slack_user_id)),
          eb.exists(eb.selectFrom('intros_participants as ip').select('ip.member_id').whereRef('ip.program_id', '=', 'p.id').where('ip.member_id', '=', member.id).where('ip.opted_out', '=', true)),
        ]),
      )
      .orderBy('p.id')
      .execute();
  }

  // ----------------------------------------------------------------------------------------------
  // Participation

  /** Creates the participation row if missing; returns it. */
  async participant(p: ProgramRef, memberId: number, now: Date, ex: Executor = this.db): Promise<IntrosParticipant> {
    await this.ensureParticipants(ex, p, [memberId], now);
    return ex.selectFrom('intros_participants').selectAll().where('program_id', '=', p.id).where('workspace_id', '=', p.workspace_id).where('member_id', '=', memberId).executeTakeFirstOrThrow();
  }

  async ensureParticipants(ex: Executor, p: ProgramRef, memberIds: number[], now: Date): Promise<void> {
    if (!memberIds.length) return;
    await ex
      .insertInto('intros_participants')
      .values(memberIds.map((member_id) => ({ program_id: p.id, member_id, workspace_id: p.workspace_id, updated_at: now })))
      .onConflict((oc) => oc.columns(['program_id', 'member_id']).doNothing())
      .execute();
  }

  /** Sets these members' participation (rows that exist; `ensureParticipants` first when they may not). */
  async updateParticipants(ex: Executor, p: ProgramRef, memberIds: number[], set: Updateable<IntrosParticipantsTable>): Promise<void> {
    if (!memberIds.length) return;
    await ex.updateTable('intros_participants').set(set).where('program_id', '=', p.id).where('workspace_id', '=', p.workspace_id).where('member_id', 'in', memberIds).execute();
  }

  /** Adds one to a counter of these members' participation; returns the rows after. */
  bumpParticipants(trx: Trx, p: ProgramRef, memberIds: number[], column: 'unanswered_streak' | 'times_left_out', now: Date) {
    return trx
      .updateTable('intros_participants')
      .set((eb) => ({ [column]: eb(column, '+', 1), updated_at: now }))
      .where('program_id', '=', p.id)
      .where('workspace_id', '=', p.workspace_id)
      .where('member_id', 'in', memberIds)
      .returning(['member_id', 'unanswered_streak', 'ghost_state', 'opted_out'])
      .execute();
  }

  /** Of these members, those already welcomed to the program. */
  async welcomed(p: ProgramRef, memberIds: number[]): Promise<Set<number>> {
    if (!memberIds.length) return new Set();
    const rows = await this.db
      .selectFrom('intros_participants')
      .select('member_id')
      .where('program_id', '=', p.id)
      .where('workspace_id', '=', p.workspace_id)
      .where('welcomed_at', 'is not', null)
      .where('member_id', 'in', memberIds)
      .execute();
    return new Set(rows.map((r) => r.member_id));
  }

  /** Avoid pairs among these members (either side's list), as engine ids. */
  async avoidPairs(workspaceId: number, memberIds: number[]): Promise<Array<[string, string]>> {
    if (memberIds.length < 2) return [];
    const rows = await this.db
      .selectFrom('intros_avoids')
      .select(['member_id', 'avoided_member_id'])
      .where('workspace_id', '=', workspaceId)
      .where('member_id', 'in', memberIds)
      .where('avoided_member_id', 'in', memberIds)
      .execute();
    return rows.map((r) => [String(r.member_id), String(r.avoided_member_id)]);
  }

  // ----------------------------------------------------------------------------------------------
  // Ghosts

  /** Claims ghosts who asked to be asked again and are due (across workspaces: the tick's sweep). */
  dueGhostAsks(trx: Trx, now: Date, limit: number) {
    return trx
      .selectFrom('intros_participants')
      .select(['program_id', 'member_id', 'workspace_id'])
      .where('ghost_state', '=', 'ask_later')
      .where('ghost_ask_after', '<=', now)
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  }

  /** The earliest "ask me later" that falls due (across workspaces: the tick). */
  async nextGhostAsk(): Promise<Date | null> {
    const row = await this.db.selectFrom('intros_participants').select((eb) => eb.fn.min<Date | null>('ghost_ask_after').as('at')).where('ghost_state', '=', 'ask_later').executeTakeFirst();
    return row?.at ? new Date(row.at) : null;
  }

  /** Removes a page of the program's ghosts (opted out with a reason); returns how many. */
  removeGhosts(p: ProgramRef, limit: number, now: Date): Promise<number> {
    return this.inTransaction(async (trx) => {
      const batch = await trx
        .selectFrom('intros_participants')
        .select('member_id')
        .where('program_id', '=', p.id)
        .where('workspace_id', '=', p.workspace_id)
        .where('ghost_state', 'in', ['ghost', 'ask_later'])
        .orderBy('member_id')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute();
      await this.updateParticipants(
        trx,
        p,
        batch.map((b) => b.member_id),
        { ghost_state: 'removed', ghost_ask_after: null, opted_out: true, opted_out_at: now, opt_out_reason: 'Removed as a ghost by an admin', updated_at: now },
      );
      return batch.length;
    });
  }

  async countGhosts(p: ProgramRef): Promise<number> {
    const row = await this.db
      .selectFrom('intros_participants')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('program_id', '=', p.id)
      .where('workspace_id', '=', p.workspace_id)
      .where('ghost_state', 'in', ['ghost', 'ask_later'])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  // ----------------------------------------------------------------------------------------------
  // Categories and icebreakers

  categories(p: ProgramRef) {
    return this.db.selectFrom('intros_categories').selectAll().where('program_id', '=', p.id).where('workspace_id', '=', p.workspace_id).orderBy('position').orderBy('id').execute();
  }

  icebreakers(p: ProgramRef, opts: { activeOnly?: boolean } = {}) {
    let q = this.db.selectFrom('intros_icebreakers').selectAll().where('program_id', '=', p.id).where('workspace_id', '=', p.workspace_id);
    // The round takes the least used first.
    q = opts.activeOnly ? q.where('active', '=', true).orderBy('times_used') : q;
    return q.orderBy('id').execute();
  }

  /** Adds an icebreaker; one from the library that is already there is switched back on. */
  addIcebreaker(values: Insertable<IntrosIcebreakersTable>) {
    let q = this.db.insertInto('intros_icebreakers').values(values);
    if (values.library_key) q = q.onConflict((oc) => oc.columns(['program_id', 'library_key']).doUpdateSet({ active: true }));
    return q.returningAll().executeTakeFirstOrThrow();
  }

  updateIcebreaker(p: ProgramRef, id: number, set: { active?: boolean; question?: string }) {
    return this.db.updateTable('intros_icebreakers').set(set).where('id', '=', id).where('program_id', '=', p.id).where('workspace_id', '=', p.workspace_id).returningAll().executeTakeFirst();
  }

  async countIcebreakerUse(trx: Trx, p: ProgramRef, ids: number[]): Promise<void> {
    if (!ids.length) return;
    await trx
      .updateTable('intros_icebreakers')
      .set((eb) => ({ times_used: eb('times_used', '+', 1) }))
      .where('program_id', '=', p.id)
      .where('workspace_id', '=', p.workspace_id)
      .where('id', 'in', ids)
      .execute();
  }

  // ----------------------------------------------------------------------------------------------
  // Meetings and history

  /** Members of meetings, by meeting id. */
  async meetingMembers(workspaceId: number, meetingIds: number[], ex: Executor = this.db): Promise<Map<number, Member[]>> {
    const out = new Map<number, Member[]>();
    if (!meetingIds.length) return out;
    const rows = await ex
      .selectFrom('intros_meeting_members as mm')
      .innerJoin('members as m', 'm.id', 'mm.member_id')
      .selectAll('m')
      .select('mm.meeting_id')
      .where('m.workspace_id', '=', workspaceId)
      .where('mm.meeting_id', 'in', meetingIds)
      .orderBy('m.real_name')
      .execute();
    for (const { meeting_id, ...m } of rows) out.set(meeting_id, [...(out.get(meeting_id) ?? []), m]);
    return out;
  }

  /** The meetings of rounds, in group order; `states` narrows them. */
  meetings(workspaceId: number, roundIds: number[], states?: MeetingState[]) {
    if (!roundIds.length) return Promise.resolve([]);
    let q = this.db.selectFrom('intros_meetings').selectAll().where('workspace_id', '=', workspaceId).where('round_id', 'in', roundIds);
    if (states) q = q.where('state', 'in', states);
    return q.orderBy('group_index').execute();
  }

  /** A page of a round's meetings in group order; `query` keeps those with someone whose name or email contains it. */
  async meetingsPage(p: ProgramRef, roundId: number, opts: { query: string; limit: number; offset: number }): Promise<{ meetings: IntrosMeeting[]; total: number }> {
    let q = this.db.selectFrom('intros_meetings as mt').where('mt.workspace_id', '=', p.workspace_id).where('mt.program_id', '=', p.id).where('mt.round_id', '=', roundId);
    if (opts.query)
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('intros_meeting_members as mm')
            .innerJoin('members as m', 'm.id', 'mm.member_id')
            .select('mm.member_id')
            .whereRef('mm.meeting_id', '=', 'mt.id')
            .where('m.workspace_id', '=', p.workspace_id)
            .where(nameOrEmailContains(opts.query)),
        ),
      );
    const [meetings, count] = await Promise.all([
      q.selectAll('mt').orderBy('mt.group_index').limit(opts.limit).offset(opts.offset).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { meetings, total: Number(count.n) };
  }

  /** Past groups of a program as the engine's history (member ids as strings), oldest first. */
  async history(p: ProgramRef, sinceRound = 0): Promise<PairingHistoryEntry[]> {
    const rows = await this.db
      .selectFrom('intros_meetings as mt')
      .innerJoin('intros_rounds as r', 'r.id', 'mt.round_id')
      .innerJoin('intros_meeting_members as mm', 'mm.meeting_id', 'mt.id')
      .select(['mt.id', 'r.number', 'mm.member_id'])
      .where('mt.program_id', '=', p.id)
      .where('mt.workspace_id', '=', p.workspace_id)
      .where('r.number', '>', sinceRound)
      .where('mt.state', '!=', 'cancelled')
      .orderBy('r.number')
      .orderBy('mt.id')
      .execute();
    const groups = new Map<number, PairingHistoryEntry & { members: string[] }>();
    for (const r of rows) {
      let g = groups.get(r.id);
      if (!g) groups.set(r.id, (g = { round: r.number, members: [] }));
      g.members.push(String(r.member_id));
    }
    // Groups imported from another tool count as the round before Hearth's first (round 0), so they weigh
    // like the latest history in the first rounds and age out like any other round.
    const imported =
      sinceRound < 0
        ? await this.db
            .selectFrom('intros_imported_pairs')
            .select('member_ids')
            .where('workspace_id', '=', p.workspace_id)
            .where((eb) => eb.or([eb('program_id', 'is', null), eb('program_id', '=', p.id)]))
            .orderBy('met_on')
            .orderBy('id')
            .execute()
        : [];
    return [...imported.map((r) => ({ round: 0, members: r.member_ids.map(String) })), ...groups.values()];
  }

  /** Intros programs by channel id and by channel name (a Donut import names the channel either way). */
  async programsByChannel(workspaceId: number): Promise<Array<{ id: number; channel_id: string; name: string | null }>> {
    return this.db
      .selectFrom('channel_programs as p')
      .leftJoin('channels as c', (j) => j.onRef('c.channel_id', '=', 'p.channel_id').onRef('c.workspace_id', '=', 'p.workspace_id'))
      .select(['p.id', 'p.channel_id', 'c.name'])
      .where('p.workspace_id', '=', workspaceId)
      .where('p.type', '=', 'CoffeeConfiguration')
      .execute();
  }

  /** Groups met before Hearth, from a Donut export (the pairing history above reads them). */
  async addImportedPairs(trx: Trx, rows: Array<{ workspace_id: number; program_id: number | null; met_on: string; member_ids: number[]; created_at: Date }>): Promise<void> {
    if (rows.length) await trx.insertInto('intros_imported_pairs').values(rows.map((r) => ({ ...r, source: 'donut' }))).execute();
  }
}
