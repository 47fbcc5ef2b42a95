import type { WebClient } from '@slack/web-api';
import type { Logger } from 'pino';
import type { JobQueue } from '../../jobs/queue.js';
import { outboxOpenDm, outboxReconcile, outboxSend } from './jobs.js';
import type { Db } from '../db/index.js';
import type { OutboxRow } from '../db/types.js';
import type { Clock } from '../time/clock.js';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { NotInstalledError } from '../slack/clients.js';
import type { AuthContext } from '../http/auth.js';
import { HttpError } from '../http/errors.js';
import { parse } from '../http/validate.js';
import { requireAccess, workspacePolicy } from '../platform/access.js';
import type { Delivery, FailedDeliveriesPage } from './api-types.js';
import { classifySlackError } from './classify.js';
import { MISSING_SCOPE_NOTICE, missingScopeNotice } from './notices.js';
import { deliveryStatus, errorCode, errorDetail, type DeliveryStatus } from './reasons.js';
import { bucketFor, type RateLimiter, type SlackRate } from './rate-limits.js';
import { OutboxRepository, type NewOutboxRow } from './repository.js';
import { failedQuery } from './schema.js';

/** The workspace's deliveries (what failed, and trying them again): workspace admins. */
export const deliveriesPolicy = workspacePolicy({
  canRead: (auth) => auth.isAdmin,
  canEdit: (auth) => auth.isAdmin,
  forbidden: 'Only workspace admins can do that',
  readForbidden: 'Only workspace admins can do that',
});

/**
 * How an unknown outcome is settled, per method: look for the write in Slack, send it again, or stop (the row
 * stays unknown, shown so, and is never sent again by itself).
 */
export type ReconcilePolicy = 'lookup' | 'resend' | 'stop';
const RECONCILE_BY_METHOD: Record<string, ReconcilePolicy> = {
  // By the outbox id in the message's metadata, in the channel's history.
  'chat.postMessage': 'lookup',
  'dm.post': 'lookup',
  // By the file's name, in the DM's history (an upload carries no metadata).
  'dm.file': 'lookup',
  // Among the channel's scheduled messages, by its time and text.
  'chat.scheduleMessage': 'lookup',
  // Cannot be looked up; a second copy is seen only by the person it was for, and does not last.
  'chat.postEphemeral': 'resend',
  // A modal's trigger has expired by then: nothing to re-open, and the person can click again.
  'views.open': 'stop',
};
/** Methods whose repeat has the same effect as one call. */
const DEFAULT_POLICY: ReconcilePolicy = 'resend';

export const METADATA_EVENT_TYPE = 'hearth_outbox';
/**
 * How long a sender holds a row: twice Slack's request timeout (10 s), renewed between the steps of a DM. A
 * sender that dies is noticed when it runs out (a delayed job per claim), not at the next minute's tick.
 */
const LEASE_MS = 20_000;
const REQUEUE_AFTER_MS = 2 * 60_000;
/**
 * Transient failures (Slack down, the network, a token refresh that could not finish) are retried with backoff
 * for this long from the first of them, then the row fails with the last error.
 */
export const RETRY_CEILING_MS = 24 * 60 * 60_000;
/** The longest wait between two tries of a transient failure. */
const MAX_BACKOFF_MS = 10 * 60_000;
/** History pages read for one unknown row before looking stops (15 messages a page). */
export const MAX_RECONCILE_PAGES = 20;
/** Unknown rows of one workspace looked for at a time: they share its conversations.history budget. */
const RECONCILE_PER_WORKSPACE = 3;
/** How far ahead of a scheduled DM its channel is opened. */
const OPEN_DMS_AHEAD_MS = 24 * 60 * 60_000;
/** How long a modal may wait for its place in views.open's window: its trigger lasts 3 seconds. */
const MODAL_WAIT_MS = 1_500;
/** Writes into a channel that Slack would let Hearth make after it was removed (chat:write.public, joining). */
const REMOVAL_BOUND = new Set(['chat.postMessage', 'chat.scheduleMessage', 'conversations.join']);
/** Slack errors that mean "already done": the intended effect exists. */
const ALREADY_DONE = new Set(['already_reacted', 'already_in_channel']);


export type SendResult = 'sent' | 'failed' | 'unknown' | 'deferred' | 'skipped';

/** Told when a row of its kind was sent, with what Slack answered (e.g. who an invite really added). */
export type SentHandler = (row: OutboxRow, result: Record<string, unknown>) => Promise<void>;

/**
 * Told when a row of its kind failed for good, with why (e.g. a shoutout's giver learns the post did not go), or
 * when its outcome could not be found out (`status.label` 'Not confirmed': say it may not have arrived).
 */
export type FailedHandler = (row: OutboxRow, status: DeliveryStatus) => Promise<void>;

export interface OutboxDeps {
  db: Db;
  queue: Pick<JobQueue, 'enqueue'>;
  clock: Clock;
  limiter: RateLimiter;
  /** The workspace's client; NotInstalledError when its tokens are gone (revoked, uninstalled). */
  clientFor(workspaceId: number): Promise<WebClient>;
  /** Slack answered token_expired for this token: refresh it (once, whoever asks first). */
  refreshToken(workspaceId: number, expiredToken: string): Promise<void>;
  log: Logger;
  /** Where people reach Hearth: the installer's notices link to its reinstall and failed-deliveries pages. */
  publicUrl: string;
  /**
   * The clock Slack's rate windows run on: the wall clock (the default), or the sandbox's, whose Slack keeps
   * time by it; waits are measured and held-back rows scheduled on that one clock.
   */
  rateClock?: Clock;
  /** Slack's rates replaced for some methods (the delivery bench scales them down with the sandbox's). */
  rates?: Record<string, SlackRate>;
}

