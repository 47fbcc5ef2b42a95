import { Router } from 'express';
import { jsonApi } from '../http/api.js';
import { authOf, endSession, requireMember } from '../http/auth.js';
import { deletedJson } from '../platform/data/api-types.js';
import type { WorkspaceRetention } from './retention.js';
import { deleteWorkspaceBody } from './schema.js';

/** A workspace admin deletes the workspace's data at once (docs/privacy.md), naming the workspace to confirm. */
export function workspaceRoutes(retention: WorkspaceRetention): Router {
  const router = Router();
  const api = jsonApi(router, 'Workspace');
  api.post('/workspace/delete_data_as_json', { summary: 'Delete the workspace’s data (admins; `confirm_name` is the workspace’s name); the session ends', serviceBody: deleteWorkspaceBody, response: deletedJson }, async ({ req, res }) => {
    await retention.deleteByAdmin(authOf(req), req.body);
    // The member and their session went with the workspace.
    endSession(res);
    return { deleted: true as const };
  }, requireMember);
  return router;
}
