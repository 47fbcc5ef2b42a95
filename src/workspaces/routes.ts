import { Router } from 'express';
import { authOf, endSession, requireMember } from '../http/auth.js';
import type { WorkspaceRetention } from './retention.js';

/** A workspace admin deletes the workspace's data at once (docs/privacy.md), naming the workspace to confirm. */
export function workspaceRoutes(retention: WorkspaceRetention): Router {
  const router = Router();
  router.post('/workspace/delete_data_as_json', requireMember, async (req, res) => {
    await retention.deleteByAdmin(authOf(req), req.body);
    // The member and their session went with the workspace.
    endSession(res);
    res.json({ deleted: true });
  });
  return router;
}