/** A send that could not call Slack yet: how long until the window of its next call has room. */
class Paced {
  constructor(readonly waitMs: number) {}
}

/**
 * The only path for Slack writes. A row per intended message with a unique key; claimed once; sent with one
 * attempt per claim, paced by a token bucket per (workspace, method); a call that may have reached Slack but
 * whose answer was lost becomes "unknown" and is reconciled, never blindly sent again.
 */
export class Outbox {
  readonly repo: OutboxRepository;
  private readonly rateNow: () => number;
  /** Held-back rows are scheduled on the clock their wait was measured on, when it is the app's (the sandbox's). */
  private readonly deferClock: Clock;
  /** The rows added in each open transaction, for `kickAddedIn` once it commits. */
  private readonly addedIn = new WeakMap<object, number[]>();
  private readonly sentHandlers = new Map<string, SentHandler>();
  private readonly failedHandlers = new Map<string, FailedHandler>();
  private programFailedHandler: FailedHandler | undefined;

  constructor(private readonly deps: OutboxDeps) {
    this.repo = new OutboxRepository(deps.db);
    const rateClock = deps.rateClock;
    this.rateNow = rateClock ? () => rateClock.now().getTime() : Date.now;
    this.deferClock = rateClock ?? deps.clock;
  }

  /**
   * Runs `handler` after each row of this kind is sent (once per row, by the sender that recorded it), for
   * effects that depend on Slack's answer. A failing handler is logged; the row stays sent.
   */
  onSent(kind: string, handler: SentHandler): void {
    this.sentHandlers.set(kind, handler);
  }

  /**
   * Runs `handler` once when a row of this kind fails for good (not while it is still retrying) or is no longer
   * looked for with its outcome unknown, for telling the person who asked for it. A failing handler is logged.
   */
  onFailed(kind: string, handler: FailedHandler): void {
    this.failedHandlers.set(kind, handler);
  }

  /** Runs `handler` as `onFailed` does, for any row sent for a channel program (`programId`), whatever its kind. */
  onProgramFailed(handler: FailedHandler): void {
    this.programFailedHandler = handler;
  }

  private async sent(row: OutboxRow, result: Record<string, unknown>): Promise<void> {
    const handler = this.sentHandlers.get(row.kind);
    if (!handler) return;
    try {
      await handler(row, result);
    } catch (err) {
      this.deps.log.warn({ err, outboxId: row.id, kind: row.kind }, 'after-send handler failed');
    }
  }

  /**
   * Adds rows inside the caller's transaction; call `kick` with the ids after it commits. In a domain-events
   * transaction or delivery (an event subscriber's rows) that is done for the caller: `kickAddedIn`.
   */
  async add(trx: Parameters<OutboxRepository['add']>[0], rows: Array<Omit<NewOutboxRow, 'notBefore'> & { notBefore?: Date }>): Promise<number[]> {
    const now = this.deps.clock.now();
    const ids = await this.repo.add(trx, rows.map((r) => ({ ...r, notBefore: r.notBefore ?? now })), now);
    if (trx.isTransaction) this.addedIn.set(trx, [...(this.addedIn.get(trx) ?? []), ...ids]);
    return ids;
  }

  /** After `trx` committed: sends the rows added in it that are due now (rather than at the next tick). */
  kickAddedIn(trx: object): Promise<void> {
    const ids = this.addedIn.get(trx) ?? [];
    this.addedIn.delete(trx);
    return this.kick(ids);
  }

  /** Adds rows in a transaction of their own and enqueues the due ones. */
  async enqueue(rows: Array<Omit<NewOutboxRow, 'notBefore'> & { notBefore?: Date }>): Promise<number[]> {
    const ids = await this.repo.transaction((trx) => this.add(trx, rows));
    await this.kick(ids);
    return ids;
  }

  /** Enqueues send jobs for rows that are due now; later rows are picked up by the tick. */
  async kick(ids: number[]): Promise<void> {
    if (!ids.length) return;
    const now = this.deps.clock.now();
    for (const r of await this.repo.duePending(ids, now)) await this.deps.queue.enqueue(outboxSend, { outboxId: r.id }, { jobId: `outbox:${r.id}:${r.attempts}` });
  }

  /**
   * Adds one row and sends it in this request (views.open must answer within a trigger's 3 seconds: it is
   * never deferred, retried later or re-sent after an unknown outcome). Returns the row as it ended.
   */
  async deliverNow(row: Omit<NewOutboxRow, 'notBefore'>): Promise<OutboxRow> {
    const [id] = await this.repo.transaction((trx) => this.add(trx, [row]));
    await this.send(id!);
    return (await this.repo.byId(id!))!;
  }

