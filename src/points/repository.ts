import { sql, type Insertable, type Updateable } from 'kysely';
import { personNameSql } from '../people/repository.js';
import type { Db, Executor, Trx } from '../db/index.js';
import type { LeaderboardColumn, LedgerReason, OrderDir, RedemptionState } from './api-types.js';
import type {
  LedgerRow,
  Listing,
  PointsProgram,
  PointsProgramsTable,
  Redemption,
  RewardListingsTable,
  Shoutout,
  ShoutoutsTable,
  Wallet,
} from './tables.js';

export interface MemberInfo {
  id: number;
  slack_user_id: string;
  name: string;
  avatar_url: string | null;
  email: string | null;
  tz: string;
  is_bot: boolean;
  deleted: boolean;
  is_external: boolean;
}

export interface NewLedgerRow {
  workspaceId: number;
  memberId: number;
  delta: number;
  reason: LedgerReason;
  rule?: string | null;
  sourceKey: string;
  eventId?: number | null;
  shoutoutId?: number | null;
  redemptionId?: number | null;
  capped?: boolean;
  localDate: string;
  note?: string | null;
  actorMemberId?: number | null;
  now: Date;
}

export interface LeaderboardQuery {
  page: number;
  perPage: number;
  orderCol: LeaderboardColumn;
  orderDir: OrderDir;
  /** Inclusive instants; received and given are counted within them. */
  from: Date | null;
  to: Date | null;
  search: string;
  month: string;
  defaultAllowance: number;
}

export interface LeaderboardRow {
  id: number;
  slack_user_id: string;
  name: string;
  avatar_url: string | null;
  current_redeemable: number;
  custom_allowance: number | null;
  shoutouts_role: Wallet['shoutouts_role'];
  received: number;
  given: number;
  given_this_month: number;
}

/** Which members a leaderboard search matches (their display name, full name or email); never how they are named. */
const displayName = sql<string>`coalesce(nullif(m.display_name, ''), nullif(m.real_name, ''), m.name)`;

/**
 * The SQL of points, shoutouts and rewards. Every method takes the workspace id and scopes by it. Balances move
 * only through `credit` and `debit`, each with its ledger row in the caller's transaction; `debit` and
 * `claimListing` are conditional updates, so two redemptions racing for the last points or the last item
 * never overdraw (the loser's update matches no row).
 */
export class PointsRepository {
  constructor(private readonly db: Db) {}

  inTransaction<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  // ---- the program -------------------------------------------------------------------------------

  async program(workspaceId: number, ex: Executor = this.db): Promise<PointsProgram> {
    const found = await ex.selectFrom('points_programs').selectAll().where('workspace_id', '=', workspaceId).executeTakeFirst();
    if (found) return found;
    await ex.insertInto('points_programs').values({ workspace_id: workspaceId, rules: '{}', shoutouts_channels: '[]', gift_card_options: '[]' }).onConflict((oc) => oc.column('workspace_id').doNothing()).execute();
    return ex.selectFrom('points_programs').selectAll().where('workspace_id', '=', workspaceId).executeTakeFirstOrThrow();
  }

  async updateProgram(workspaceId: number, values: Omit<Updateable<PointsProgramsTable>, 'workspace_id'>, now: Date, ex: Executor = this.db): Promise<PointsProgram> {
    await this.program(workspaceId, ex);
    return ex.updateTable('points_programs').set({ ...values, updated_at: now }).where('workspace_id', '=', workspaceId).returningAll().executeTakeFirstOrThrow();
  }

  // ---- members -----------------------------------------------------------------------------------

  private members(ex: Executor, workspaceId: number) {
    return ex
      .selectFrom('members as m')
      .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
      .select(['m.id', 'm.slack_user_id', 'm.avatar_url', 'm.email', 'm.is_bot', 'm.deleted', 'm.is_external', personNameSql('m').as('name')])
      .select(sql<string>`coalesce(m.tz, w.default_tz)`.as('tz'))
      .where('m.workspace_id', '=', workspaceId);
  }

  async member(workspaceId: number, memberId: number, ex: Executor = this.db): Promise<MemberInfo | undefined> {
    return this.members(ex, workspaceId).where('m.id', '=', memberId).executeTakeFirst();
  }

