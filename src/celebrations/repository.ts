import type { Insertable, Updateable } from 'kysely';
import type { Db, Executor, Trx } from '../db/index.js';
import type { ChannelProgram } from '../db/types.js';
import type { LeapPolicy } from './api-types.js';
import type { CelebrationConfig, CelebrationProgramsTable, CelebrationRun } from './tables.js';

/** A post of one run: a celebration's ledger row. */
export interface PostRow {
  celebrationKey: string;
  scheduleId: number;
  occursOn: string;
}

/**
 * The SQL of Celebrations programs: their settings, daily runs and the ledger of posts. Every method that reads
 * or writes a workspace's data takes its id; only the scheduler's scans (`lockDue`, `retryStuckRuns`,
 * `claimUnreadRosters`, `nextDue`) span workspaces, and they answer with each program's workspace.
 */
export class CelebrationRepository {
  constructor(private readonly db: Db) {}

  /** Runs `fn` in one transaction (for a service whose writes must commit together). */
  inTransaction<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /** A program's id if it is a Celebrations program of this workspace (the scope of the child tables' writes). */
  private ownProgram(ex: Executor, workspaceId: number, programId: number) {
    return ex.selectFrom('celebration_programs').select('program_id').where('workspace_id', '=', workspaceId).where('program_id', '=', programId);
  }

  program(workspaceId: number, programId: number, ex: Executor = this.db): Promise<ChannelProgram | undefined> {
    return ex.selectFrom('channel_programs').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', programId).executeTakeFirst();
  }

  async hasActiveProgram(workspaceId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('channel_programs')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .where('type', '=', 'CelebrationProgram')
      .where('is_active', '=', true)
      .executeTakeFirst();
    return row !== undefined;
  }

  config(workspaceId: number, programId: number, ex: Executor = this.db): Promise<CelebrationConfig | undefined> {
    return ex.selectFrom('celebration_programs').selectAll().where('workspace_id', '=', workspaceId).where('program_id', '=', programId).executeTakeFirst();
  }

  configs(workspaceId: number, programIds: number[]): Promise<CelebrationConfig[]> {
    if (!programIds.length) return Promise.resolve([]);
    return this.db.selectFrom('celebration_programs').selectAll().where('workspace_id', '=', workspaceId).where('program_id', 'in', programIds).execute();
  }

  async createConfig(trx: Trx, values: Insertable<CelebrationProgramsTable> & { workspace_id: number }): Promise<void> {
    await trx.insertInto('celebration_programs').values(values).execute();
  }

  async updateConfig(workspaceId: number, programId: number, values: Omit<Updateable<CelebrationProgramsTable>, 'program_id' | 'workspace_id'>, ex: Executor = this.db): Promise<void> {
    await ex.updateTable('celebration_programs').set(values).where('workspace_id', '=', workspaceId).where('program_id', '=', programId).execute();
  }

  async setLeapDayPolicy(trx: Trx, workspaceId: number, policy: LeapPolicy, now: Date): Promise<void> {
    await trx.updateTable('workspaces').set({ leap_day_policy: policy, updated_at: now }).where('id', '=', workspaceId).execute();
  }

  // ---- The scheduler's scans (every workspace) ---------------------------------------------------------------

  /** Programs whose posting time has come, of active programs in unpaused workspaces, locked (SKIP LOCKED). */
  lockDue(trx: Trx, now: Date): Promise<CelebrationConfig[]> {
    return trx
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
  }

  /** Runs claimed after `claimedAfter` and at or before `claimedUpTo`, still unfinished (their job went missing): claimed again now. */
  retryStuckRuns(trx: Trx, now: Date, claimedAfter: Date, claimedUpTo: Date): Promise<Array<{ workspace_id: number; program_id: number; run_on: string }>> {
    return trx
      .updateTable('celebration_runs as r')
      .from('celebration_programs as c')
      .set({ claimed_at: now })
      .whereRef('c.program_id', '=', 'r.program_id')
      .where('r.state', '=', 'claimed')
      .where('r.claimed_at', '<=', claimedUpTo)
      .where('r.claimed_at', '>', claimedAfter)
      .returning(['c.workspace_id', 'r.program_id', 'r.run_on'])
      .execute();
  }

  /** New programs whose channel roster was never read: marked read now, for the caller to read it. */
  claimUnreadRosters(trx: Trx, now: Date): Promise<Array<{ workspace_id: number; program_id: number }>> {
    return trx.updateTable('celebration_programs').set({ roster_synced_at: now }).where('roster_synced_at', 'is', null).returning(['workspace_id', 'program_id']).execute();
  }

