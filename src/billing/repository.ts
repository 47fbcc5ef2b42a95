import type { Db, Executor, Trx } from '../db/index.js';
import type { ProgramType } from '../db/types.js';

type CustomerPatch = Partial<{
  subscription_id: string | null;
  subscription_status: string | null;
  has_payment_method: boolean;
  payment_method_label: string | null;
  invoiced: boolean;
}>;

/** Billing's SQL: the account row (owner, admins, own_new_configs), the provider's customer, tickets, surveys. */
export class BillingRepository {
  constructor(private readonly db: Db) {}

  account(workspaceId: number, ex: Executor = this.db) {
    return ex
      .selectFrom('accounts')
      .select(['id', 'workspace_id', 'owner_member_id', 'own_new_configs', 'card_required'])
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
  }

  admins(workspaceId: number, accountId: number, ex: Executor = this.db) {
    return ex
      .selectFrom('account_admins as a')
      .innerJoin('members as m', 'm.id', 'a.member_id')
      .select(['m.id', 'm.slack_user_id', 'm.real_name', 'm.display_name', 'm.name', 'm.avatar_url'])
      .where('a.account_id', '=', accountId)
      .where('m.workspace_id', '=', workspaceId)
      .orderBy('m.real_name')
      .execute();
  }

  /** A reachable human of the workspace (not a bot, deactivated or external member). */
  human(workspaceId: number, memberId: number, ex: Executor = this.db) {
    return ex
      .selectFrom('members')
      .select(['id', 'slack_user_id', 'real_name', 'display_name', 'name', 'avatar_url', 'email'])
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', memberId)
      .where('deleted', '=', false)
      .where('is_bot', '=', false)
      .where('is_external', '=', false)
      .executeTakeFirst();
  }

  async addAdmin(trx: Trx, accountId: number, memberId: number): Promise<boolean> {
    const r = await trx.insertInto('account_admins').values({ account_id: accountId, member_id: memberId }).onConflict((oc) => oc.doNothing()).executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async removeAdmin(trx: Trx, accountId: number, memberId: number): Promise<boolean> {
    const r = await trx.deleteFrom('account_admins').where('account_id', '=', accountId).where('member_id', '=', memberId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async setOwner(trx: Trx, workspaceId: number, memberId: number, now: Date): Promise<void> {
    await trx.updateTable('accounts').set({ owner_member_id: memberId, updated_at: now }).where('workspace_id', '=', workspaceId).execute();
  }

  async setOwnNewConfigs(trx: Trx, workspaceId: number, value: boolean, now: Date): Promise<void> {
    await trx.updateTable('accounts').set({ own_new_configs: value, updated_at: now }).where('workspace_id', '=', workspaceId).execute();
  }

  customer(workspaceId: number, ex: Executor = this.db) {
    return ex.selectFrom('billing_customers').selectAll().where('workspace_id', '=', workspaceId).executeTakeFirst();
  }

  customerByProviderId(provider: string, customerId: string, ex: Executor = this.db) {
    return ex.selectFrom('billing_customers').selectAll().where('provider', '=', provider).where('customer_id', '=', customerId).executeTakeFirst();
  }

  /** Records the provider's new customer, unless another request did first (then theirs is returned). */
  async insertCustomer(workspaceId: number, provider: string, customerId: string, now: Date) {
    await this.db
      .insertInto('billing_customers')
      .values({ workspace_id: workspaceId, provider, customer_id: customerId, subscription_id: null, subscription_status: null, payment_method_label: null, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('workspace_id').doNothing())
      .execute();
    return (await this.customer(workspaceId))!;
  }

  async updateCustomer(workspaceId: number, patch: CustomerPatch, now: Date, ex: Executor = this.db): Promise<void> {
    await ex.updateTable('billing_customers').set({ ...patch, updated_at: now }).where('workspace_id', '=', workspaceId).execute();
  }

  async insertTicket(workspaceId: number, row: { member_id: number; kind: string; feature: string | null; message: string | null }, now: Date) {
    const r = await this.db.insertInto('support_tickets').values({ workspace_id: workspaceId, ...row, created_at: now }).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  tickets(workspaceId: number) {
    return this.db.selectFrom('support_tickets').selectAll().where('workspace_id', '=', workspaceId).orderBy('id').execute();
  }

  async insertSurvey(trx: Trx, workspaceId: number, row: { member_id: number; reason: string; comment: string | null }, now: Date): Promise<void> {
    await trx.insertInto('downgrade_surveys').values({ workspace_id: workspaceId, ...row, created_at: now }).execute();
  }

  surveys(workspaceId: number) {
    return this.db.selectFrom('downgrade_surveys').selectAll().where('workspace_id', '=', workspaceId).orderBy('id').execute();
  }

  /** True the first time a webhook event id is seen (in `trx`, so a failed handling forgets it). */
  async firstDelivery(trx: Trx, eventId: string, type: string, now: Date): Promise<boolean> {
    const r = await trx.insertInto('billing_webhook_events').values({ event_id: eventId, type, received_at: now }).onConflict((oc) => oc.column('event_id').doNothing()).executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** The ids among `ids` that are this workspace's programs of `type`. */
  async programIds(workspaceId: number, type: ProgramType, ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.db.selectFrom('channel_programs').select('id').where('workspace_id', '=', workspaceId).where('type', '=', type).where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  }

  /**
   * Active users: the distinct reachable humans in the channels of the workspace's active programs of `types`,
   * plus those of the programs `extraIds` (paused ones the person is about to turn on).
   */
  async activeUsers(workspaceId: number, types: ProgramType[], extraIds: number[]): Promise<number> {
    const row = await this.db
      .selectFrom('channel_programs as p')
      .innerJoin('channel_members as cm', (j) => j.onRef('cm.workspace_id', '=', 'p.workspace_id').onRef('cm.channel_id', '=', 'p.channel_id'))
      .innerJoin('members as m', (j) => j.onRef('m.workspace_id', '=', 'cm.workspace_id').onRef('m.slack_user_id', '=', 'cm.slack_user_id'))
      .select((eb) => eb.fn.count<string>('m.id').distinct().as('n'))
      .where('p.workspace_id', '=', workspaceId)
      .where('m.deleted', '=', false)
      .where('m.is_bot', '=', false)
      .where('m.is_external', '=', false)
      .where((eb) => {
        const active = eb.and([eb('p.is_active', '=', true), eb('p.type', 'in', types)]);
        return extraIds.length ? eb.or([active, eb('p.id', 'in', extraIds)]) : active;
      })
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
