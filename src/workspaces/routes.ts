import { Router } from 'express';
import { authOf, endSession, requireMember } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { body } from '../http/validate.js';
import { requireWorkspaceAdmin } from '../platform/access.js';
import type { WorkspaceRetention } from './retention.js';
import { deleteWorkspaceBody } from './schema.js';

/** A workspace admin deletes the workspace's data at once (docs/privacy.md), naming the workspace to confirm. */
export function workspaceRoutes(retention: WorkspaceRetention): Router {
  const router = Router();
  router.post('/workspace/delete_data_as_json', requireMember, async (req, res) => {
    const auth = authOf(req);
    requireWorkspaceAdmin(auth);
    const { confirm_name } = body(req, deleteWorkspaceBody);
    const name = auth.workspace.name || auth.workspace.team_id;
    if (confirm_name !== name) throw new HttpError(400, `Type the workspace's name, ${name}, to delete its data`, { confirm_name: `must be ${name}` });
    await retention.delete(auth.workspace);
    // The member and their session went with the workspace.
    endSession(res);
    res.json({ deleted: true });
  });
  return router;
}
