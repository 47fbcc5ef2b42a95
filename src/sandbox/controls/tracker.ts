import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';

/**
 * Knows when the app has finished with a request the sandbox sent. Bolt answers Slack as soon as a listener
 * acks (events are acked before any listener runs), so the HTTP answer says nothing about the work after it.
 * A global middleware marks each request started and done, keyed by what the sandbox put in it: the
 * event_id of an event, the trigger_id of a command or interaction.
 */
export class RequestTracker {
  private readonly started = new Set<string>();
  private readonly finished = new Set<string>();
  private readonly waiters = new Map<string, Array<() => void>>();
  private readonly order: string[] = [];

  /** The Bolt global middleware (registered by the sandbox plugin). */
  middleware(): Middleware<AnyMiddlewareArgs> {
    return async ({ body, next }) => {
      const key = requestKey(body);
      if (key) this.remember(this.started, key);
      try {
        await next();
      } finally {
        if (key) this.finish(key);
      }
    };
  }

  hasStarted(key: string): boolean {
    return this.started.has(key) || this.finished.has(key);
  }

  /** Resolves true once the request's listeners have finished, false after `timeoutMs`. */
  wait(key: string, timeoutMs: number): Promise<boolean> {
    if (this.finished.has(key)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        const list = this.waiters.get(key)?.filter((w) => w !== done);
        if (list?.length) this.waiters.set(key, list);
        else this.waiters.delete(key);
        resolve(false);
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiters.set(key, [...(this.waiters.get(key) ?? []), done]);
    });
  }

  private finish(key: string): void {
    this.started.delete(key);
    this.remember(this.finished, key);
    for (const waiter of this.waiters.get(key) ?? []) waiter();
    this.waiters.delete(key);
  }

  /** Keeps the newest keys only: a demo runs for days. */
  private remember(set: Set<string>, key: string): void {
    set.add(key);
    this.order.push(key);
    if (this.order.length > 2000) {
      for (const old of this.order.splice(0, 1000)) {
        this.started.delete(old);
        this.finished.delete(old);
      }
    }
  }
}

/** event_id for Events API callbacks; trigger_id for slash commands and interactions; view_closed has neither. */
export function requestKey(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as { event_id?: unknown; trigger_id?: unknown; type?: unknown; view?: { id?: unknown } };
  if (typeof b.event_id === 'string') return b.event_id;
  if (typeof b.trigger_id === 'string') return b.trigger_id;
  if (b.type === 'view_closed' && typeof b.view?.id === 'string') return `view_closed:${b.view.id}`;
  return undefined;
}
