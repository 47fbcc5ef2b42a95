import type { Db } from '../db/index.js';
import type { Workspace } from '../db/types.js';
import type { Clock } from '../time/clock.js';

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
  async ensure(teamId: string, enterpriseId: string | null, name = ''): Promise<Workspace> {
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

  list(): Promise<Workspace[]> {
    return this.db.selectFrom('workspaces').selectAll().orderBy('id').execute();
  }
}