  /** The send job. */
  async send(id: number): Promise<SendResult> {
    const { clock, log } = this.deps;
    const row = await this.repo.claim(id, clock.now(), LEASE_MS);
    if (!row) return 'skipped';
    await this.watchLease(row.id, row.attempts, LEASE_MS);
    const args = row.payload as Record<string, unknown>;

    // A modal is answered now or never: its trigger lasts 3 seconds.
    const modal = row.method === 'views.open';
    let client: WebClient;
    try {
      client = await this.deps.clientFor(row.workspace_id);
    } catch (err) {
      // Only a workspace whose tokens are gone is final; a refresh or database that failed is tried again.
      if (err instanceof NotInstalledError) return this.fail(row, 'not_installed');
      log.warn({ err, outboxId: row.id }, 'could not get the workspace client; will retry');
      return modal ? this.fail(row, 'no_client') : this.retryLater(row, 'no_client');
    }

    // Removed from a public channel, Hearth could still post there with chat:write.public (or join it again): it
    // does neither. The removal stands until someone invites Hearth back.
    if (REMOVAL_BOUND.has(row.method) && typeof args.channel === 'string' && (await this.repo.botRemoved(row.workspace_id, args.channel))) return this.fail(row, 'not_in_channel');

    // The method being called when an error came back (a DM opens its conversation, then posts).
    const step: Step = { method: row.method, progress: (row.result as Record<string, unknown> | null) ?? {} };
    const sendingFrom = clock.now().getTime();
    try {
      let result = await this.call(client, row, args, step);
      if (result instanceof Paced && modal && result.waitMs <= MODAL_WAIT_MS) {
        await sleep(result.waitMs);
        result = await this.call(client, row, args, step);
      }
      if (result instanceof Paced) return modal ? this.fail(row, 'ratelimited') : this.defer(row, withJitter(result.waitMs), row.last_error ?? undefined, true);
      if (await this.repo.settle(row.id, 'sending', { state: 'sent', result }, clock.now())) await this.sent(row, result);
      return 'sent';
    } catch (err) {
      const outcome = classifySlackError(err);
      const now = clock.now();
      const method = step.method;
      switch (outcome.kind) {
        case 'rate_limited':
          await this.deps.limiter.block(bucketFor(row.workspace_id, method, undefined).blockKey, this.rateNow() + outcome.retryAfterMs, this.rateNow());
          log.warn({ outboxId: row.id, method, retryAfterMs: outcome.retryAfterMs }, 'slack rate limited; deferring');
          if (modal) return this.fail(row, 'ratelimited');
          return this.defer(row, withJitter(outcome.retryAfterMs), 'ratelimited', true);
        case 'retry':
          if (modal) return this.fail(row, outcome.error);
          if (outcome.error === 'token_expired') {
            try {
              await this.deps.refreshToken(row.workspace_id, client.token ?? '');
            } catch (refreshErr) {
              if (refreshErr instanceof NotInstalledError) return this.fail(row, 'not_installed');
              log.warn({ err: refreshErr, outboxId: row.id }, 'token refresh failed; will retry');
            }
          }
          return this.retryLater(row, outcome.error);
        case 'failed':
          if (method === 'conversations.create' && outcome.error === 'name_taken') {
            // A create resent after an unknown outcome finds its own channel: record that one.
            const mine = await this.findCreatedChannel(client, row, String(args.name ?? ''));
            if (mine) {
              if (await this.repo.settle(row.id, 'sending', { state: 'sent', result: mine }, now)) await this.sent(row, mine);
              return 'sent';
            }
          }
          if (outcome.error === 'channel_not_found' && step.progress.kept_dm) {
            // The kept DM channel is gone: forget it, and open the DM again at once.
            const users = (args as { users: string[] }).users;
            await this.repo.forgetDmChannel(row.workspace_id, users[0]!, String(step.progress.channel));
            await this.repo.settle(row.id, 'sending', { state: 'pending', notBefore: now, result: {}, undoAttempt: true }, now);
            await this.kick([row.id]);
            return 'deferred';
          }
          if (ALREADY_DONE.has(outcome.error)) {
            // Slack's per-user errors (conversations.invite) say who that was true of.
            const errors = (err as { data?: { errors?: unknown } }).data?.errors;
            const result = { note: outcome.error, ...(Array.isArray(errors) ? { errors } : {}) };
            if (await this.repo.settle(row.id, 'sending', { state: 'sent', result }, now)) await this.sent(row, result);
            return 'sent';
          }
          log.warn({ outboxId: row.id, method, error: outcome.error }, 'slack refused the call');
          return this.fail(row, outcome.error);
        case 'unknown': {
          log.warn({ outboxId: row.id, method, error: outcome.error }, 'outcome unknown; will reconcile');
          // When the call went out: where reconciling looks for the message (Slack's ts follow this clock).
          const sentWindow = { sent_from: sendingFrom, sent_until: now.getTime() };
          const { reconcile_cursor: _stale, ...progress } = step.progress;
          if (modal) {
            await this.repo.settle(row.id, 'sending', { state: 'unknown', error: outcome.error, result: progress, stopLooking: true }, now);
            return 'unknown';
          }
          await this.repo.settle(row.id, 'sending', { state: 'unknown', error: outcome.error, result: { ...progress, ...sentWindow } }, now);
          await this.deps.queue.enqueue(outboxReconcile, { outboxId: row.id }, { jobId: `reconcile:${row.id}:${row.attempts}`, delayMs: 5_000 });
          return 'unknown';
        }
      }
    }
  }

