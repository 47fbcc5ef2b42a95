import { activeWorkspaceIds } from '../workspaces/repository.js';
import { personNameSql } from '../people/repository.js';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db, Executor, Trx } from '../db/index.js';
import type {
  DirectIntegrationIdentitiesTable,
  HrisIdentitiesTable,
  HrisProgramType,
  IntegrationPeopleTable,
  MemberIdentitiesTable,
  MemberIdentityProvider,
  PersonSource,
} from './tables.js';

export type HrisIdentity = Selectable<HrisIdentitiesTable>;
export type DirectIdentity = Selectable<DirectIntegrationIdentitiesTable>;
export type IntegrationPerson = Selectable<IntegrationPeopleTable>;
export type MemberIdentity = Selectable<MemberIdentitiesTable>;
export type PersonInput = Omit<Insertable<IntegrationPeopleTable>, 'id' | 'member_id' | 'new_hire_at'>;

/** A program an HR system can feed: a channel program (celebrations, intros) or an onboarding journey. */
export interface IntegratableProgram {
  program_type: HrisProgramType;
  id: number;
  name: string;
}

/** How long a claimed sync may run before the tick hands it out again (its job went missing). */
const CLAIM_MS = 10 * 60_000;

/** Every SQL statement of the integrations capability; each method scopes by the workspace it is given. */
export class IntegrationsRepository {
  constructor(private readonly db: Db) {}

  /** Members of the workspace by id (a creator, an owner, a new owner), with the name to show. */
  members(workspaceId: number, ids: number[]): Promise<Array<{ id: number; name: string; email: string | null; is_bot: boolean; deleted: boolean; is_external: boolean }>> {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('members')
      .select(['id', personNameSql().as('name'), 'email', 'is_bot', 'deleted', 'is_external'])
      .where('workspace_id', '=', workspaceId)
      .where('id', 'in', ids)
      .execute();
  }

  // HRIS identities

  liveHris(workspaceId: number): Promise<HrisIdentity | undefined> {
    return this.db.selectFrom('hris_identities').selectAll().where('workspace_id', '=', workspaceId).where('state', '<>', 'deactivated').executeTakeFirst();
  }

  hris(workspaceId: number, id: number, ex: Executor = this.db): Promise<HrisIdentity | undefined> {
    return ex.selectFrom('hris_identities').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  }

