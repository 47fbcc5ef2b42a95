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

/**
 * Real time plus an offset that only grows: the sandbox's clock. It keeps flowing like a wall clock, and
 * "advance to" moves it ahead (never back, so message timestamps and schedules stay ordered).
 */
export class OffsetClock implements Clock {
  #offsetMs = 0;

  constructor(private readonly wall: () => number = Date.now) {}

  now(): Date {
    return new Date(this.wall() + this.#offsetMs);
  }

  set(d: Date): void {
    const target = validMs(d);
    this.#offsetMs = Math.max(this.#offsetMs, target - this.wall());
  }
}

/** A clock the sandbox (and tests) can move. */
export type SettableClock = Clock & { set(d: Date): void };