  /**
   * Settles an unknown row by its policy: look for the message, send again, or stop looking. A row whose
   * outcome is still unknown is never failed: it is sent again only once Slack shows it is not there.
   */
  async reconcile(id: number): Promise<'sent' | 'pending' | 'stopped' | 'skipped' | 'still_unknown'> {
    let row = await this.repo.byId(id);
    const now = this.deps.clock.now();
    /** A dead sender's claim: from its last write to the end of its lease (the app's clock). */
    let leaseWindow: { sent_from: number; sent_until: number } | undefined;
    if (row?.state === 'sending') {
      // The lease watch: a sender that is still within its lease is left alone and looked at again when it ends.
      const leftMs = (row.lease_until?.getTime() ?? 0) - now.getTime();
      if (leftMs >= 0) {
        await this.watchLease(id, row.attempts, leftMs, row.lease_until!.getTime());
        return 'skipped';
      }
      leaseWindow = { sent_from: row.updated_at.getTime(), sent_until: row.lease_until!.getTime() };
      if (!(await this.repo.expireLease(id, now))) return 'skipped';
      this.deps.log.warn({ outboxId: id }, 'the sender stopped before recording the outcome; reconciling');
      row = await this.repo.byId(id);
    }
    if (!row || row.state !== 'unknown' || row.reconcile_stopped_at) return 'skipped';
    if (leaseWindow && !row.calling_at) {
      // The dead sender never handed the write to Slack: nothing can be there, so it goes again now.
      await this.repo.settle(id, 'unknown', { state: 'pending', error: row.last_error, notBefore: now }, now);
      await this.kick([id]);
      return 'pending';
    }
    const policy = RECONCILE_BY_METHOD[row.method] ?? DEFAULT_POLICY;
    if (policy === 'stop') {
      // A modal whose trigger has expired: nothing to re-open or to tell anyone about; the person can click again.
      await this.repo.settle(id, 'unknown', { state: 'unknown', error: row.last_error, stopLooking: true }, now);
      return 'stopped';
    }
    if (policy === 'resend') {
      await this.repo.settle(id, 'unknown', { state: 'pending', error: row.last_error, notBefore: now }, now);
      await this.kick([id]);
      return 'pending';
    }
    let lookup: Lookup;
    try {
      const client = await this.deps.clientFor(row.workspace_id);
      lookup = await this.findPosted(client, row, leaseWindow);
    } catch (err) {
      const outcome = classifySlackError(err);
      if (outcome.kind === 'rate_limited') {
        await this.deps.limiter.block(bucketFor(row.workspace_id, 'conversations.history', undefined).blockKey, this.rateNow() + outcome.retryAfterMs, this.rateNow());
        lookup = { kind: 'wait', waitMs: outcome.retryAfterMs };
      } else if (outcome.kind === 'failed') {
        // Slack refused the lookup (Hearth was removed from the channel, the channel is gone): it cannot tell.
        lookup = { kind: 'stop', why: `Slack refused the lookup: ${outcome.error}` };
      } else {
        this.deps.log.warn({ err, outboxId: id }, 'reconcile lookup failed; will try again');
        return 'still_unknown';
      }
    }
    switch (lookup.kind) {
      case 'found':
        if (await this.repo.settle(id, 'unknown', { state: 'sent', result: lookup.result }, now)) await this.sent(row, lookup.result);
        return 'sent';
      case 'absent':
        await this.repo.settle(id, 'unknown', { state: 'pending', error: row.last_error, notBefore: now }, now);
        await this.kick([id]);
        return 'pending';
      case 'wait':
        // conversations.history is Tier 1 for most apps: the lookup waits its turn rather than being refused.
        await this.deps.queue.enqueue(outboxReconcile, { outboxId: id }, { jobId: `reconcile:${id}:wait:${this.rateNow() + lookup.waitMs}`, delayMs: withJitter(lookup.waitMs) });
        return 'still_unknown';
      case 'more':
        // The page was full and ours was not on it: the next page in the next turn of the history window.
        if (row.reconcile_lookups + 1 >= MAX_RECONCILE_PAGES) return this.stopLooking(row, `not found in ${MAX_RECONCILE_PAGES} pages of history`);
        await this.repo.lookedUp(id, { ...((row.result as Record<string, unknown> | null) ?? {}), reconcile_cursor: lookup.cursor }, now);
        await this.deps.queue.enqueue(outboxReconcile, { outboxId: id }, { jobId: `reconcile:${id}:page:${row.reconcile_lookups + 1}` });
        return 'still_unknown';
      case 'stop':
        return this.stopLooking(row, lookup.why);
    }
  }

  /**
   * The message may exist and cannot be ruled out, so it is not sent again: the row stays unknown, with why,
   * and is no longer looked for (its history budget is the workspace's). Whoever is told of a failure is told
   * once that it is not confirmed, with what to check (an admin's Try again sends it again).
   */
  private async stopLooking(row: OutboxRow, why: string): Promise<'stopped'> {
    this.deps.log.warn({ outboxId: row.id, why }, 'outcome unknown and no longer looked for; not re-sent');
    const error = `outcome unknown (${row.last_error}); ${why}`;
    if (await this.repo.settle(row.id, 'unknown', { state: 'unknown', error, stopLooking: true }, this.deps.clock.now())) await this.tell(row, 'unknown', error);
    return 'stopped';
  }

