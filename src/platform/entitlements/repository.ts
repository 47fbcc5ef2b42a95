import type { Executor, Trx } from '../../db/index.js';

/** The account row the plan is read from and written to. */
export class EntitlementsRepository {
  account(ex: Executor, workspaceId: number) {
    return ex.selectFrom('accounts').select(['plan', 'trial_ends_at']).where('workspace_id', '=', workspaceId).executeTakeFirst();
  }

  /** Whether the account covers channel programs anyone creates (own_new_configs). */
  async coversNewPrograms(ex: Executor, workspaceId: number): Promise<boolean> {
    const row = await ex.selectFrom('accounts').select('own_new_configs').where('workspace_id', '=', workspaceId).executeTakeFirst();
    return row?.own_new_configs ?? true;
  }

  /** The account row, locked for the plan change in `trx`. */
  lockAccount(trx: Trx, workspaceId: number) {
    return trx.selectFrom('accounts').select(['id', 'plan', 'trial_ends_at', 'trial_end_recorded_at']).where('workspace_id', '=', workspaceId).forUpdate().executeTakeFirst();
  }

  async savePlan(trx: Trx, workspaceId: number, values: { plan: 'free' | 'premium'; trial_ends_at: Date | null; trial_end_recorded_at: Date | null }, now: Date): Promise<void> {
    await trx.updateTable('accounts').set({ ...values, updated_at: now }).where('workspace_id', '=', workspaceId).execute();
  }

  /** Free workspaces whose trial ended by `now` and is not yet recorded, locked (others skip them). */
  claimEndedTrials(trx: Trx, now: Date, limit: number) {
    return trx
      .selectFrom('accounts')
      .select(['workspace_id', 'trial_ends_at'])
      .where('plan', '=', 'free')
      .where('trial_ends_at', '<=', now)
      .where('trial_end_recorded_at', 'is', null)
      .orderBy('trial_ends_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  }

  async markTrialEndRecorded(trx: Trx, workspaceIds: number[], now: Date): Promise<void> {
    if (!workspaceIds.length) return;
    await trx.updateTable('accounts').set({ trial_end_recorded_at: now }).where('workspace_id', 'in', workspaceIds).execute();
  }

  async nextTrialEnd(ex: Executor): Promise<Date | null> {
    const row = await ex
      .selectFrom('accounts')
      .select((eb) => eb.fn.min('trial_ends_at').as('at'))
      .where('plan', '=', 'free')
      .where('trial_ends_at', 'is not', null)
      .where('trial_end_recorded_at', 'is', null)
      .executeTakeFirst();
    return row?.at ? new Date(row.at) : null;
  }
}
