import type { WebClient } from '@slack/web-api';
import type { Workspace } from '../db/types.js';
import type { WorkspaceRepository } from '../workspaces/repository.js';

/**
 * team.info (team:read): the workspace's name and domain, read with the directory. The domain is what
 * permalinks and "open in Slack" links are built on; team_rename and team_domain_change keep both current
 * between reads.
 */
export async function refreshTeamInfo(workspaces: WorkspaceRepository, ws: Workspace, client: WebClient): Promise<void> {
  const { team } = await client.team.info({ team: ws.team_id });
  if (!team?.domain) return;
  await workspaces.update(ws.id, { name: team.name ?? ws.name, domain: team.domain });
}