  insertHris(trx: Trx, row: Insertable<HrisIdentitiesTable>): Promise<HrisIdentity> {
    return trx.insertInto('hris_identities').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async updateHris(ex: Executor, workspaceId: number, id: number, patch: Updateable<HrisIdentitiesTable>): Promise<void> {
    await ex.updateTable('hris_identities').set(patch).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
  }

  syncables(identityId: number): Promise<Array<{ program_type: HrisProgramType; program_id: number }>> {
    return this.db.selectFrom('hris_syncables').select(['program_type', 'program_id']).where('identity_id', '=', identityId).orderBy('program_type').orderBy('program_id').execute();
  }

  async replaceSyncables(trx: Trx, identityId: number, rows: Array<{ program_type: HrisProgramType; program_id: number }>, now: Date): Promise<void> {
    await trx.deleteFrom('hris_syncables').where('identity_id', '=', identityId).execute();
    if (rows.length) await trx.insertInto('hris_syncables').values(rows.map((r) => ({ identity_id: identityId, ...r, created_at: now }))).execute();
  }

  /** The programs of the workspace an HR system may feed (channel programs by type, onboarding journeys). */
  async integratablePrograms(workspaceId: number): Promise<IntegratableProgram[]> {
    const channelPrograms = await this.db
      .selectFrom('channel_programs as p')
      .leftJoin('channels as c', (j) => j.onRef('c.workspace_id', '=', 'p.workspace_id').onRef('c.channel_id', '=', 'p.channel_id'))
      .select(['p.id', 'p.type', 'c.name'])
      .where('p.workspace_id', '=', workspaceId)
      .where('p.type', 'in', ['CoffeeConfiguration', 'CelebrationProgram'])
      .orderBy('p.id')
      .execute();
    const journeys = await this.db
      .selectFrom('journey_tags')
      .select(['id', 'name'])
      .where('workspace_id', '=', workspaceId)
      .where('flow_type', '=', 'onboarding')
      .where('archived', '=', false)
      .orderBy('id')
      .execute();
    return [
      ...channelPrograms.map((p) => ({ program_type: (p.type === 'CelebrationProgram' ? 'celebrations' : 'intros') as HrisProgramType, id: p.id, name: `#${p.name ?? p.id}` })),
      ...journeys.map((j) => ({ program_type: 'onboarding' as const, id: j.id, name: j.name })),
    ];
  }

  // Direct integration identities (applicant tracking)

  direct(workspaceId: number, id: number, ex: Executor = this.db): Promise<DirectIdentity | undefined> {
    return ex.selectFrom('direct_integration_identities').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  }

  directs(workspaceId: number): Promise<DirectIdentity[]> {
    return this.db.selectFrom('direct_integration_identities').selectAll().where('workspace_id', '=', workspaceId).orderBy('id', 'desc').execute();
  }

  insertDirect(trx: Trx, row: Insertable<DirectIntegrationIdentitiesTable>): Promise<DirectIdentity> {
    return trx.insertInto('direct_integration_identities').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async updateDirect(ex: Executor, workspaceId: number, id: number, patch: Updateable<DirectIntegrationIdentitiesTable>): Promise<void> {
    await ex.updateTable('direct_integration_identities').set(patch).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
  }

  // The tick's due syncs: claimed with FOR UPDATE SKIP LOCKED and pushed a little into the future, so a lost job is handed out again.

  /** Opens its own transaction: claims the identities whose sync is due. */
  claimDue(now: Date): Promise<Array<{ kind: PersonSource; workspace_id: number; id: number; next_sync_at: Date }>> {
    return this.db.transaction().execute((trx) => this.claimDueIn(trx, now));
  }

  private async claimDueIn(trx: Trx, now: Date): Promise<Array<{ kind: PersonSource; workspace_id: number; id: number; next_sync_at: Date }>> {
    const retryAt = new Date(now.getTime() + CLAIM_MS);
    const hris = await trx
      .selectFrom('hris_identities')
      .select(['id', 'workspace_id', 'next_sync_at'])
      .where('state', 'in', ['pending', 'active'])
      .where('next_sync_at', '<=', now)
      .where('workspace_id', 'in', activeWorkspaceIds(this.db))
      .forUpdate()
      .skipLocked()
      .execute();
    const ats = await trx
      .selectFrom('direct_integration_identities')
      .select(['id', 'workspace_id', 'next_sync_at'])
      .where('state', 'in', ['pending', 'validated', 'active'])
      .where('next_sync_at', '<=', now)
      .where('workspace_id', 'in', activeWorkspaceIds(this.db))
      .forUpdate()
      .skipLocked()
      .execute();
    if (hris.length) await trx.updateTable('hris_identities').set({ next_sync_at: retryAt }).where('id', 'in', hris.map((r) => r.id)).execute();
    if (ats.length) await trx.updateTable('direct_integration_identities').set({ next_sync_at: retryAt }).where('id', 'in', ats.map((r) => r.id)).execute();
    return [...hris.map((r) => ({ kind: 'hris' as const, workspace_id: r.workspace_id, id: r.id, next_sync_at: r.next_sync_at! })), ...ats.map((r) => ({ kind: 'ats' as const, workspace_id: r.workspace_id, id: r.id, next_sync_at: r.next_sync_at! }))];
  }

  async nextDue(): Promise<Date | null> {
    const [a, b] = await Promise.all([
      this.db.selectFrom('hris_identities').select((eb) => eb.fn.min('next_sync_at').as('at')).where('state', 'in', ['pending', 'active']).where('workspace_id', 'in', activeWorkspaceIds(this.db)).executeTakeFirst(),
      this.db.selectFrom('direct_integration_identities').select((eb) => eb.fn.min('next_sync_at').as('at')).where('state', 'in', ['pending', 'validated', 'active']).where('workspace_id', 'in', activeWorkspaceIds(this.db)).executeTakeFirst(),
    ]);
    const times = [a?.at, b?.at].filter((t): t is Date => t instanceof Date || typeof t === 'string').map((t) => new Date(t));
    return times.sort((x, y) => x.getTime() - y.getTime())[0] ?? null;
  }

  // People an integration reports

  /** Upserts a person and matches them to a member by email; answers the row as stored. */
  async upsertPerson(trx: Trx, row: PersonInput): Promise<IntegrationPerson> {
    const member = row.email
      ? await trx.selectFrom('members').select('id').where('workspace_id', '=', row.workspace_id).where(sql<string>`lower(email)`, '=', row.email.toLowerCase()).where('deleted', '=', false).executeTakeFirst()
      : undefined;
    const values = { ...row, member_id: member?.id ?? null };
    const { workspace_id: _w, source: _s, identity_id: _i, remote_id: _r, ...changes } = values;
    return trx
      .insertInto('integration_people')
      .values(values)
      .onConflict((oc) => oc.columns(['source', 'identity_id', 'remote_id']).doUpdateSet(changes))
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Marks a person announced as a new hire; true only the first time (the idempotency guard). */
  async markNewHire(trx: Trx, workspaceId: number, personId: number, now: Date): Promise<boolean> {
    const row = await trx.updateTable('integration_people').set({ new_hire_at: now }).where('workspace_id', '=', workspaceId).where('id', '=', personId).where('new_hire_at', 'is', null).returning('id').executeTakeFirst();
    return row !== undefined;
  }

  /** People starting between the two dates (inclusive), from the workspace's live identities. */
  upcomingPeople(workspaceId: number, from: string, to: string): Promise<IntegrationPerson[]> {
    return this.upcoming(workspaceId, from, to).selectAll('p').execute();
  }

  /**
   * Those of them no Slack member has the email of yet (by email now, not by the match the last sync made, so
   * someone who joined Slack since is not listed twice). One row per email: the HR system's before applicant tracking's.
   */
  async upcomingNotInSlack(workspaceId: number, from: string, to: string): Promise<IntegrationPerson[]> {
    const rows = await this.upcoming(workspaceId, from, to)
      .selectAll('p')
      .where('p.member_id', 'is', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('members as m')
              .select('m.id')
              .whereRef('m.workspace_id', '=', 'p.workspace_id')
              .where('m.deleted', '=', false)
              .where(sql<boolean>`lower(m.email) = lower(p.email)`),
          ),
        ),
      )
      .execute();
    const seen = new Set<string>();
    const ordered = [...rows].sort((a, b) => (a.source === b.source ? 0 : a.source === 'hris' ? -1 : 1));
    const keep = new Set(ordered.filter((p) => !p.email || (!seen.has(p.email.toLowerCase()) && seen.add(p.email.toLowerCase()))).map((p) => p.id));
    return rows.filter((p) => keep.has(p.id));
  }

  /** The live HR system's department or location of these members (matched by email at the last sync). */
  async hrGroups(workspaceId: number, memberIds: number[], by: 'department' | 'location'): Promise<Map<number, string>> {
    const rows = await this.db
      .selectFrom('integration_people as p')
      .innerJoin('hris_identities as h', (j) => j.onRef('h.id', '=', 'p.identity_id').onRef('h.workspace_id', '=', 'p.workspace_id'))
      .select(['p.member_id', `p.${by} as value`])
      .where('p.workspace_id', '=', workspaceId)
      .where('p.source', '=', 'hris')
      .where('h.state', 'in', ['pending', 'active'])
      .where('p.member_id', 'in', memberIds)
      .where((eb) => eb.or([eb('p.employment_status', 'is', null), eb('p.employment_status', '<>', 'INACTIVE')]))
      .where(`p.${by}`, 'is not', null)
      .execute();
    const out = new Map<number, string>();
    for (const r of rows) if (r.member_id !== null && r.value && r.value.trim()) out.set(r.member_id, r.value.trim());
    return out;
  }

  /** The manager's work email the live HR system gives the person with this (lower-case) work email. */
  async hrManagerEmail(workspaceId: number, email: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('integration_people as p')
      .innerJoin('hris_identities as h', (j) => j.onRef('h.id', '=', 'p.identity_id').onRef('h.workspace_id', '=', 'p.workspace_id'))
      .select('p.manager_email')
      .where('p.workspace_id', '=', workspaceId)
      .where('p.source', '=', 'hris')
      .where('h.state', 'in', ['pending', 'active'])
      .where((eb) => eb.fn('lower', ['p.email']), '=', email)
      .where('p.manager_email', 'is not', null)
      .executeTakeFirst();
    return row?.manager_email?.trim().toLowerCase() || null;
  }

  private upcoming(workspaceId: number, from: string, to: string) {
    return this.db
      .selectFrom('integration_people as p')
      .where('p.workspace_id', '=', workspaceId)
      .where('p.start_date', '>=', from)
      .where('p.start_date', '<=', to)
      .where((eb) => eb.or([eb('p.employment_status', 'is', null), eb('p.employment_status', '<>', 'INACTIVE')]))
      .where((eb) =>
        eb.or([
          eb.and([
            eb('p.source', '=', 'hris'),
            eb.exists(eb.selectFrom('hris_identities as h').select('h.id').whereRef('h.id', '=', 'p.identity_id').whereRef('h.workspace_id', '=', 'p.workspace_id').where('h.state', 'in', ['pending', 'active'])),
          ]),
          eb.and([
            eb('p.source', '=', 'ats'),
            eb.exists(
              eb.selectFrom('direct_integration_identities as d').select('d.id').whereRef('d.id', '=', 'p.identity_id').whereRef('d.workspace_id', '=', 'p.workspace_id').where('d.state', '<>', 'error'),
            ),
          ]),
        ]),
      )
      .orderBy('p.start_date')
      .orderBy('p.last_name')
      .orderBy('p.first_name');
  }

  countPeople(workspaceId: number, source: PersonSource, identityId: number): Promise<{ people: number; matched: number }> {
    return this.db
      .selectFrom('integration_people')
      .select((eb) => [eb.fn.countAll<string>().as('people'), eb.fn.count<string>('member_id').as('matched')])
      .where('workspace_id', '=', workspaceId)
      .where('source', '=', source)
      .where('identity_id', '=', identityId)
      .executeTakeFirstOrThrow()
      .then((r) => ({ people: Number(r.people), matched: Number(r.matched) }));
  }

  // Members' calendar and video accounts

  memberIdentities(workspaceId: number, memberId: number): Promise<MemberIdentity[]> {
    return this.db.selectFrom('member_identities').selectAll().where('workspace_id', '=', workspaceId).where('member_id', '=', memberId).execute();
  }

  /** The valid calendar accounts (Google, Microsoft) of these members. */
  /** The members' valid linked accounts of one provider. */
  validIdentities(workspaceId: number, memberIds: number[], provider: MemberIdentityProvider): Promise<MemberIdentity[]> {
    if (!memberIds.length) return Promise.resolve([]);
    return this.db.selectFrom('member_identities').selectAll().where('workspace_id', '=', workspaceId).where('member_id', 'in', memberIds).where('provider', '=', provider).where('valid', '=', true).execute();
  }

  calendarIdentities(workspaceId: number, memberIds: number[]): Promise<MemberIdentity[]> {
    if (!memberIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('member_identities')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('member_id', 'in', memberIds)
      .where('provider', 'in', ['google', 'microsoft'])
      .where('valid', '=', true)
      .orderBy('provider')
      .execute();
  }

  async updateMemberTokens(workspaceId: number, memberId: number, provider: MemberIdentityProvider, patch: Updateable<MemberIdentitiesTable>): Promise<void> {
    await this.db.updateTable('member_identities').set(patch).where('workspace_id', '=', workspaceId).where('member_id', '=', memberId).where('provider', '=', provider).execute();
  }

  async saveMemberIdentity(trx: Trx, row: Insertable<MemberIdentitiesTable>): Promise<void> {
    const { member_id: _m, provider: _p, created_at: _c, ...changes } = row;
    await trx.insertInto('member_identities').values(row).onConflict((oc) => oc.columns(['member_id', 'provider']).doUpdateSet(changes)).execute();
  }

  /** Unlinking: the account is no longer valid and its email and tokens are cleared. */
  async unlinkMemberIdentity(trx: Trx, workspaceId: number, memberId: number, provider: MemberIdentityProvider, now: Date): Promise<boolean> {
    const row = await trx
      .updateTable('member_identities')
      .set({ valid: false, email: null, access_token_enc: null, refresh_token_enc: null, expires_at: null, updated_at: now })
      .where('workspace_id', '=', workspaceId)
      .where('member_id', '=', memberId)
      .where('provider', '=', provider)
      .where('valid', '=', true)
      .returning('member_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * The workspace uninstalled Hearth: every provider credential it holds is deleted. The HR link is kept as
   * history (deactivated, its token blanked), applicant-tracking keys and members' calendar and video tokens go.
   */
  async forgetCredentials(workspaceId: number, now: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('hris_identities')
        .set({ state: 'deactivated', account_token_enc: '', next_sync_at: null, last_error: 'Hearth was uninstalled from the workspace', updated_at: now })
        .where('workspace_id', '=', workspaceId)
        .execute();
      await trx.deleteFrom('direct_integration_identities').where('workspace_id', '=', workspaceId).execute();
      await trx.deleteFrom('member_identities').where('workspace_id', '=', workspaceId).execute();
    });
  }

  // ---- what Hearth created at providers, by its own key

  /**
   * Claims `key` for a write to a provider. Claimed: this caller makes the call. Not: `result` is what an earlier
   * call made (null while that one has not answered, or never will: its caller stopped).
   */
  async claimWrite(workspaceId: number, key: string, now: Date): Promise<{ claimed: true } | { claimed: false; result: unknown }> {
    const inserted = await this.db.insertInto('integration_writes').values({ workspace_id: workspaceId, key, created_at: now }).onConflict((oc) => oc.doNothing()).returning('key').executeTakeFirst();
    if (inserted) return { claimed: true };
    const row = await this.db.selectFrom('integration_writes').select('result').where('workspace_id', '=', workspaceId).where('key', '=', key).executeTakeFirst();
    return { claimed: false, result: row?.result ?? null };
  }

  /** The provider's answer to a claimed write. */
  async completeWrite(workspaceId: number, key: string, result: unknown): Promise<void> {
    await this.db.updateTable('integration_writes').set({ result: JSON.stringify(result) }).where('workspace_id', '=', workspaceId).where('key', '=', key).execute();
  }

  /** Gives a claim up: the provider refused, nothing was made, a later run may try again. */
  async releaseWrite(workspaceId: number, key: string): Promise<void> {
    await this.db.deleteFrom('integration_writes').where('workspace_id', '=', workspaceId).where('key', '=', key).where('result', 'is', null).execute();
  }

}
