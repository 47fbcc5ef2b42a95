import type { Workspace } from '../db/types.js';
import { workspaceFiles, type FileStorage } from '../platform/storage/storage.js';
import type { WorkspaceRepository } from './repository.js';

const DAY_MS = 86_400_000;

/**
 * How long a workspace's data outlives its uninstall (docs/privacy.md): RETENTION_DAYS after Slack told Hearth
 * it was uninstalled (the workspace paused), its uploaded files and every row are deleted; a reinstall before then
 * resumes where it was. An admin may delete it all at once.
 */
export class WorkspaceRetention {
  constructor(
    private readonly workspaces: WorkspaceRepository,
    private readonly storage: FileStorage,
    private readonly days: number,
  ) {}

  /** The tick's share: deletes every workspace whose retention period is over. */
  async collect(now: Date): Promise<number> {
    const expired = await this.workspaces.pausedBefore(new Date(now.getTime() - this.days * DAY_MS));
    for (const ws of expired) await this.delete(ws);
    return expired.length;
  }

  async nextDue(): Promise<Date | null> {
    const paused = await this.workspaces.earliestPause();
    return paused && new Date(paused.getTime() + this.days * DAY_MS);
  }

  /** Files first: when that fails, the rows (and the keys to the files) stay, and the next attempt deletes both. */
  async delete(ws: Pick<Workspace, 'id' | 'team_id'>): Promise<void> {
    await this.storage.deleteAll(workspaceFiles(ws.id));
    await this.workspaces.purge(ws);
  }
}
