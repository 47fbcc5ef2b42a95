import type { Db, Executor, Trx } from '../db/index.js';
import type { ProgramType } from '../db/types.js';

const DAY = 86_400_000;

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

  /**
   * Who hears about the account: its owner and admins, reachable humans only (each with their zone, for the
   * dates in a DM's fallback text).
   */
  recipients(workspaceId: number, ex: Executor = this.db) {
    return ex
      .selectFrom('members as m')
      .innerJoin('accounts as ac', 'ac.workspace_id', 'm.workspace_id')
      .select(['m.slack_user_id', 'm.tz'])
      .where('m.workspace_id', '=', workspaceId)
      .where('m.deleted', '=', false)
      .where('m.is_bot', '=', false)
      .where('m.is_external', '=', false)
      .where((eb) =>
        eb.or([
          eb('m.id', '=', eb.ref('ac.owner_member_id')),
          eb.exists(eb.selectFrom('account_admins as a').select('a.member_id').whereRef('a.account_id', '=', 'ac.id').whereRef('a.member_id', '=', 'm.id')),
        ]),
      )
      .orderBy('m.id')
      .execute();
  }

  /**
   * Running trials with a warning due at `now` (`warnings`: days before the end, e.g. 3 then 1), locked so two
   * ticks never warn twice. `trial_warned_days` is the last warning sent.
   */
  claimTrialsToWarn(trx: Trx, now: Date, warnings: readonly number[], limit: number) {
    return trx
      .selectFrom('accounts')
      .select(['workspace_id', 'trial_ends_at', 'trial_warned_days'])
      .where('plan', '=', 'free')
      .where('trial_ends_at', '>', now)
      .where('trial_end_recorded_at', 'is', null)
      .where((eb) =>
        eb.or(
          warnings.map((days) =>
            eb.and([
              eb('trial_ends_at', '<=', new Date(now.getTime() + days * DAY)),
              eb.or([eb('trial_warned_days', 'is', null), eb('trial_warned_days', '>', days)]),
            ]),
          ),
        ),
      )
      .orderBy('trial_ends_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  }

  async markTrialWarned(trx: Trx, workspaceId: number, days: number): Promise<void> {
    await trx.updateTable('accounts').set({ trial_warned_days: days }).where('workspace_id', '=', workspaceId).execute();
  }

  /** When the next warning before a trial's end is due, or null. */
  async nextTrialWarning(warnings: readonly number[]): Promise<Date | null> {
    const dues = await Promise.all(
      warnings.map((days) =>
        this.db
          .selectFrom('accounts')
          .select((eb) => eb.fn.min('trial_ends_at').as('at'))
          .where('plan', '=', 'free')
          .where('trial_ends_at', 'is not', null)
          .where('trial_end_recorded_at', 'is', null)
          .where((eb) => eb.or([eb('trial_warned_days', 'is', null), eb('trial_warned_days', '>', days)]))
          .executeTakeFirst()
          .then((r) => (r?.at ? new Date(new Date(r.at).getTime() - days * DAY) : null)),
      ),
    );
    return dues.filter((d): d is Date => d !== null).sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
  }

  /** Keeps one plan change (a plan.changed event) for the billing page; the same event again adds nothing. */
  async addPlanChange(
    trx: Trx,
    workspaceId: number,
    row: { seq: number; occurred_at: Date; from_state: 'free' | 'trial' | 'premium'; to_state: 'free' | 'trial' | 'premium'; reason: string; trial_ends_at: string | null; member_id: number | null },
  ): Promise<void> {
    await trx
      .insertInto('billing_plan_history')
      .values({ workspace_id: workspaceId, ...row })
      .onConflict((oc) => oc.columns(['workspace_id', 'seq']).doNothing())
      .execute();
  }

  /** The plan's history, newest first, with who made each change (when a person did). */
  planHistory(workspaceId: number, limit: number) {
    return this.db
      .selectFrom('billing_plan_history as h')
      .leftJoin('members as m', (j) => j.onRef('m.id', '=', 'h.member_id').onRef('m.workspace_id', '=', 'h.workspace_id'))
      .select(['h.seq', 'h.occurred_at', 'h.from_state', 'h.to_state', 'h.reason', 'h.trial_ends_at', 'm.id', 'm.slack_user_id', 'm.real_name', 'm.display_name', 'm.name', 'm.avatar_url'])
      .where('h.workspace_id', '=', workspaceId)
      .orderBy('h.seq', 'desc')
      .limit(limit)
      .execute();
  }

  /** The ids among `ids` that are this workspace's programs of `type`. */
  async programIds(workspaceId: number, type: ProgramType, ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await this.db.selectFrom('channel_programs').select('id').where('workspace_id', '=', workspaceId).where('type', '=', type).where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  }

  /** The programs that count: the active ones of `types`, and `extraIds` (paused ones about to be turned on). */
  private counted(workspaceId: number, types: ProgramType[], extraIds: number[]) {
    return this.db
      .selectFrom('channel_programs as p')
      .where('p.workspace_id', '=', workspaceId)
      .where((eb) => {
        const active = eb.and([eb('p.is_active', '=', true), eb('p.type', 'in', types)]);
        return extraIds.length ? eb.or([active, eb('p.id', 'in', extraIds)]) : active;
      });
  }

  /** The channels of the counted programs whose roster Hearth has never read (no one on it yet). */
  async unreadRosters(workspaceId: number, types: ProgramType[], extraIds: number[]): Promise<string[]> {
    const rows = await this.counted(workspaceId, types, extraIds)
      .select('p.channel_id')
      .distinct()
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('channel_members as cm').select('cm.slack_user_id').whereRef('cm.workspace_id', '=', 'p.workspace_id').whereRef('cm.channel_id', '=', 'p.channel_id'))),
      )
      .execute();
    return rows.map((r) => r.channel_id);
  }

  /**
   * Seats (src/billing/API.md): the distinct reachable humans (not bots, deactivated or external people) in the
   * channels of the counted programs, together with `memberIds` (people on a running journey).
   */
  async seats(workspaceId: number, types: ProgramType[], extraIds: number[], memberIds: number[]): Promise<number> {
    const row = await this.db
      .selectFrom('members as m')
      .select((eb) => eb.fn.count<string>('m.id').as('n'))
      .where('m.workspace_id', '=', workspaceId)
      .where('m.deleted', '=', false)
      .where('m.is_bot', '=', false)
      .where('m.is_external', '=', false)
      .where((eb) => {
        const inProgram = eb(
          'm.slack_user_id',
          'in',
          this.counted(workspaceId, types, extraIds)
            .innerJoin('channel_members as cm', (j) => j.onRef('cm.workspace_id', '=', 'p.workspace_id').onRef('cm.channel_id', '=', 'p.channel_id'))
            .select('cm.slack_user_id'),
        );
        return memberIds.length ? eb.or([inProgram, eb('m.id', 'in', memberIds)]) : inProgram;
      })
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