  async memberBySlackId(workspaceId: number, slackUserId: string): Promise<MemberInfo | undefined> {
    return this.members(this.db, workspaceId).where('m.slack_user_id', '=', slackUserId).executeTakeFirst();
  }

  /** A member by the @handle typed in Slack: their username or display name, case-insensitively. */
  async memberByHandle(workspaceId: number, handle: string): Promise<MemberInfo | undefined> {
    const h = handle.toLowerCase();
    return this.members(this.db, workspaceId)
      .where('m.deleted', '=', false)
      .where((eb) => eb.or([eb(sql`lower(m.name)`, '=', h), eb(sql`lower(m.display_name)`, '=', h), eb(sql`lower(replace(m.real_name, ' ', '.'))`, '=', h)]))
      .orderBy('m.id')
      .executeTakeFirst();
  }

  // ---- wallets and the ledger --------------------------------------------------------------------

  async wallet(workspaceId: number, memberId: number, ex: Executor = this.db): Promise<Wallet> {
    const found = await ex.selectFrom('points_wallets').selectAll().where('workspace_id', '=', workspaceId).where('member_id', '=', memberId).executeTakeFirst();
    return found ?? { workspace_id: workspaceId, member_id: memberId, current_redeemable: 0, lifetime_earned: 0, custom_allowance: null, shoutouts_role: 'participant', updated_at: new Date(0) };
  }

  /** The wallet's row, created if missing and locked for this transaction. */
  async lockWallet(trx: Trx, workspaceId: number, memberId: number, now: Date): Promise<Wallet> {
    await trx.insertInto('points_wallets').values({ workspace_id: workspaceId, member_id: memberId, updated_at: now }).onConflict((oc) => oc.columns(['workspace_id', 'member_id']).doNothing()).execute();
    return trx.selectFrom('points_wallets').selectAll().where('workspace_id', '=', workspaceId).where('member_id', '=', memberId).forUpdate().executeTakeFirstOrThrow();
  }

  async updateWallet(workspaceId: number, memberId: number, values: { custom_allowance?: number | null; shoutouts_role?: Wallet['shoutouts_role'] }, now: Date): Promise<Wallet> {
    return this.inTransaction(async (trx) => {
      await this.lockWallet(trx, workspaceId, memberId, now);
      return trx.updateTable('points_wallets').set({ ...values, updated_at: now }).where('workspace_id', '=', workspaceId).where('member_id', '=', memberId).returningAll().executeTakeFirstOrThrow();
    });
  }