  /** What the next tick waits for: the earliest posting time, an unread roster, the oldest unfinished run. */
  async nextDue(): Promise<{ nextRunAt: Date | null; unreadRoster: boolean; oldestClaimedAt: Date | null }> {
    const row = await this.db
      .selectFrom('celebration_programs as c')
      .innerJoin('channel_programs as p', 'p.id', 'c.program_id')
      .innerJoin('workspaces as w', 'w.id', 'p.workspace_id')
      .select((eb) => eb.fn.min('c.next_run_at').as('next'))
      .where('p.is_active', '=', true)
      .where('w.paused_at', 'is', null)
      .executeTakeFirst();
    const unread = await this.db.selectFrom('celebration_programs').select('program_id').where('roster_synced_at', 'is', null).executeTakeFirst();
    const stuck = await this.db.selectFrom('celebration_runs').select((eb) => eb.fn.min('claimed_at').as('at')).where('state', '=', 'claimed').executeTakeFirst();
    return { nextRunAt: row?.next ? new Date(row.next) : null, unreadRoster: unread !== undefined, oldestClaimedAt: stuck?.at ? new Date(stuck.at) : null };
  }

  // ---- Runs and posts ---------------------------------------------------------------------------------------

  run(workspaceId: number, programId: number, runOn: string, ex: Executor = this.db): Promise<CelebrationRun | undefined> {
    return ex
      .selectFrom('celebration_runs')
      .selectAll()
      .where('program_id', 'in', this.ownProgram(ex, workspaceId, programId))
      .where('run_on', '=', runOn)
      .executeTakeFirst();
  }

  /** Claims a program's run for a posting date; undefined when it was already claimed (by the tick or send-now). */
  async claimRun(workspaceId: number, programId: number, runOn: string, now: Date, sendNow: boolean, ex: Executor = this.db): Promise<number | undefined> {
    const row = await ex
      .insertInto('celebration_runs')
      .values({ program_id: this.ownProgram(ex, workspaceId, programId), run_on: runOn, state: 'claimed', send_now: sendNow, claimed_at: now, outbox_id: null, note: null })
      .onConflict((oc) => oc.columns(['program_id', 'run_on']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** Locks a claimed run of this workspace for posting; false when it is finished already (or not found). */
  async lockClaimedRun(trx: Trx, workspaceId: number, programId: number, runId: number): Promise<boolean> {
    const row = await trx
      .selectFrom('celebration_runs')
      .select('state')
      .where('id', '=', runId)
      .where('program_id', 'in', this.ownProgram(trx, workspaceId, programId))
      .forUpdate()
      .executeTakeFirst();
    return row?.state === 'claimed';
  }

  async finishRun(workspaceId: number, programId: number, runId: number, state: 'posted' | 'empty' | 'skipped', now: Date, extra: { outboxId?: number; note?: string } = {}, ex: Executor = this.db): Promise<void> {
    await ex
      .updateTable('celebration_runs')
      .set({ state, finished_at: now, ...(extra.outboxId !== undefined ? { outbox_id: extra.outboxId } : {}), ...(extra.note !== undefined ? { note: extra.note } : {}) })
      .where('id', '=', runId)
      .where('program_id', 'in', this.ownProgram(ex, workspaceId, programId))
      .execute();
  }

  /** Writes the run's posts to the once-a-year ledger; answers the keys that were new (the ones to post). */
  async recordPosts(trx: Trx, workspaceId: number, programId: number, runId: number, posts: PostRow[], now: Date): Promise<Set<string>> {
    if (!posts.length) return new Set();
    const inserted = await trx
      .insertInto('celebration_posts')
      .values(posts.map((p) => ({ program_id: this.ownProgram(trx, workspaceId, programId), celebration_key: p.celebrationKey, run_id: runId, schedule_id: p.scheduleId, occurs_on: p.occursOn, created_at: now })))
      .onConflict((oc) => oc.columns(['program_id', 'celebration_key']).doNothing())
      .returning('celebration_key')
      .execute();
    return new Set(inserted.map((r) => r.celebration_key));
  }

  /** Which of these celebrations the program has posted. */
  async postedKeys(workspaceId: number, programId: number, keys: string[]): Promise<Set<string>> {
    if (!keys.length) return new Set();
    const rows = await this.db
      .selectFrom('celebration_posts')
      .select('celebration_key')
      .where('program_id', 'in', this.ownProgram(this.db, workspaceId, programId))
      .where('celebration_key', 'in', keys)
      .execute();
    return new Set(rows.map((r) => r.celebration_key));
  }
}
