import { workspacePolicy } from '../platform/access.js';

/**
 * The workspace's integrations as a whole (linking an HR system, connecting applicant tracking, the programs a sync
 * may feed, the upcoming new hires they report): workspace admins only. One HR system and one applicant-tracking
 * connection have policies of their own (`HrisService.policy`: its owner too; `AtsService.policy`).
 */
export const integrationsPolicy = workspacePolicy({
  canRead: (auth) => auth.isAdmin,
  canEdit: (auth) => auth.isAdmin,
  forbidden: 'Only workspace admins can manage integrations',
  readForbidden: 'Only workspace admins can manage integrations',
});