  /**
   * Adds points (delta ≥ 0) with its ledger row. Returns the ledger row, or undefined when this source already
   * paid (the unique key): a replayed event, a retried request.
   */
  async credit(trx: Trx, row: NewLedgerRow): Promise<LedgerRow | undefined> {
    const wallet = await this.lockWallet(trx, row.workspaceId, row.memberId, row.now);
    const inserted = await trx
      .insertInto('points_ledger')
      .values(this.ledgerValues(row, wallet.current_redeemable + row.delta))
      .onConflict((oc) => oc.columns(['workspace_id', 'source_key']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) return undefined;
    if (row.delta !== 0)
      await trx
        .updateTable('points_wallets')
        .set((eb) => ({
          current_redeemable: eb('current_redeemable', '+', row.delta),
          lifetime_earned: row.reason === 'refund' ? eb.ref('lifetime_earned') : eb('lifetime_earned', '+', row.delta),
          updated_at: row.now,
        }))
        .where('workspace_id', '=', row.workspaceId)
        .where('member_id', '=', row.memberId)
        .execute();
    return inserted;
  }

  /**
   * Takes `amount` points if the wallet holds them: one conditional update (current_redeemable >= amount), so
   * concurrent debits serialize on the row and the loser sees no row. Returns the ledger row, or undefined.
   */
  async debit(trx: Trx, row: Omit<NewLedgerRow, 'delta'> & { amount: number }): Promise<LedgerRow | undefined> {
    await this.lockWallet(trx, row.workspaceId, row.memberId, row.now);
    const updated = await trx
      .updateTable('points_wallets')
      .set((eb) => ({ current_redeemable: eb('current_redeemable', '-', row.amount), updated_at: row.now }))
      .where('workspace_id', '=', row.workspaceId)
      .where('member_id', '=', row.memberId)
      .where('current_redeemable', '>=', row.amount)
      .returning('current_redeemable')
      .executeTakeFirst();
    if (!updated) return undefined;
    return trx.insertInto('points_ledger').values(this.ledgerValues({ ...row, delta: -row.amount }, updated.current_redeemable)).returningAll().executeTakeFirstOrThrow();
  }

  private ledgerValues(row: NewLedgerRow, balanceAfter: number) {
    return {
      workspace_id: row.workspaceId,
      member_id: row.memberId,
      delta: row.delta,
      balance_after: balanceAfter,
      reason: row.reason,
      rule: row.rule ?? null,
      source_key: row.sourceKey,
      event_id: row.eventId ?? null,
      shoutout_id: row.shoutoutId ?? null,
      redemption_id: row.redemptionId ?? null,
      capped: row.capped ?? false,
      local_date: row.localDate,
      note: row.note ?? null,
      actor_member_id: row.actorMemberId ?? null,
      created_at: row.now,
    };
  }

  /** Points earned (events and shoutouts, the capped kinds) in one local day. */
  async earnedOn(ex: Executor, workspaceId: number, memberId: number, localDate: string): Promise<number> {
    const row = await ex
      .selectFrom('points_ledger')
      .select(sql<string>`coalesce(sum(delta), 0)`.as('total'))
      .where('workspace_id', '=', workspaceId)
      .where('member_id', '=', memberId)
      .where('local_date', '=', localDate)
      .where('reason', 'in', ['event', 'shoutout'])
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  ledger(workspaceId: number, memberId: number, limit: number): Promise<LedgerRow[]> {
    return this.db.selectFrom('points_ledger').selectAll().where('workspace_id', '=', workspaceId).where('member_id', '=', memberId).orderBy('id', 'desc').limit(limit).execute();
  }

  // ---- intro groups (for intro.met) ----------------------------------------------------------------

  async saveIntroGroup(trx: Trx, workspaceId: number, meetingId: number, memberIds: number[]): Promise<void> {
    await trx.insertInto('points_intro_groups').values({ workspace_id: workspaceId, meeting_id: meetingId, member_ids: JSON.stringify(memberIds) }).onConflict((oc) => oc.columns(['workspace_id', 'meeting_id']).doNothing()).execute();
  }

  async introGroup(ex: Executor, workspaceId: number, meetingId: number): Promise<number[] | undefined> {
    const row = await ex.selectFrom('points_intro_groups').select('member_ids').where('workspace_id', '=', workspaceId).where('meeting_id', '=', meetingId).executeTakeFirst();
    return row?.member_ids;
  }

  // ---- shoutouts ---------------------------------------------------------------------------------

  async givenInMonth(ex: Executor, workspaceId: number, memberId: number, month: string): Promise<number> {
    const row = await ex
      .selectFrom('shoutouts')
      .select(sql<string>`coalesce(sum(points), 0)`.as('total'))
      .where('workspace_id', '=', workspaceId)
      .where('giver_member_id', '=', memberId)
      .where('giver_local_month', '=', month)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** A new shoutout, or undefined when this request (its key) was already recorded. */
  insertShoutout(trx: Trx, values: Insertable<ShoutoutsTable>): Promise<Shoutout | undefined> {
    return trx.insertInto('shoutouts').values(values).onConflict((oc) => oc.columns(['workspace_id', 'request_key']).doNothing()).returningAll().executeTakeFirst();
  }

  /** Shoutouts newest first, with both people's names: all, a member's (given or received), or one. */
  async recentShoutouts(workspaceId: number, limit: number, only: { memberId?: number; shoutoutId?: number } = {}) {
    const { memberId, shoutoutId } = only;
    let q = this.db
      .selectFrom('shoutouts as s')
      .innerJoin('members as g', 'g.id', 's.giver_member_id')
      .innerJoin('members as r', 'r.id', 's.recipient_member_id')
      .select(['s.id', 's.points', 's.message', 's.channel_ids', 's.created_at', 's.giver_member_id', 's.recipient_member_id', 'g.slack_user_id as giver_slack_id', 'r.slack_user_id as recipient_slack_id'])
      .select([personNameSql('g').as('giver_name'), personNameSql('r').as('recipient_name')])
      .where('s.workspace_id', '=', workspaceId);
    if (memberId !== undefined) q = q.where((eb) => eb.or([eb('s.giver_member_id', '=', memberId), eb('s.recipient_member_id', '=', memberId)]));
    if (shoutoutId !== undefined) q = q.where('s.id', '=', shoutoutId);
    return q.orderBy('s.id', 'desc').limit(limit).execute();
  }

  // ---- the leaderboard ---------------------------------------------------------------------------

  async leaderboard(workspaceId: number, q: LeaderboardQuery): Promise<LeaderboardRow[]> {
    const inRange = (col: string) =>
      sql.join(
        [sql`true`, ...(q.from ? [sql`${sql.ref(col)} >= ${q.from}`] : []), ...(q.to ? [sql`${sql.ref(col)} <= ${q.to}`] : [])],
        sql` and `,
      );
    const received = sql<string>`(select coalesce(sum(l.delta), 0) from points_ledger l where l.workspace_id = m.workspace_id and l.member_id = m.id and l.delta > 0 and l.reason in ('event', 'shoutout', 'bonus') and ${inRange('l.created_at')})`;
    const given = sql<string>`(select coalesce(sum(s.points), 0) from shoutouts s where s.workspace_id = m.workspace_id and s.giver_member_id = m.id and ${inRange('s.created_at')})`;
    const givenThisMonth = sql<string>`(select coalesce(sum(s.points), 0) from shoutouts s where s.workspace_id = m.workspace_id and s.giver_member_id = m.id and s.giver_local_month = ${q.month})`;
    const allowance = sql<number>`coalesce(pw.custom_allowance, ${q.defaultAllowance})`;
    const orderExpr = {
      name: sql`lower(${personNameSql('m')})`,
      points_received: sql`received`,
      points_given: sql`given`,
      current_redeemable: sql`coalesce(pw.current_redeemable, 0)`,
      allowance,
    }[q.orderCol];
    let query = this.db
      .selectFrom('members as m')
      .leftJoin('points_wallets as pw', (j) => j.onRef('pw.workspace_id', '=', 'm.workspace_id').onRef('pw.member_id', '=', 'm.id'))
      .select(['m.id', 'm.slack_user_id', 'm.avatar_url', personNameSql('m').as('name')])
      .select(sql<number>`coalesce(pw.current_redeemable, 0)`.as('current_redeemable'))
      .select('pw.custom_allowance')
      .select(sql<Wallet['shoutouts_role']>`coalesce(pw.shoutouts_role, 'participant')`.as('shoutouts_role'))
      .select(received.as('received'))
      .select(given.as('given'))
      .select(givenThisMonth.as('given_this_month'))
      .where('m.workspace_id', '=', workspaceId)
      .where('m.deleted', '=', false)
      .where('m.is_bot', '=', false)
      .where('m.is_external', '=', false)
      .where('m.slack_user_id', '<>', 'USLACKBOT');
    if (q.search.trim()) {
      const like = `%${q.search.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) => eb.or([eb(sql`lower(${displayName})`, 'like', like), eb(sql`lower(m.real_name)`, 'like', like), eb(sql`lower(coalesce(m.email, ''))`, 'like', like)]));
    }
    const rows = await query
      .orderBy(orderExpr, q.orderDir)
      .orderBy('m.id', 'asc')
      .limit(q.perPage + 1)
      .offset((q.page - 1) * q.perPage)
      .execute();
    return rows.map((r) => ({ ...r, current_redeemable: Number(r.current_redeemable), received: Number(r.received), given: Number(r.given), given_this_month: Number(r.given_this_month) }));
  }

  // ---- reward listings ---------------------------------------------------------------------------

  listings(workspaceId: number, ex: Executor = this.db): Promise<Listing[]> {
    return ex.selectFrom('reward_listings').selectAll().where('workspace_id', '=', workspaceId).orderBy('state', 'asc').orderBy('points_cost', 'asc').orderBy('id', 'asc').execute();
  }

  listing(workspaceId: number, id: number, ex: Executor = this.db): Promise<Listing | undefined> {
    return ex.selectFrom('reward_listings').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  }

  createListing(values: Insertable<RewardListingsTable>): Promise<Listing> {
    return this.db.insertInto('reward_listings').values(values).returningAll().executeTakeFirstOrThrow();
  }

  updateListing(workspaceId: number, id: number, values: Omit<Updateable<RewardListingsTable>, 'id' | 'workspace_id'>): Promise<Listing | undefined> {
    return this.db.updateTable('reward_listings').set(values).where('workspace_id', '=', workspaceId).where('id', '=', id).returningAll().executeTakeFirst();
  }

  async hasActiveGiftCard(workspaceId: number): Promise<boolean> {
    const row = await this.db.selectFrom('reward_listings').select('id').where('workspace_id', '=', workspaceId).where('is_gift_card', '=', true).where('state', '=', 'active').executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Takes one of the listing's items if it is active and any are left (null quantity: unlimited). A
   * conditional update: two redemptions of the last item cannot both match.
   */
  claimListing(trx: Trx, workspaceId: number, id: number, now: Date): Promise<Listing | undefined> {
    return trx
      .updateTable('reward_listings')
      .set((eb) => ({ quantity_available: eb.case().when('quantity_available', 'is', null).then(null).else(eb('quantity_available', '-', 1)).end(), updated_at: now }))
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .where('state', '=', 'active')
      .where((eb) => eb.or([eb('quantity_available', 'is', null), eb('quantity_available', '>', 0)]))
      .returningAll()
      .executeTakeFirst();
  }

  async releaseListing(trx: Trx, workspaceId: number, id: number, now: Date): Promise<void> {
    await trx
      .updateTable('reward_listings')
      .set((eb) => ({ quantity_available: eb('quantity_available', '+', 1), updated_at: now }))
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .where('quantity_available', 'is not', null)
      .execute();
  }

  // ---- redemptions -------------------------------------------------------------------------------

  insertRedemption(trx: Trx, values: { workspaceId: number; listingId: number; memberId: number; pointsCost: number; giftCardDollars: number | null; now: Date }): Promise<Redemption> {
    return trx
      .insertInto('reward_redemptions')
      .values({ workspace_id: values.workspaceId, listing_id: values.listingId, member_id: values.memberId, points_cost: values.pointsCost, gift_card_dollars: values.giftCardDollars, created_at: values.now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  redemption(workspaceId: number, id: number, ex: Executor = this.db): Promise<Redemption | undefined> {
    return ex.selectFrom('reward_redemptions').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  }

  async settleRedemption(workspaceId: number, id: number, values: { state: RedemptionState; giftCardLink?: string | null; providerOrderId?: string | null; fulfilledAt?: Date | null }, ex: Executor = this.db): Promise<void> {
    await ex
      .updateTable('reward_redemptions')
      .set({
        state: values.state,
        ...(values.giftCardLink !== undefined ? { gift_card_link: values.giftCardLink } : {}),
        ...(values.providerOrderId !== undefined ? { provider_order_id: values.providerOrderId } : {}),
        ...(values.fulfilledAt !== undefined ? { fulfilled_at: values.fulfilledAt } : {}),
      })
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .execute();
  }

  /** Marks it fulfilled once: a second fulfil changes nothing (undefined). */
  fulfill(trx: Trx, workspaceId: number, id: number, fulfillerId: number, now: Date): Promise<Redemption | undefined> {
    return trx
      .updateTable('reward_redemptions')
      .set({ state: 'fulfilled', fulfiller_member_id: fulfillerId, fulfilled_at: now })
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .where('state', '=', 'unfulfilled')
      .returningAll()
      .executeTakeFirst();
  }

  async redemptions(workspaceId: number, q: { page: number; perPage: number; from: Date | null; to: Date | null; ids?: number[]; memberId?: number }) {
    let query = this.db
      .selectFrom('reward_redemptions as r')
      .innerJoin('reward_listings as l', 'l.id', 'r.listing_id')
      .innerJoin('members as m', 'm.id', 'r.member_id')
      .leftJoin('members as f', 'f.id', 'r.fulfiller_member_id')
      .selectAll('r')
      .select(['l.name as listing_name', 'l.is_gift_card'])
      .select([personNameSql('m').as('member_name'), personNameSql('f').$castTo<string | null>().as('fulfiller_name')])
      .where('r.workspace_id', '=', workspaceId);
    if (q.from) query = query.where('r.created_at', '>=', q.from);
    if (q.to) query = query.where('r.created_at', '<=', q.to);
    if (q.ids) query = query.where('r.id', 'in', q.ids.length ? q.ids : [0]);
    if (q.memberId !== undefined) query = query.where('r.member_id', '=', q.memberId);
    return query
      .orderBy('r.id', 'desc')
      .limit(q.perPage + 1)
      .offset((q.page - 1) * q.perPage)
      .execute();
  }


}
