import type { Workspace } from '../db/types.js';
import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { requireAccess, workspacePolicy } from '../platform/access.js';
import { workspaceFiles, type FileStorage } from '../platform/storage/storage.js';
import type { WorkspaceRepository } from './repository.js';
import { deleteWorkspaceBody } from './schema.js';

const DAY_MS = 86_400_000;

/** Deleting the workspace's data at once: workspace admins. */
const workspaceDeletion = workspacePolicy({ canEdit: (auth) => auth.isAdmin, forbidden: 'Only workspace admins can do that' });

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
    const expired = await this.workspaces.pausedUpTo(new Date(now.getTime() - this.days * DAY_MS));
    for (const ws of expired) await this.delete(ws);
    return expired.length;
  }

  async nextDue(): Promise<Date | null> {
    const paused = await this.workspaces.earliestPause();
    return paused && new Date(paused.getTime() + this.days * DAY_MS);
  }

  /** POST /workspace/delete_data_as_json: an admin deletes it all now, naming the workspace to confirm. */
  async deleteByAdmin(auth: AuthContext, body: unknown): Promise<void> {
    await requireAccess(auth, workspaceDeletion, auth.workspace.id, 'edit');
    const { confirm_name } = parse(deleteWorkspaceBody, body);
    const name = auth.workspace.name || auth.workspace.team_id;
    if (confirm_name !== name) throw new HttpError(400, `Type the workspace's name, ${name}, to delete its data`, { confirm_name: `must be ${name}` });
    await this.delete(auth.workspace);
  }

  /** Files first: when that fails, the rows (and the keys to the files) stay, and the next attempt deletes both. */
  async delete(ws: Pick<Workspace, 'id' | 'team_id'>): Promise<void> {
    await this.storage.deleteAll(workspaceFiles(ws.id));
    await this.workspaces.purge(ws);
  }
}
