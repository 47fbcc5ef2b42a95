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
