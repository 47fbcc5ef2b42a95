import type { Db, Executor } from '../db/index.js';
import type { Workspace } from '../db/types.js';
import type { Clock } from '../time/clock.js';

/**
 * The ids of the workspaces that are not paused (uninstalled), as a subquery for
 * `where('workspace_id', 'in', activeWorkspaceIds(db))`: the tick's due sources claim work only for these, so an
 * uninstalled workspace's schedules wait, untouched, for a reinstall.
 */
export function activeWorkspaceIds(db: Executor) {
  return db.selectFrom('workspaces').select('workspaces.id').where('workspaces.paused_at', 'is', null);
}

export class WorkspaceRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  byId(id: number): Promise<Workspace | undefined> {
    return this.db.selectFrom('workspaces').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byTeamId(teamId: string): Promise<Workspace | undefined> {
    return this.db.selectFrom('workspaces').selectAll().where('team_id', '=', teamId).executeTakeFirst();
  }

  /** Org-wide installs cover workspaces Hearth has not seen yet: the first event from one creates its row. */
  /** The team's workspace, made on first contact: every Slack request passes here, so a known team costs one read. */
  async ensure(teamId: string, enterpriseId: string | null, name = ''): Promise<Workspace> {
    const known = await this.byTeamId(teamId);
    if (known) return known;
    const now = this.clock.now();
    await this.db
      .insertInto('workspaces')
      .values({ team_id: teamId, enterprise_id: enterpriseId, name, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('team_id').doNothing())
      .execute();
    return (await this.byTeamId(teamId))!;
  }

  async setPaused(teamId: string, paused: boolean): Promise<void> {
    await this.db
      .updateTable('workspaces')
      .set({ paused_at: paused ? this.clock.now() : null, updated_at: this.clock.now() })
      .where('team_id', '=', teamId)
      .execute();
  }

  async update(id: number, values: { name?: string; domain?: string; default_tz?: string; members_synced_at?: Date }): Promise<void> {
    await this.db.updateTable('workspaces').set({ ...values, updated_at: this.clock.now() }).where('id', '=', id).execute();
  }

  /** Records when the member directory or the channel directory was last read from Slack. */
  async markSynced(id: number, directory: 'members' | 'channels', at: Date): Promise<void> {
    await this.db
      .updateTable('workspaces')
      .set(directory === 'members' ? { members_synced_at: at } : { channels_synced_at: at })
      .where('id', '=', id)
      .execute();
  }

  /** Workspaces paused (uninstalled) at or before `upTo`: their retention period is over. */
  pausedUpTo(upTo: Date): Promise<Workspace[]> {
    return this.db.selectFrom('workspaces').selectAll().where('paused_at', '<=', upTo).orderBy('paused_at').execute();
  }

  /** When the workspace paused longest ago was paused, or null when none is. */
  async earliestPause(): Promise<Date | null> {
    const row = await this.db.selectFrom('workspaces').select((eb) => eb.fn.min('paused_at').as('at')).executeTakeFirst();
    return row?.at ? new Date(row.at as Date | string) : null;
  }

  /**
   * Deletes a workspace: its installation rows, its processed Slack events, and the workspace row, whose delete
   * cascades to every table that holds its data.
   */
  async purge(workspace: Pick<Workspace, 'id' | 'team_id'>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('installations').where('team_id', '=', workspace.team_id).execute();
      await trx.deleteFrom('processed_events').where('team_id', '=', workspace.team_id).execute();
      await trx.deleteFrom('workspaces').where('id', '=', workspace.id).execute();
    });
  }

  list(): Promise<Workspace[]> {
    return this.db.selectFrom('workspaces').selectAll().orderBy('id').execute();
  }

  /** When the next daily directory refresh is due: now when a workspace was never synced, else a day after the oldest. */
  async nextMemberSync(): Promise<Date | null> {
    const row = await this.db
      .selectFrom('workspaces')
      .select((eb) => [eb.fn.min('members_synced_at').as('oldest'), eb.fn.countAll<number>().filterWhere('members_synced_at', 'is', null).as('never')])
      .where('paused_at', 'is', null)
      .executeTakeFirst();
    if (!row) return null;
    if (Number(row.never) > 0) return this.clock.now();
    return row.oldest ? new Date(new Date(row.oldest).getTime() + 24 * 3600_000) : null;
  }

  /** Claims the workspaces not synced for a day or more (SKIP LOCKED; exactly a day is due, as nextMemberSync says), marking them synced at `now`; returns their ids. */
  async claimMemberSyncs(now: Date): Promise<number[]> {
    const dayAgo = new Date(now.getTime() - 24 * 3600_000);
    const claimed = await this.db.transaction().execute(async (trx) =>
      trx
        .updateTable('workspaces')
        .set({ members_synced_at: now })
        .where(
          'id',
          'in',
          trx
            .selectFrom('workspaces')
            .select('id')
            .where('paused_at', 'is', null)
            .where((eb) => eb.or([eb('members_synced_at', 'is', null), eb('members_synced_at', '<=', dayAgo)]))
            .forUpdate()
            .skipLocked(),
        )
        .returning('id')
        .execute(),
    );
    return claimed.map((w) => w.id);
  }

  /** The readiness probe's database check. */
  async ping(): Promise<boolean> {
    return this.db.selectFrom('workspaces').select('id').limit(1).execute().then(
      () => true,
      () => false,
    );
  }
}
