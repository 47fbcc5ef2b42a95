import type { ChannelProgram, Member } from '../db/types.js';
import { eligibleCandidates, type ExclusionReason } from './pairing/index.js';
import type { PairingHistoryEntry } from './pairing/index.js';
import type { IntrosConfig, IntrosParticipant, MeetingState } from './tables.js';
import type { Db, Trx } from '../db/index.js';

export type MemberStatus = 'active' | 'snoozed' | 'opted_out' | 'ghost' | 'ineligible';

export interface RosterEntry {
  member: Member;
  participant: IntrosParticipant | undefined;
  snoozedUntil: string | null;
  status: MemberStatus;
  /** Why the member is not active (null when active). */
  reason: ExclusionReason | null;
  why: string | null;
}

export const nameOf = (m: Pick<Member, 'real_name' | 'display_name' | 'name'>) => m.real_name || m.display_name || m.name;

const GHOSTLY = new Set(['ghost', 'ask_later']);

/** The SQL Intros shares between its services. Every query is scoped by workspace or by a program already scoped. */
export class IntrosRepository {
  constructor(readonly db: Db) {}

  config(programId: number): Promise<IntrosConfig | undefined> {
    return this.db.selectFrom('intros_configs').selectAll().where('program_id', '=', programId).executeTakeFirst();
  }

  async configOrThrow(programId: number): Promise<IntrosConfig> {
    const c = await this.config(programId);
    if (!c) throw new Error(`intros config ${programId} is missing`);
    return c;
  }

  /** Pass the transaction when inside one: PGlite has a single connection. */
  async channelName(workspaceId: number, channelId: string, ex: Db | Trx = this.db): Promise<string> {
    const row = await ex.selectFrom('channels').select('name').where('workspace_id', '=', workspaceId).where('channel_id', '=', channelId).executeTakeFirst();
    return row?.name ?? channelId;
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

  /** Everyone in the program's channel roster with their participation and why they are (not) in. */
  async roster(program: ChannelProgram, today: string): Promise<RosterEntry[]> {
    const members = await this.db
      .selectFrom('channel_members as cm')
      .innerJoin('members as m', (j) => j.onRef('m.slack_user_id', '=', 'cm.slack_user_id').onRef('m.workspace_id', '=', 'cm.workspace_id'))
      .selectAll('m')
      .where('cm.workspace_id', '=', program.workspace_id)
      .where('cm.channel_id', '=', program.channel_id)
      .orderBy('m.real_name')
      .orderBy('m.id')
      .execute();
    return this.statusOf(program, members, today);
  }

  async statusOf(program: ChannelProgram, members: Member[], today: string): Promise<RosterEntry[]> {
    if (!members.length) return [];
    const ids = members.map((m) => m.id);
    const [participants, snoozes] = await Promise.all([
      this.db.selectFrom('intros_participants').selectAll().where('program_id', '=', program.id).where('member_id', 'in', ids).execute(),
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

  /** Past groups of a program as the engine's history (member ids as strings), oldest first. */
  async history(programId: number, sinceRound = 0): Promise<PairingHistoryEntry[]> {
    const rows = await this.db
      .selectFrom('intros_meetings as mt')
      .innerJoin('intros_rounds as r', 'r.id', 'mt.round_id')
      .innerJoin('intros_meeting_members as mm', 'mm.meeting_id', 'mt.id')
      .select(['mt.id', 'r.number', 'mm.member_id'])
      .where('mt.program_id', '=', programId)
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
    return [...groups.values()];
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

  categories(programId: number) {
    return this.db.selectFrom('intros_categories').selectAll().where('program_id', '=', programId).orderBy('position').orderBy('id').execute();
  }

  async nextRoundNumber(trx: Trx, programId: number): Promise<number> {
    const row = await trx.selectFrom('intros_rounds').select((eb) => eb.fn.max('number').as('n')).where('program_id', '=', programId).executeTakeFirst();
    return Number(row?.n ?? 0) + 1;
  }

  /** Creates the participation row if missing; returns it. */
  async participant(trx: Db | Trx, program: Pick<ChannelProgram, 'id' | 'workspace_id'>, memberId: number, now: Date): Promise<IntrosParticipant> {
    await trx
      .insertInto('intros_participants')
      .values({ program_id: program.id, member_id: memberId, workspace_id: program.workspace_id, updated_at: now })
      .onConflict((oc) => oc.columns(['program_id', 'member_id']).doNothing())
      .execute();
    return trx.selectFrom('intros_participants').selectAll().where('program_id', '=', program.id).where('member_id', '=', memberId).executeTakeFirstOrThrow();
  }

  async ensureParticipants(trx: Trx, program: Pick<ChannelProgram, 'id' | 'workspace_id'>, memberIds: number[], now: Date): Promise<void> {
    if (!memberIds.length) return;
    await trx
      .insertInto('intros_participants')
      .values(memberIds.map((member_id) => ({ program_id: program.id, member_id, workspace_id: program.workspace_id, updated_at: now })))
      .onConflict((oc) => oc.columns(['program_id', 'member_id']).doNothing())
      .execute();
  }

  /** Members of meetings, by meeting id. */
  async meetingMembers(meetingIds: number[], ex: Db | Trx = this.db): Promise<Map<number, Member[]>> {
    const out = new Map<number, Member[]>();
    if (!meetingIds.length) return out;
    const rows = await ex
      .selectFrom('intros_meeting_members as mm')
      .innerJoin('members as m', 'm.id', 'mm.member_id')
      .selectAll('m')
      .select('mm.meeting_id')
      .where('mm.meeting_id', 'in', meetingIds)
      .orderBy('m.real_name')
      .execute();
    for (const { meeting_id, ...m } of rows) out.set(meeting_id, [...(out.get(meeting_id) ?? []), m]);
    return out;
  }

  async setMeetingState(trx: Trx, meetingId: number, state: MeetingState, byMemberId: number | null, now: Date, onlyFrom?: MeetingState[]): Promise<boolean> {
    let q = trx
      .updateTable('intros_meetings')
      .set({ state, answered_by_member_id: byMemberId, answered_at: now, updated_at: now })
      .where('id', '=', meetingId);
    if (onlyFrom) q = q.where('state', 'in', onlyFrom);
    const res = await q.executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** The workspace's welcome for people in their first round (PUT /teams/{id}). */
  async teamWelcome(workspaceId: number): Promise<string | null> {
    const row = await this.db.selectFrom('intros_team_settings').select('pairing_welcome_message').where('workspace_id', '=', workspaceId).executeTakeFirst();
    return row?.pairing_welcome_message ?? null;
  }

  lock(trx: Trx, programId: number) {
    return trx.selectFrom('intros_configs').select('program_id').where('program_id', '=', programId).forUpdate().executeTakeFirst();
  }
}
