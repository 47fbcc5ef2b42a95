import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { z } from 'zod';
import { defineJob } from '../../../jobs/definition.js';
import type { JobQueue } from '../../../jobs/queue.js';
import type { Db, Trx } from '../../db/index.js';
import type { Clock } from '../../time/clock.js';
import type { Emit, PendingEvent, Subscriber } from './define.js';
import { DomainEventsRepository, type Subscription } from './repository.js';

/** Deliver a workspace's new events to one subscriber. */
export const deliverEvents = defineJob('events.deliver', z.object({ subscriber: z.string().min(1), workspaceId: z.number().int().positive() }));

const PAGE = 200;

/** The event types a subscriber handles. */
export const typesOf = (s: Pick<Subscriber, 'events'>): string[] => s.events.map((t) => t.type);

/**
 * Domain events: record changes in the transaction that makes them, and hand them to the subscribers the
 * capabilities declare. Right after a commit each subscriber's delivery is enqueued; the scheduler tick is the
 * safety net (a crash between commit and enqueue, a Redis that lost its jobs), so delivery is never lost.
 */
export class DomainEvents {
  private readonly repo: DomainEventsRepository;
  private subscribers: Subscriber[] = [];
  private committed: (trx: Trx) => Promise<void> = async () => {};

  constructor(
    db: Db,
    private readonly queue: JobQueue,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {
    this.repo = new DomainEventsRepository(db);
  }

  /**
   * Work to do once a transaction of this service (`transaction`, or a delivery to a subscriber) has committed,
   * given that transaction: the outbox sends the rows added in it, so a subscriber's message is not left for
   * the next tick.
   */
  onCommitted(hook: (trx: Trx) => Promise<void>): void {
    this.committed = hook;
  }

  /** The subscribers, from the capabilities' declarations (start-up refuses a name used twice). */
  setSubscribers(subscribers: Subscriber[]): void {
    const names = new Set<string>();
    for (const s of subscribers) {
      if (names.has(s.name)) throw new Error(`event subscriber "${s.name}" is declared twice`);
      names.add(s.name);
    }
    this.subscribers = subscribers;
  }

  /**
   * Runs `fn` in a transaction; the events it emits are appended at its end (so the stream's lock is held
   * only for the commit) and delivered once it has committed.
   */
  async transaction<T>(fn: (trx: Trx, emit: Emit) => Promise<T>): Promise<T> {
    const pending: PendingEvent[] = [];
    let committed: Trx | undefined;
    const result = await this.repo.transaction(async (trx) => {
      const out = await fn(trx, (...events) => pending.push(...events));
      if (pending.length) await this.repo.append(trx, pending, this.clock.now());
      committed = trx;
      return out;
    });
    await this.afterCommit(committed!, pending);
    return result;
  }

  /**
   * A committed transaction's follow-up: the outbox's rows added in it and its events go to the queue. The change
   * is saved whatever happens here, so a queue that cannot take them (Redis down) is logged, not thrown at the
   * caller as a failure: the tick's sweeps (the outbox's and `collectBehind`) send them once it is back.
   */
  private async afterCommit(trx: Trx, pending: PendingEvent[]): Promise<void> {
    try {
      await this.committed(trx);
      if (pending.length) await this.published(pending);
    } catch (err) {
      this.log.error({ err }, 'committed, but the queue refused the follow-up work: the tick sends it once the queue is back');
    }
  }

  /** For a caller that runs its own transaction: append there (last), then call `published` after commit. */
  append(trx: Trx, events: PendingEvent[]): Promise<void> {
    return events.length ? this.repo.append(trx, events, this.clock.now()) : Promise.resolve();
  }

  /** After commit: enqueue delivery to every subscriber of these events' types. */
  async published(events: PendingEvent[]): Promise<void> {
    const byWorkspace = new Map<number, Set<string>>();
    for (const e of events) byWorkspace.set(e.workspaceId, (byWorkspace.get(e.workspaceId) ?? new Set()).add(e.type));
    for (const [workspaceId, types] of byWorkspace)
      for (const s of this.subscribers)
        if (s.events.some((t) => types.has(t.type))) await this.enqueueDelivery(s.name, workspaceId);
  }

  /**
   * Hands a workspace's new events to one subscriber, a page at a time: lock the cursor, run the handler on
   * each event of its types in the same transaction, move the cursor, commit. Concurrent deliveries of the same
   * pair wait on the cursor's lock, so none sees an event twice.
   */
  async deliver(subscriberName: string, workspaceId: number): Promise<void> {
    const subscriber = this.subscribers.find((s) => s.name === subscriberName);
    if (!subscriber) return;
    const types = typesOf(subscriber);
    for (;;) {
      let committed: Trx | undefined;
      const more = await this.repo.transaction(async (trx) => {
        committed = trx;
        const now = this.clock.now();
        const from = await this.repo.lockCursor(trx, subscriber.name, workspaceId, async () => (subscriber.from === 'now' ? this.repo.lastSeq(trx, workspaceId) : 0), now);
        const events = await this.repo.after(trx, workspaceId, types, from, PAGE);
        for (const e of events) await subscriber.handle(e, trx);
        if (events.length) await this.repo.moveCursor(trx, subscriber.name, workspaceId, events[events.length - 1]!.seq, now);
        return events.length === PAGE;
      });
      await this.afterCommit(committed!, []);
      if (!more) return;
    }
  }

  /** The tick's safety net: enqueue delivery wherever a subscriber is behind. Returns how many. */
  async collectBehind(): Promise<number> {
    const behind = await this.repo.behind(this.subscriptions());
    for (const b of behind) await this.enqueueDelivery(b.subscriber, b.workspaceId, `:tick:${this.clock.now().getTime()}`);
    return behind.length;
  }

  /** Due now when any subscriber is behind (one query for them all: the sandbox clock asks at every tick). */
  async nextDue(): Promise<Date | null> {
    return (await this.repo.anyBehind(this.subscriptions())) ? this.clock.now() : null;
  }

  private subscriptions(): Subscription[] {
    return this.subscribers.map((s) => ({ subscriber: s.name, types: typesOf(s), fromBeginning: s.from !== 'now' }));
  }

  private enqueueDelivery(subscriber: string, workspaceId: number, suffix = ''): Promise<void> {
    // Not deduplicated across commits: a delivery already running may have read before this commit.
    return this.queue.enqueue(deliverEvents, { subscriber, workspaceId }, { jobId: `events:${subscriber}:${workspaceId}:${this.clock.now().getTime()}:${randomUUID()}${suffix}` });
  }
}
