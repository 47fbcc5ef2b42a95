import { workspacePolicy } from '../platform/access.js';

/**
 * The workspace's points program as a whole (its settings, bonuses, shoutouts' launch and announcements, reward
 * listings and the rewards settings): every member sees it; workspace admins change it. One member's wallet, a
 * listing and a redemption have policies of their own (`PointsService.walletPolicy`, `Rewards.listingPolicy`,
 * `Rewards.redemptionPolicy`).
 */
export const pointsProgramPolicy = workspacePolicy({ canEdit: (auth) => auth.isAdmin, forbidden: 'Only workspace admins can do that' });