  private async fail(row: OutboxRow, error: string): Promise<'failed'> {
    if (!(await this.repo.settle(row.id, 'sending', { state: 'failed', error }, this.deps.clock.now()))) return 'failed';
    if (errorCode(error) === 'missing_scope') await this.tellInstaller(row, error);
    await this.tell(row, 'failed', error);
    return 'failed';
  }

  /** Runs the row's failure handlers (its kind's, its program's) once it failed or is no longer looked for. */
  private async tell(row: OutboxRow, state: 'failed' | 'unknown', error: string): Promise<void> {
    const handlers = [this.failedHandlers.get(row.kind), row.program_id === null ? undefined : this.programFailedHandler].filter((h) => h !== undefined);
    if (!handlers.length) return;
    // Read as every page reads it (`deliveries`): with the channel's name where the write went to one.
    const [settled] = await this.repo.byKeys(row.workspace_id, [row.idempotency_key]);
    const status = deliveryStatus(state, error, { channelName: settled?.channel_name });
    for (const handler of handlers) {
      try {
        await handler(row, status);
      } catch (err) {
        this.deps.log.warn({ err, outboxId: row.id, kind: row.kind }, 'after-failure handler failed');
      }
    }
  }

  /**
   * Slack refused a write for a permission Hearth lacks: the workspace's installer is told once per missing scope,
   * not per message, with how to grant it (reinstalling). A reinstall that changes the granted scopes and still
   * lacks it tells them again. A failing notice is logged; the row stays failed.
   */
  private async tellInstaller(row: OutboxRow, error: string): Promise<void> {
    try {
      const installation = await this.repo.installation(row.workspace_id);
      if (!installation?.installerUserId) return;
      const needed = errorDetail(error);
      const granted = createHash('sha256').update([...installation.botScopes].sort().join(',')).digest('hex').slice(0, 12);
      const { publicUrl } = this.deps;
      const notice = missingScopeNotice(needed, { reinstall: `${publicUrl}/slack/reinstall`, failedDeliveries: `${publicUrl}/settings/deliveries` });
      await this.enqueue([
        { workspaceId: row.workspace_id, key: `missing-scope:${needed ?? ''}:${granted}`, kind: MISSING_SCOPE_NOTICE, method: 'dm.post', args: { users: [installation.installerUserId], ...notice } },
      ]);
    } catch (err) {
      this.deps.log.warn({ err, outboxId: row.id }, 'could not tell the installer about a missing permission');
    }
  }

