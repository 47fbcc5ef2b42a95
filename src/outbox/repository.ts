import { sql } from 'kysely';
import type { Db, Executor, Trx } from '../db/index.js';
import type { OutboxRow } from '../db/types.js';

export interface NewOutboxRow {
  workspaceId: number;
  /** Unique per workspace: `intro:{round}:{group}`, `bday:{team}:{user}:{year}` … */
  key: string;
  /** What the message is for (intro, celebration, home …): picks the reconcile policy. */
  kind: string;
  /** A Slack Web API method, or `dm.post` (open a DM or group DM with `users`, then post into it). */
  method: string;
  args: Record<string, unknown>;
  notBefore: Date;
  /** The channel program it is sent for, if any: its owner is told when its messages fail (once per incident). */
  programId?: number;
}

const EXPIRED = 'the sender stopped before recording the outcome';

/** The outbox's SQL. Every timestamp comes from the caller's clock. */
export class OutboxRepository {
  constructor(private readonly db: Db) {}

  /** Adds rows; a key already present keeps its row. Returns the ids of every key, new or existing. */
  async add(ex: Executor, rows: NewOutboxRow[], now: Date): Promise<number[]> {
    if (!rows.length) return [];
    await ex
      .insertInto('outbox')
      .values(
        rows.map((r) => ({
          workspace_id: r.workspaceId,
          idempotency_key: r.key,
          kind: r.kind,
          method: r.method,
          payload: JSON.stringify(r.args),
          program_id: r.programId ?? null,
          not_before: r.notBefore,
          last_error: null,
          result: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['workspace_id', 'idempotency_key']).doNothing())
      .execute();
    const found = await ex
      .selectFrom('outbox')
      .select(['id', 'workspace_id', 'idempotency_key'])
      .where((eb) => eb.or(rows.map((r) => eb.and([eb('workspace_id', '=', r.workspaceId), eb('idempotency_key', '=', r.key)]))))
      .execute();
    const idOf = new Map(found.map((f) => [`${f.workspace_id}\u0000${f.idempotency_key}`, f.id]));
    return rows.map((r) => idOf.get(`${r.workspaceId}\u0000${r.key}`)!);
  }

  /** A transaction of its own, for adding rows outside a caller's. */
  transaction<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /** Of these rows, the pending ones due by `now`. */
  duePending(ids: number[], now: Date): Promise<Array<{ id: number; attempts: number }>> {
    return this.db.selectFrom('outbox').select(['id', 'attempts']).where('id', 'in', ids).where('state', '=', 'pending').where('not_before', '<=', now).execute();
  }

  byId(id: number): Promise<OutboxRow | undefined> {
    return this.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byKey(workspaceId: number, key: string): Promise<OutboxRow | undefined> {
    return this.db
      .selectFrom('outbox')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  }

  /** Pending → sending, once: the conditional update is the claim, so two workers cannot both send a row. */
  async claim(id: number, now: Date, leaseMs: number): Promise<OutboxRow | undefined> {
    return this.db
      .updateTable('outbox')
      .set({
        state: 'sending',
        attempts: sql`attempts + 1`,
        lease_until: new Date(now.getTime() + leaseMs),
        calling_at: null,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
  }

  /** Records how a claimed row ended; only the holder of the claim (state sending) can record it. */
  async settle(
    id: number,
    from: 'sending' | 'unknown',
    to: {
      state: 'sent' | 'failed' | 'unknown' | 'pending';
      error?: string | null;
      result?: Record<string, unknown>;
      notBefore?: Date;
      undoAttempt?: boolean;
      /** A transient failure: the streak's start (kept while it lasts, cleared by any other outcome). */
      retryingSince?: Date;
      /** An unknown row that is no longer looked for. */
      stopLooking?: boolean;
    },
    now: Date,
  ): Promise<boolean> {
    const res = await this.db
      .updateTable('outbox')
      .set({
        state: to.state,
        last_error: to.error ?? null,
        ...(to.result ? { result: JSON.stringify(to.result) } : {}),
        ...(to.notBefore ? { not_before: to.notBefore } : {}),
        ...(to.undoAttempt ? { attempts: sql`greatest(attempts - 1, 0)` } : {}),
        ...(to.state === 'sent' ? { sent_at: now } : {}),
        ...(to.stopLooking ? { reconcile_stopped_at: now } : {}),
        retrying_since: to.retryingSince ?? null,
        lease_until: null,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('state', '=', from)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /**
   * Keeps what a multi-step send learned (the DM channel it opened) before the step that may be lost, and
   * renews the sender's lease for that step.
   */
  async saveProgress(id: number, result: Record<string, unknown>, now: Date, leaseMs: number): Promise<void> {
    await this.db
      .updateTable('outbox')
      .set({ result: JSON.stringify(result), lease_until: new Date(now.getTime() + leaseMs), updated_at: now })
      .where('id', '=', id)
      .where('state', '=', 'sending')
      .execute();
  }

  /**
   * The sender is about to hand the row's write to Slack: from here on a lost answer is ambiguous. Before it, a
   * dead sender's row is known never to have reached Slack.
   */
  async markCalling(id: number, now: Date): Promise<void> {
    await this.db.updateTable('outbox').set({ calling_at: now }).where('id', '=', id).where('state', '=', 'sending').execute();
  }

  /** A row whose sender's lease ran out becomes unknown (the sender died, or will find its claim gone). */
  async expireLease(id: number, now: Date): Promise<boolean> {
    const res = await this.db
      .updateTable('outbox')
      .set({ state: 'unknown', last_error: EXPIRED, lease_until: null, updated_at: now })
      .where('id', '=', id)
      .where('state', '=', 'sending')
      .where('lease_until', '<', now)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /**
   * The tick's share of the outbox: due pending rows are claimed for enqueueing (SKIP LOCKED, and their
   * not_before pushed back so a racing tick does not take them too; if the job is lost they come due again),
   * and rows whose sender died mid-send (lease expired) become unknown.
   */
  async sweep(now: Date, requeueAfterMs: number, limit = 1000): Promise<{ due: Array<{ id: number; attempts: number }>; expired: number[] }> {
    return this.db.transaction().execute(async (trx) => {
      const due = await trx
        .updateTable('outbox')
        .set({ not_before: new Date(now.getTime() + requeueAfterMs) })
        .where(
          'id',
          'in',
          trx
            .selectFrom('outbox')
            .select('id')
            .where('state', '=', 'pending')
            .where('not_before', '<=', now)
            .orderBy('not_before')
            .limit(limit)
            .forUpdate()
            .skipLocked(),
        )
        .returning(['id', 'attempts'])
        .execute();
      const expired = await trx
        .updateTable('outbox')
        .set({ state: 'unknown', last_error: EXPIRED, lease_until: null, updated_at: now })
        .where('state', '=', 'sending')
        .where('lease_until', '<', now)
        .returning('id')
        .execute();
      return { due, expired: expired.map((e) => e.id) };
    });
  }

  /** When the tick next has outbox work: a pending row coming due, a lease running out, an unknown row. */
  async nextDue(): Promise<Date | null> {
    const row = await this.db
      .selectFrom('outbox')
      .select((eb) => [
        eb.fn.min('not_before').filterWhere('state', '=', 'pending').as('pending'),
        eb.fn.min('lease_until').filterWhere('state', '=', 'sending').as('lease'),
        eb.fn.min('updated_at').filterWhere((f) => f.and([f('state', '=', 'unknown'), f('reconcile_stopped_at', 'is', null)])).as('unknown'),
      ])
      .executeTakeFirst();
    const times = [row?.pending, row?.lease, row?.unknown].filter((t): t is Date => t instanceof Date);
    return times.length ? new Date(Math.min(...times.map((t) => t.getTime()))) : null;
  }

  /**
   * The earliest instant after `since` at which a held-back row (rate limited, retrying) comes due, or at which a
   * row being sent now was claimed (a held-back row's own delayed job took it): work of this moment either way.
   */
  async nextHeldBack(since: Date): Promise<Date | null> {
    const row = await this.db
      .selectFrom('outbox')
      .select((eb) => [
        eb.fn.min('not_before').filterWhere('state', '=', 'pending').as('pending'),
        eb.fn.min('updated_at').filterWhere('state', '=', 'sending').as('sending'),
      ])
      .where((eb) => eb.or([eb.and([eb('state', '=', 'pending'), eb('not_before', '>', since)]), eb.and([eb('state', '=', 'sending'), eb('updated_at', '>', since)])]))
      .executeTakeFirst();
    const times = [row?.pending, row?.sending].filter((t): t is Date => t instanceof Date);
    return times.length ? new Date(Math.min(...times.map((t) => t.getTime()))) : null;
  }

  /**
   * Unknown rows still being looked for, oldest first, at most `perWorkspace` of each workspace: lookups share
   * the workspace's conversations.history budget (Tier 1), so a backlog in one cannot take all of it.
   */
  async unknownIds(perWorkspace: number, limit = 200): Promise<number[]> {
    const ranked = this.db
      .selectFrom('outbox')
      .select((eb) => ['id', 'updated_at', eb.fn.agg<number>('row_number').over((o) => o.partitionBy('workspace_id').orderBy('updated_at')).as('n')])
      .where('state', '=', 'unknown')
      .where('reconcile_stopped_at', 'is', null)
      .as('ranked');
    const rows = await this.db.selectFrom(ranked).select('id').where('n', '<=', perWorkspace).orderBy('updated_at').limit(limit).execute();
    return rows.map((r) => r.id);
  }

  /** A history page of an unknown row was read without finding it: where the next page starts. */
  async lookedUp(id: number, result: Record<string, unknown>, now: Date): Promise<void> {
    await this.db
      .updateTable('outbox')
      .set({ result: JSON.stringify(result), reconcile_lookups: sql`reconcile_lookups + 1`, updated_at: now })
      .where('id', '=', id)
      .where('state', '=', 'unknown')
      .execute();
  }

  /** Whether Hearth was removed from this channel (and not invited back since). */
  async botRemoved(workspaceId: number, channelId: string): Promise<boolean> {
    const row = await this.db.selectFrom('channels').select('bot_removed_at').where('workspace_id', '=', workspaceId).where('channel_id', '=', channelId).executeTakeFirst();
    return row?.bot_removed_at != null;
  }

  /** The workspace's installing member and the scopes Slack granted it, while Hearth is installed. */
  async installation(workspaceId: number): Promise<{ installerUserId: string | null; botScopes: string[] } | undefined> {
    const row = await this.db
      .selectFrom('installations as i')
      .innerJoin('workspaces as w', 'w.team_id', 'i.team_id')
      .select(['i.installer_user_id', 'i.bot_scopes'])
      .where('w.id', '=', workspaceId)
      .where('i.revoked_at', 'is', null)
      .executeTakeFirst();
    return row && { installerUserId: row.installer_user_id, botScopes: row.bot_scopes };
  }

  /** The member's DM channel with Hearth, when one was opened before. */
  async dmChannel(workspaceId: number, userId: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('member_dm_channels').select('channel_id').where('workspace_id', '=', workspaceId).where('user_id', '=', userId).executeTakeFirst();
    return row?.channel_id;
  }

  async keepDmChannel(workspaceId: number, userId: string, channelId: string, now: Date): Promise<void> {
    await this.db
      .insertInto('member_dm_channels')
      .values({ workspace_id: workspaceId, user_id: userId, channel_id: channelId, opened_at: now })
      .onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doUpdateSet({ channel_id: channelId, opened_at: now }))
      .execute();
  }

  /** Slack no longer knows this DM channel: open it again next time. */
  async forgetDmChannel(workspaceId: number, userId: string, channelId: string): Promise<void> {
    await this.db.deleteFrom('member_dm_channels').where('workspace_id', '=', workspaceId).where('user_id', '=', userId).where('channel_id', '=', channelId).execute();
  }

  /**
   * Members with a one-person DM coming due after `after` and by `until` whose DM channel is not open yet, soonest
   * first: opened ahead, so the send only posts.
   */
  async dmsToOpen(after: Date, until: Date, limit: number): Promise<Array<{ workspaceId: number; userId: string }>> {
    const rows = await this.db
      .selectFrom('outbox as o')
      .select(['o.workspace_id', sql<string>`o.payload->'users'->>0`.as('user_id')])
      .select((eb) => eb.fn.min('o.not_before').as('due'))
      .where('o.state', '=', 'pending')
      .where('o.method', 'in', ['dm.post', 'dm.file'])
      .where('o.not_before', '>', after)
      .where('o.not_before', '<=', until)
      .where(sql<boolean>`jsonb_array_length(o.payload->'users') = 1`)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('member_dm_channels as d').select('d.user_id').whereRef('d.workspace_id', '=', 'o.workspace_id').where(sql<boolean>`d.user_id = o.payload->'users'->>0`))),
      )
      .groupBy(['o.workspace_id', sql`o.payload->'users'->>0`])
      .orderBy('due')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ workspaceId: r.workspace_id, userId: r.user_id }));
  }

  /** A workspace's rows with the channel each went to (its name, when Hearth's directory has it). */
  private withChannels(workspaceId: number) {
    return this.db
      .selectFrom('outbox as o')
      .leftJoin('channels as c', (j) => j.onRef('c.workspace_id', '=', 'o.workspace_id').on(sql<boolean>`c.channel_id = coalesce(o.payload->>'channel', o.result->>'channel')`))
      .select(['o.id', 'o.idempotency_key', 'o.kind', 'o.method', 'o.state', 'o.last_error', 'o.updated_at', sql<string | null>`coalesce(o.payload->>'channel', o.result->>'channel')`.as('channel_id'), 'c.name as channel_name'])
      .where('o.workspace_id', '=', workspaceId);
  }

  /** The rows of these keys in this workspace (a key with no row is absent). */
  byKeys(workspaceId: number, keys: string[]) {
    if (!keys.length) return Promise.resolve([]);
    return this.withChannels(workspaceId).where('o.idempotency_key', 'in', keys).execute();
  }

  /** The workspace's failed rows and unknown rows no longer looked for, newest first, with their channel's name. */
  failed(workspaceId: number, page: { limit: number; offset: number }) {
    return this.withChannels(workspaceId)
      .where((eb) => eb.or([eb('o.state', '=', 'failed'), eb.and([eb('o.state', '=', 'unknown'), eb('o.reconcile_stopped_at', 'is not', null)])]))
      .orderBy('o.updated_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }

  /**
   * A failed row of this workspace, or an unknown one no longer looked for, goes again now, as if new. False when
   * there is no such row.
   */
  async retryFailed(workspaceId: number, id: number, now: Date): Promise<boolean> {
    const res = await this.db
      .updateTable('outbox')
      .set({ state: 'pending', attempts: 0, last_error: null, retrying_since: null, reconcile_lookups: 0, reconcile_stopped_at: null, not_before: now, updated_at: now })
      .where('id', '=', id)
      .where('workspace_id', '=', workspaceId)
      .where((eb) => eb.or([eb('state', '=', 'failed'), eb.and([eb('state', '=', 'unknown'), eb('reconcile_stopped_at', 'is not', null)])]))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }
}
