import type { WebClient } from '@slack/web-api';
import type { Logger } from 'pino';
import type { JobQueue } from '../../jobs/queue.js';
import { outboxReconcile, outboxSend } from './jobs.js';
import type { Db } from '../db/index.js';
import type { OutboxRow } from '../db/types.js';
import type { Clock } from '../time/clock.js';
import { classifySlackError } from './classify.js';
import { bucketFor, type RateLimiter, type SlackRate } from './rate-limits.js';
import { OutboxRepository, type NewOutboxRow } from './repository.js';

/** How an unknown outcome is settled, per method (the kind can override). */
export type ReconcilePolicy = 'lookup' | 'resend' | 'give_up';
const RECONCILE_BY_METHOD: Record<string, ReconcilePolicy> = {
  'chat.postMessage': 'lookup',
  'dm.post': 'lookup',
  'chat.postEphemeral': 'give_up',
  'chat.scheduleMessage': 'give_up',
  // An upload carries no metadata to look it up by; sending it again could share the file twice.
  'dm.file': 'give_up',
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
const MAX_ATTEMPTS = 6;
/** Slack errors that mean "already done": the intended effect exists. */
const ALREADY_DONE = new Set(['already_reacted', 'already_in_channel']);

export type SendResult = 'sent' | 'failed' | 'unknown' | 'deferred' | 'skipped';

/** Told when a row of its kind was sent, with what Slack answered (e.g. who an invite really added). */
export type SentHandler = (row: OutboxRow, result: Record<string, unknown>) => Promise<void>;

export interface OutboxDeps {
  db: Db;
  queue: Pick<JobQueue, 'enqueue'>;
  clock: Clock;
  limiter: RateLimiter;
  clientFor(workspaceId: number): Promise<WebClient>;
  log: Logger;
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
  private readonly sentHandlers = new Map<string, SentHandler>();

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

  private async sent(row: OutboxRow, result: Record<string, unknown>): Promise<void> {
    const handler = this.sentHandlers.get(row.kind);
    if (!handler) return;
    try {
      await handler(row, result);
    } catch (err) {
      this.deps.log.warn({ err, outboxId: row.id, kind: row.kind }, 'after-send handler failed');
    }
  }

  /** Adds rows inside the caller's transaction; call `kick` with the ids after it commits. */
  add(trx: Parameters<OutboxRepository['add']>[0], rows: Array<Omit<NewOutboxRow, 'notBefore'> & { notBefore?: Date }>): Promise<number[]> {
    const now = this.deps.clock.now();
    return this.repo.add(trx, rows.map((r) => ({ ...r, notBefore: r.notBefore ?? now })), now);
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
   * Adds one row and sends it in this request (views.open must answer within a trigger's 3 seconds).
   * Returns the row as it ended.
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

    let client: WebClient;
    try {
      client = await this.deps.clientFor(row.workspace_id);
    } catch (err) {
      await this.repo.settle(row.id, 'sending', { state: 'failed', error: `not_installed: ${(err as Error).message}` }, clock.now());
      return 'failed';
    }

    // The method being called when an error came back (a DM opens its conversation, then posts).
    const step = { method: row.method };
    const sendingFrom = clock.now().getTime();
    try {
      const result = await this.call(client, row, args, step);
      if (result instanceof Paced) return this.defer(row, withJitter(result.waitMs), undefined, true);
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
          return this.defer(row, withJitter(outcome.retryAfterMs), 'ratelimited', true);
        case 'retry':
          if (row.attempts >= MAX_ATTEMPTS) {
            await this.repo.settle(row.id, 'sending', { state: 'failed', error: outcome.error }, now);
            return 'failed';
          }
          return this.defer(row, 1000 * 2 ** row.attempts, outcome.error, false);
        case 'failed':
          if (ALREADY_DONE.has(outcome.error)) {
            // Slack's per-user errors (conversations.invite) say who that was true of.
            const errors = (err as { data?: { errors?: unknown } }).data?.errors;
            const result = { note: outcome.error, ...(Array.isArray(errors) ? { errors } : {}) };
            if (await this.repo.settle(row.id, 'sending', { state: 'sent', result }, now)) await this.sent(row, result);
            return 'sent';
          }
          log.warn({ outboxId: row.id, method, error: outcome.error }, 'slack refused the call');
          await this.repo.settle(row.id, 'sending', { state: 'failed', error: outcome.error }, now);
          return 'failed';
        case 'unknown': {
          log.warn({ outboxId: row.id, method, error: outcome.error }, 'outcome unknown; will reconcile');
          // When the call went out: where reconciling looks for the message (Slack's ts follow this clock).
          const sentWindow = { sent_from: sendingFrom, sent_until: now.getTime() };
          const progress = (row.result as Record<string, unknown> | null) ?? {};
          await this.repo.settle(row.id, 'sending', { state: 'unknown', error: outcome.error, result: { ...progress, ...sentWindow } }, now);
          await this.deps.queue.enqueue(outboxReconcile, { outboxId: row.id }, { jobId: `reconcile:${row.id}:${row.attempts}`, delayMs: 5_000 });
          return 'unknown';
        }
      }
    }
  }

  /** Settles an unknown row by its policy: look for the message, send again, or give up. */
  async reconcile(id: number): Promise<'sent' | 'pending' | 'failed' | 'skipped' | 'still_unknown'> {
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
    if (!row || row.state !== 'unknown') return 'skipped';
    if (leaseWindow && !row.calling_at) {
      // The dead sender never handed the write to Slack: nothing can be there, so it goes again now.
      await this.repo.settle(id, 'unknown', { state: 'pending', error: row.last_error, notBefore: now }, now);
      await this.kick([id]);
      return 'pending';
    }
    const policy = RECONCILE_BY_METHOD[row.method] ?? DEFAULT_POLICY;
    if (policy === 'give_up') {
      await this.repo.settle(id, 'unknown', { state: 'failed', error: `outcome unknown (${row.last_error}); not re-sent` }, now);
      return 'failed';
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
        lookup = { kind: 'incomplete', why: outcome.error };
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
      case 'incomplete':
        // The message may exist and cannot be ruled out: sending it again could post it twice.
        this.deps.log.warn({ outboxId: id, why: lookup.why }, 'reconcile lookup could not finish; not re-sent');
        await this.repo.settle(id, 'unknown', { state: 'failed', error: `outcome unknown (${row.last_error}); lookup could not finish (${lookup.why}), not re-sent` }, now);
        return 'failed';
    }
  }

  /** The tick: enqueue due rows, turn expired leases into unknown rows, and reconcile unknown rows. */
  async sweep(): Promise<{ enqueued: number; expired: number }> {
    const { due, expired } = await this.repo.sweep(this.deps.clock.now(), REQUEUE_AFTER_MS);
    for (const r of due) await this.deps.queue.enqueue(outboxSend, { outboxId: r.id }, { jobId: `outbox:${r.id}:${r.attempts}` });
    for (const id of await this.repo.unknownIds())
      await this.deps.queue.enqueue(outboxReconcile, { outboxId: id }, { jobId: `reconcile:${id}:sweep:${this.deps.clock.now().getTime()}` });
    return { enqueued: due.length, expired: expired.length };
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

  private async defer(row: OutboxRow, ms: number, error: string | undefined, undoAttempt: boolean): Promise<SendResult> {
    const notBefore = new Date(this.deferClock.now().getTime() + ms);
    await this.repo.settle(row.id, 'sending', { state: 'pending', error, notBefore, undoAttempt }, this.deps.clock.now());
    const attempts = undoAttempt ? row.attempts - 1 : row.attempts;
    await this.deps.queue.enqueue(outboxSend, { outboxId: row.id }, { jobId: `outbox:${row.id}:${attempts}:d${notBefore.getTime()}`, delayMs: ms });
    return 'deferred';
  }

  /**
   * One Slack call per claim (a DM: open, then post), each taking its turn in Slack's window right before it
   * goes. Messages carry the outbox id in their metadata, for reconciling.
   */
  private async call(client: WebClient, row: OutboxRow, args: Record<string, unknown>, step: { method: string }): Promise<Record<string, unknown> | Paced> {
    const metadata = { event_type: METADATA_EVENT_TYPE, event_payload: { outbox_id: row.id, key: row.idempotency_key } };
    const paced = <T>(method: string, channel: string | undefined, call: () => Promise<T>) => {
      step.method = method;
      return this.paced(row, method, channel, call);
    };
    if (row.method === 'dm.post' || row.method === 'dm.file') {
      const { users, ...message } = args as { users: string[] } & Record<string, unknown>;
      let channel = (row.result as { channel?: string } | null)?.channel;
      if (!channel) {
        // Opening the same member set again returns the same conversation, so this step is safe to repeat.
        const opened = await paced('conversations.open', undefined, () => client.conversations.open({ users: users.join(',') }));
        if (opened instanceof Paced) return opened;
        channel = opened.answer.channel?.id;
        if (!channel) throw Object.assign(new Error('conversations.open returned no channel'), { code: 'slack_webapi_platform_error', data: { error: 'no_channel' } });
        await this.repo.saveProgress(row.id, { channel }, this.deps.clock.now(), LEASE_MS);
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
   * Looks for a message of an unknown row in its channel, within Slack's limits for conversations.history
   * (Tier 1 and 15 messages a page for most apps since 2025): one call, paced in its window, asking only for
   * the seconds around the send, with the outbox id in the message metadata telling ours apart. A page that
   * is full (has_more) could hide the message: the lookup cannot finish, and the row is not sent again.
   */
  private async findPosted(client: WebClient, row: OutboxRow, leaseWindow?: { sent_from: number; sent_until: number }): Promise<Lookup> {
    const args = row.payload as { channel?: string };
    const progress = row.result as { channel?: string; sent_from?: number; sent_until?: number } | null;
    const channel = progress?.channel ?? args.channel;
    if (!channel) return { kind: 'absent' };
    // The sender recorded when its call went out: look only there. A sender that died recorded nothing, and its
    // claim may have been timed by another process's clock: look from the row's creation on (a full page then
    // means "cannot tell", never a resend).
    const sent = progress?.sent_from !== undefined && progress.sent_until !== undefined ? { from: progress.sent_from, until: progress.sent_until } : undefined;
    const from = sent?.from ?? Math.min(leaseWindow?.sent_from ?? Infinity, row.created_at.getTime());
    const oldest = ((from - (sent ? RECONCILE_MARGIN_MS : 60_000)) / 1000).toFixed(6);
    const latest = sent ? ((sent.until + RECONCILE_MARGIN_MS) / 1000).toFixed(6) : undefined;
    const history = () =>
      this.paced(row, 'conversations.history', undefined, () =>
        client.conversations.history({ channel, oldest, ...(latest ? { latest } : {}), inclusive: true, limit: HISTORY_PAGE, include_all_metadata: true }),
      );
    let res: Awaited<ReturnType<typeof history>>;
    try {
      res = await history();
    } catch (err) {
      // Hearth may post to a public channel it is not in (chat:write.public) but reads history only as a
      // member: it joins (a public channel; a private one it cannot) and looks again in the next turn.
      if ((err as { data?: { error?: string } }).data?.error !== 'not_in_channel') throw err;
      const joined = await this.paced(row, 'conversations.join', channel, () => client.conversations.join({ channel }));
      if (joined instanceof Paced) return { kind: 'wait', waitMs: joined.waitMs };
      res = await history();
    }
    if (res instanceof Paced) return { kind: 'wait', waitMs: res.waitMs };
    for (const m of res.answer.messages ?? []) {
      const payload = m.metadata?.event_payload as { outbox_id?: number } | undefined;
      if (m.metadata?.event_type === METADATA_EVENT_TYPE && payload?.outbox_id === row.id) return { kind: 'found', result: { channel, ts: m.ts } };
    }
    if (res.answer.has_more || res.answer.response_metadata?.next_cursor) return { kind: 'incomplete', why: `more than ${HISTORY_PAGE} messages around the send` };
    return { kind: 'absent' };
  }
}

type Lookup = { kind: 'found'; result: Record<string, unknown> } | { kind: 'absent' } | { kind: 'wait'; waitMs: number } | { kind: 'incomplete'; why: string };

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