  /**
   * A transient failure: tried again with backoff (durable: the row waits in Postgres, and the tick finds it if
   * the job is lost), for RETRY_CEILING_MS from the first failure of the streak, then failed with its error.
   */
  private async retryLater(row: OutboxRow, error: string): Promise<SendResult> {
    const now = this.deps.clock.now();
    const since = row.retrying_since ?? now;
    if (now.getTime() - since.getTime() >= RETRY_CEILING_MS) return this.fail(row, error);
    const backoff = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(Math.max(row.attempts - 1, 0), 20));
    return this.defer(row, withJitter(backoff), error, false, since);
  }

  /** The workspace's deliveries that failed or were not confirmed, newest first, a page of them, each with why in words. */
  async failed(auth: AuthContext, rawQuery: unknown): Promise<FailedDeliveriesPage> {
    const { workspaceId } = await requireAccess(auth, deliveriesPolicy, auth.workspace.id, 'read');
    const { page, per } = parse(failedQuery, rawQuery);
    const rows = await this.repo.failed(workspaceId, { limit: per + 1, offset: (page - 1) * per });
    const deliveries = rows.slice(0, per).map((r) => ({
      id: r.id,
      kind: r.kind,
      method: r.method,
      channel: r.channel_id ? { id: r.channel_id, name: r.channel_name } : null,
      updated_at: r.updated_at.toISOString(),
      ...deliveryStatus(r.state, r.last_error, { channelName: r.channel_name }),
    }));
    return { deliveries, page, per, next_page: rows.length > per ? page + 1 : null };
  }

  /** The real delivery state of the rows of these keys, by key (a key with no row is absent: nothing was written). */
  async deliveries(workspaceId: number, keys: string[]): Promise<Map<string, Delivery>> {
    const rows = await this.repo.byKeys(workspaceId, [...new Set(keys)]);
    return new Map(rows.map((r) => [r.idempotency_key, { id: r.id, ...deliveryStatus(r.state, r.last_error, { channelName: r.channel_name }) }]));
  }

  /**
   * Tries a failed or unconfirmed delivery again (an admin's Try again, once they saw it isn't there): 404 when the
   * workspace has no such row, 400 when trying again cannot work (a deactivated person, a deleted channel).
   */
  async retry(auth: AuthContext, id: number): Promise<void> {
    const { workspaceId } = await requireAccess(auth, deliveriesPolicy, auth.workspace.id, 'edit');
    const row = await this.repo.byId(id);
    if (!row || row.workspace_id !== workspaceId || !(row.state === 'failed' || (row.state === 'unknown' && row.reconcile_stopped_at))) throw new HttpError(404, 'Not found');
    const status = deliveryStatus(row.state, row.last_error);
    if (!status.canRetry) throw new HttpError(400, `Trying again can't work: ${status.reason}`, { id: 'cannot be tried again' });
    if (!(await this.repo.retryFailed(workspaceId, id, this.deps.clock.now()))) throw new HttpError(404, 'Not found');
    await this.kick([id]);
  }

  /** The tick: enqueue due rows, turn expired leases into unknown rows, and reconcile unknown rows. */
  async sweep(): Promise<{ enqueued: number; expired: number; openingAhead: Array<{ workspaceId: number; userId: string }> }> {
    const { due, expired } = await this.repo.sweep(this.deps.clock.now(), REQUEUE_AFTER_MS);
    for (const r of due) await this.deps.queue.enqueue(outboxSend, { outboxId: r.id }, { jobId: `outbox:${r.id}:${r.attempts}` });
    for (const id of await this.repo.unknownIds(RECONCILE_PER_WORKSPACE))
      await this.deps.queue.enqueue(outboxReconcile, { outboxId: id }, { jobId: `reconcile:${id}:sweep:${this.deps.clock.now().getTime()}` });
    const openingAhead = await this.openDmsAhead();
    return { enqueued: due.length, expired: expired.length, openingAhead };
  }

  /**
   * Opens the DM channels of scheduled one-person DMs ahead of their time (a journey's messages are known days
   * ahead), so that when they come due they only post: conversations.open's 50 a minute no longer caps them.
   */
  async openDmsAhead(): Promise<Array<{ workspaceId: number; userId: string }>> {
    const now = this.deps.clock.now().getTime();
    // Not the rows due within the requeue window: those are being handed to a send (the sweep pushed their
    // not_before there in case the job is lost) or soon will be, and the send opens its own DM; opening it here too
    // would race it and spend a second call of conversations.open's 50 a minute.
    const wanted = await this.repo.dmsToOpen(new Date(now + REQUEUE_AFTER_MS), new Date(now + OPEN_DMS_AHEAD_MS), 1000);
    for (const d of wanted) await this.deps.queue.enqueue(outboxOpenDm, d, { jobId: `open-dm:${d.workspaceId}:${d.userId}` });
    return wanted;
  }

  /**
   * The open-ahead job: opens a member's DM channel in its turn of conversations.open's window and keeps it. Only
   * a head start: an error is left for the send itself to meet and record with its reason.
   */
  async openDm(workspaceId: number, userId: string): Promise<'known' | 'opened' | 'waiting' | 'failed'> {
    if (await this.repo.dmChannel(workspaceId, userId)) return 'known';
    const { bucket, blockKey } = bucketFor(workspaceId, 'conversations.open', undefined, this.deps.rates);
    const later = (waitMs: number) =>
      this.deps.queue.enqueue(outboxOpenDm, { workspaceId, userId }, { jobId: `open-dm:${workspaceId}:${userId}:${this.rateNow() + waitMs}`, delayMs: withJitter(waitMs) });
    const waitMs = await this.deps.limiter.take(bucket, blockKey, this.rateNow(), `open-dm:${userId}`);
    if (waitMs > 0) {
      await later(waitMs);
      return 'waiting';
    }
    try {
      const client = await this.deps.clientFor(workspaceId);
      const opened = await client.conversations.open({ users: userId });
      if (!opened.channel?.id) return 'failed';
      await this.repo.keepDmChannel(workspaceId, userId, opened.channel.id, this.deps.clock.now());
      return 'opened';
    } catch (err) {
      const outcome = classifySlackError(err);
      if (outcome.kind === 'rate_limited') {
        await this.deps.limiter.block(blockKey, this.rateNow() + outcome.retryAfterMs, this.rateNow());
        await later(outcome.retryAfterMs);
        return 'waiting';
      }
      this.deps.log.info({ workspaceId, userId, error: outcome.kind === 'failed' ? outcome.error : String(err) }, 'could not open a DM ahead; the send will try');
      return 'failed';
    } finally {
      await this.deps.limiter.answered(bucket, this.rateNow());
    }
  }

  nextDue(): Promise<Date | null> {
    return this.repo.nextDue();
  }

  nextHeldBack(now: Date): Promise<Date | null> {
    return this.repo.nextHeldBack(now);
  }

  /** Looks at a claimed row again just after its lease ends: if its sender died, the row is reconciled then. */
  private async watchLease(id: number, attempts: number, inMs: number, leaseEndMs?: number): Promise<void> {
    const jobId = `lease:${id}:${attempts}${leaseEndMs === undefined ? '' : `:${leaseEndMs}`}`;
    await this.deps.queue.enqueue(outboxReconcile, { outboxId: id }, { jobId, delayMs: inMs + 1000 });
  }

  /**
   * Makes one Slack call in its turn: undefined (no call) while its window is full, else the call's answer,
   * recorded with the window when it came.
   */
  private async paced<T>(row: OutboxRow, method: string, channel: string | undefined, call: () => Promise<T>): Promise<{ answer: T } | Paced> {
    const { bucket, blockKey } = bucketFor(row.workspace_id, method, channel, this.deps.rates);
    const waitMs = await this.deps.limiter.take(bucket, blockKey, this.rateNow(), `outbox:${row.id}`);
    if (waitMs > 0) return new Paced(waitMs);
    try {
      return { answer: await call() };
    } finally {
      await this.deps.limiter.answered(bucket, this.rateNow());
    }
  }

  private async defer(row: OutboxRow, ms: number, error: string | undefined, undoAttempt: boolean, retryingSince?: Date): Promise<SendResult> {
    const notBefore = new Date(this.deferClock.now().getTime() + ms);
    // Pacing and rate limits keep a transient streak going; they do not start one.
    const since = retryingSince ?? row.retrying_since ?? undefined;
    await this.repo.settle(row.id, 'sending', { state: 'pending', error, notBefore, undoAttempt, ...(since ? { retryingSince: since } : {}) }, this.deps.clock.now());
    const attempts = undoAttempt ? row.attempts - 1 : row.attempts;
    // Named by when it runs on the rate clock (Slack's real time): a test clock that stands still must not give two
    // waits of the same row one name, or the queue would drop the second as a duplicate and the row would wait.
    await this.deps.queue.enqueue(outboxSend, { outboxId: row.id }, { jobId: `outbox:${row.id}:${attempts}:d${this.rateNow() + ms}`, delayMs: ms });
    return 'deferred';
  }

  /**
   * One Slack call per claim (a DM: open, then post), each taking its turn in Slack's window right before it
   * goes. Messages carry the outbox id in their metadata, for reconciling.
   */
  private async call(client: WebClient, row: OutboxRow, args: Record<string, unknown>, step: Step): Promise<Record<string, unknown> | Paced> {
    const metadata = { event_type: METADATA_EVENT_TYPE, event_payload: { outbox_id: row.id, key: row.idempotency_key } };
    const paced = <T>(method: string, channel: string | undefined, call: () => Promise<T>) => {
      step.method = method;
      return this.paced(row, method, channel, call);
    };
    if (row.method === 'dm.post' || row.method === 'dm.file') {
      const { users, ...message } = args as { users: string[] } & Record<string, unknown>;
      let channel = step.progress.channel as string | undefined;
      // A member's own DM is kept once opened: no conversations.open (Tier 3) for someone written to before.
      const member = users.length === 1 ? users[0]! : undefined;
      if (!channel && member) {
        channel = await this.repo.dmChannel(row.workspace_id, member);
        if (channel) step.progress = { channel, kept_dm: true };
      }
      if (!channel) {
        // Opening the same member set again returns the same conversation, so this step is safe to repeat.
        const opened = await paced('conversations.open', undefined, () => client.conversations.open({ users: users.join(',') }));
        if (opened instanceof Paced) return opened;
        channel = opened.answer.channel?.id;
        if (!channel) throw Object.assign(new Error('conversations.open returned no channel'), { code: 'slack_webapi_platform_error', data: { error: 'no_channel' } });
        step.progress = { channel };
        await this.repo.saveProgress(row.id, step.progress, this.deps.clock.now(), LEASE_MS);
        if (member) await this.repo.keepDmChannel(row.workspace_id, member, channel, this.deps.clock.now());
      }
      if (row.method === 'dm.file') {
        // A file (a report CSV) into the DM: files.uploadV2 (getUploadURLExternal, the bytes, completeUploadExternal).
        const { filename, content, title, initial_comment } = message as { filename: string; content: string; title?: string; initial_comment?: string };
        const dmChannel = channel;
        const uploaded = await paced('files.uploadV2', channel, () =>
          this.handOver(row, () => client.filesUploadV2({ channel_id: dmChannel, filename, content, title: title ?? filename, ...(initial_comment ? { initial_comment } : {}) })),
        );
        if (uploaded instanceof Paced) return uploaded;
        return { channel, file_id: uploaded.answer.files[0]?.files?.[0]?.id };
      }
      const posted = await paced('chat.postMessage', channel, () => this.handOver(row, () => client.apiCall('chat.postMessage', { ...message, channel, metadata })));
      if (posted instanceof Paced) return posted;
      const res = posted.answer as { channel?: string; ts?: string };
      return { channel: res.channel, ts: res.ts };
    }
    const withMeta = row.method === 'chat.postMessage' ? { ...args, metadata } : args;
    const done = await paced(row.method, typeof args.channel === 'string' ? args.channel : undefined, () => this.handOver(row, () => client.apiCall(row.method, withMeta)));
    if (done instanceof Paced) return done;
    const { ok: _ok, response_metadata: _rm, ...rest } = done.answer as unknown as Record<string, unknown>;
    return pickResult(rest);
  }

  /** Records that the row's write is being handed to Slack (see `reconcile`), then makes the call. */
  private async handOver<T>(row: OutboxRow, call: () => Promise<T>): Promise<T> {
    await this.repo.markCalling(row.id, this.deps.clock.now());
    return call();
  }

  /**
   * Looks for the write of an unknown row where Slack keeps it, one page per turn of the method's window
   * (conversations.history is Tier 1 with 15 messages a page for most apps since 2025): a message by the outbox
   * id in its metadata, a DM's file by its name, a scheduled message by its time and text. Only the seconds
   * around the send are asked for; a full page is followed by the next (its cursor kept on the row), so a busy
   * channel is read to the end rather than given up on. Hearth reads only channels it is in: it never joins one
   * to look (it may have been removed on purpose).
   */
  private async findPosted(client: WebClient, row: OutboxRow, leaseWindow?: { sent_from: number; sent_until: number }): Promise<Lookup> {
    const args = row.payload as { channel?: string; filename?: string; post_at?: number; text?: string };
    const progress = row.result as { channel?: string; sent_from?: number; sent_until?: number; reconcile_cursor?: string } | null;
    const channel = progress?.channel ?? args.channel;
    if (!channel) return { kind: 'absent' };
    if (row.method === 'chat.scheduleMessage') {
      const listed = await this.paced(row, 'chat.scheduledMessages.list', undefined, () =>
        client.chat.scheduledMessages.list({ channel, oldest: String((args.post_at ?? 0) - 1), latest: String((args.post_at ?? 0) + 1) }),
      );
      if (listed instanceof Paced) return { kind: 'wait', waitMs: listed.waitMs };
      const found = listed.answer.scheduled_messages?.find((m) => m.post_at === Number(args.post_at) && m.text === args.text);
      return found ? { kind: 'found', result: { channel, scheduled_message_id: found.id } } : { kind: 'absent' };
    }
    // The sender recorded when its call went out: look only there. A sender that died recorded nothing, and its
    // claim may have been timed by another process's clock: look from the row's creation on.
    const sent = progress?.sent_from !== undefined && progress.sent_until !== undefined ? { from: progress.sent_from, until: progress.sent_until } : undefined;
    const from = sent?.from ?? Math.min(leaseWindow?.sent_from ?? Infinity, row.created_at.getTime());
    const oldest = ((from - (sent ? RECONCILE_MARGIN_MS : 60_000)) / 1000).toFixed(6);
    const latest = sent ? ((sent.until + RECONCILE_MARGIN_MS) / 1000).toFixed(6) : undefined;
    const cursor = progress?.reconcile_cursor;
    const res = await this.paced(row, 'conversations.history', undefined, () =>
      client.conversations.history({ channel, oldest, ...(latest ? { latest } : {}), ...(cursor ? { cursor } : {}), inclusive: true, limit: HISTORY_PAGE, include_all_metadata: true }),
    );
    if (res instanceof Paced) return { kind: 'wait', waitMs: res.waitMs };
    for (const m of res.answer.messages ?? []) {
      if (row.method === 'dm.file') {
        const file = m.files?.find((f) => f.name === args.filename);
        if (file) return { kind: 'found', result: { channel, file_id: file.id } };
        continue;
      }
      const payload = m.metadata?.event_payload as { outbox_id?: number } | undefined;
      if (m.metadata?.event_type === METADATA_EVENT_TYPE && payload?.outbox_id === row.id) return { kind: 'found', result: { channel, ts: m.ts } };
    }
    const next = res.answer.response_metadata?.next_cursor;
    if (next) return { kind: 'more', cursor: next };
    return { kind: 'absent' };
  }

  /**
   * conversations.create answered name_taken: the channel of that name, if Hearth made it (a create whose answer
   * was lost, sent again). Someone else's channel of that name is a real conflict: undefined.
   */
  private async findCreatedChannel(client: WebClient, row: OutboxRow, name: string): Promise<Record<string, unknown> | undefined> {
    const me = (await client.auth.test()).user_id;
    let cursor: string | undefined;
    do {
      const page = await client.conversations.list({ types: 'public_channel,private_channel', exclude_archived: true, limit: 200, ...(cursor ? { cursor } : {}) });
      const found = page.channels?.find((c) => c.name === name);
      if (found) return found.creator === me && found.id ? { channel: found.id, note: 'name_taken' } : undefined;
      cursor = page.response_metadata?.next_cursor || undefined;
    } while (cursor);
    this.deps.log.warn({ outboxId: row.id, name }, 'name_taken, but no channel of that name is visible');
    return undefined;
  }
}

