// The only source of "now". Code that needs the current time takes a Clock so tests and the sandbox
// can pin or move it.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = {
  now: () => new Date(),
};

export class ControllableClock implements Clock {
  #ms: number;

  constructor(start: Date) {
    this.#ms = validMs(start);
  }

  // A fresh Date each time, so a caller mutating the result cannot move the clock.
  now(): Date {
    return new Date(this.#ms);
  }

  set(d: Date): void {
    this.#ms = validMs(d);
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms)) throw new RangeError(`advance: not a finite number of ms: ${ms}`);
    this.#ms += ms;
  }
}

function validMs(d: Date): number {
  const ms = d.getTime();
  if (Number.isNaN(ms)) throw new RangeError('ControllableClock: invalid Date');
  return ms;
}

/** Where an OffsetClock keeps its offset so that several processes (a web and a worker) share one time. */
export interface OffsetStore {
  /** The offset last written by any process; 0 when none was. */
  read(): number;
  write(offsetMs: number): void;
}

/**
 * Real time plus an offset that only grows: the sandbox's clock. It keeps flowing like a wall clock, and
 * "advance to" moves it ahead (never back, so message timestamps and schedules stay ordered). With a store,
 * it follows every other clock on that store.
 */
export class OffsetClock implements Clock {
  #offsetMs = 0;

  constructor(
    private readonly wall: () => number = Date.now,
    private readonly store?: OffsetStore,
  ) {}

  now(): Date {
    return new Date(this.wall() + this.offset());
  }

  set(d: Date): void {
    const target = validMs(d);
    this.#offsetMs = Math.max(this.offset(), target - this.wall());
    this.store?.write(this.#offsetMs);
  }

  private offset(): number {
    if (this.store) this.#offsetMs = Math.max(this.#offsetMs, this.store.read());
    return this.#offsetMs;
  }
}

/**
 * Never behind `clock`, and flowing with real time while `clock` stands still: the sandbox's time for Slack's
 * rate windows, so a wait of a second is a second of sandbox time even when a test holds the sandbox clock.
 * For a clock that already flows (OffsetClock) it is that clock's time.
 */
export function flowingClock(clock: Clock, wall: () => number = Date.now): Clock {
  let aheadMs = -Infinity;
  return {
    now() {
      const wallMs = wall();
      aheadMs = Math.max(aheadMs, clock.now().getTime() - wallMs);
      return new Date(wallMs + aheadMs);
    },
  };
}

/** A clock the sandbox (and tests) can move. */
export type SettableClock = Clock & { set(d: Date): void };
