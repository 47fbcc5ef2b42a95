import type { Executor } from '../../db/index.js';

/** The account row the plan is read from. */
export class EntitlementsRepository {
  account(ex: Executor, workspaceId: number) {
    return ex.selectFrom('accounts').select(['plan', 'trial_ends_at']).where('workspace_id', '=', workspaceId).executeTakeFirst();
  }
}