/** Where a send is: the method being called when an error came back, and what earlier steps learned. */
interface Step {
  method: string;
  progress: Record<string, unknown>;
}

type Lookup =
  | { kind: 'found'; result: Record<string, unknown> }
  | { kind: 'absent' }
  | { kind: 'wait'; waitMs: number }
  | { kind: 'more'; cursor: string }
  | { kind: 'stop'; why: string };

/** The most conversations.history gives a non-Marketplace app per page (since 2025-05-29). */
const HISTORY_PAGE = 15;
/** How far around the send a message is looked for: Slack's ts and this clock may disagree a little. */
const RECONCILE_MARGIN_MS = 5_000;

/**
 * A held-back row wakes a little after its place, at random, so that the rows sharing a place in a window do
 * not all wake at one instant; well within the window's margin (rate-limits.ts).
 */
function withJitter(waitMs: number): number {
  return Math.ceil(waitMs + Math.random() * Math.min(50, waitMs * 0.02));
}

/** Keeps what later steps need (channel, ts, view id), not the whole echoed message. */
function pickResult(res: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of ['channel', 'ts', 'message_ts', 'scheduled_message_id', 'errors']) if (res[k] !== undefined) out[k] = res[k];
  const view = res.view as { id?: string } | undefined;
  if (view?.id) out.view_id = view.id;
  const ch = res.channel as { id?: string } | undefined;
  if (ch && typeof ch === 'object' && ch.id) out.channel = ch.id;
  return out;
}
