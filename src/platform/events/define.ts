import { z } from 'zod';
import type { Trx } from '../../db/index.js';

/** One recorded change, as subscribers see it. */
export interface DomainEvent<P = unknown> {
  id: number;
  workspaceId: number;
  /** Position in the workspace's stream: subscribers see a workspace's events in this order. */
  seq: number;
  type: string;
  payload: P;
  occurredAt: Date;
}

/** A kind of domain event: its name (`intro.met`) and the zod schema of its payload. */
export interface EventType<P> {
  readonly type: string;
  readonly schema: z.ZodType<P>;
  parse(payload: unknown): P;
  /** Narrows an event read from the stream to this type. */
  is(event: DomainEvent): event is DomainEvent<P>;
}

export function defineEvent<S extends z.ZodType>(type: string, schema: S): EventType<z.infer<S>> {
  return {
    type,
    schema: schema as z.ZodType<z.infer<S>>,
    parse(payload) {
      const result = schema.safeParse(payload);
      if (!result.success) throw new Error(`event "${type}" payload is invalid: ${z.prettifyError(result.error)}`);
      return result.data as z.infer<S>;
    },
    is: (event): event is DomainEvent<z.infer<S>> => event.type === type,
  };
}

/** An event to record: made by `event(type, workspaceId, payload)`, appended by DomainEvents. */
export interface PendingEvent {
  workspaceId: number;
  type: string;
  payload: unknown;
}

/** Records events in the transaction they are handed to (DomainEvents.transaction's second argument). */
export type Emit = (...events: PendingEvent[]) => void;

export function event<P>(type: EventType<P>, workspaceId: number, payload: P): PendingEvent {
  return { workspaceId, type: type.type, payload: type.parse(payload) };
}

/**
 * A subscriber of domain events, declared by a capability. It sees each event of the types it names exactly
 * once, in order per workspace; `handle` runs in the transaction that moves its cursor, so what it writes to
 * the database and the cursor commit together (a killed worker redoes neither twice nor never). Side effects
 * outside the database go through the outbox with an idempotency key.
 */
export interface Subscriber {
  /** Stable: the cursor is kept under this name. Renaming it replays every event. */
  name: string;
  events: Array<EventType<never> | EventType<unknown>>;
  /** `beginning` (default): a new subscriber backfills from the first retained event; `now`: only new ones. */
  from?: 'beginning' | 'now';
  handle(event: DomainEvent, trx: Trx): Promise<void>;
}
