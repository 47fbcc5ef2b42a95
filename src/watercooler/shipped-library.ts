import type { Clock } from '../time/clock.js';
import type { PacksRepository } from './packs.repository.js';

/** The packs Hearth ships, written to the database once per process (upserts, so concurrent processes agree). */
export class ShippedLibrary {
  private synced?: Promise<void>;

  constructor(
    private readonly packs: PacksRepository,
    private readonly clock: Clock,
  ) {}

  /** Resolves once the library is written; a failure is retried by the next caller. */
  ensure(): Promise<void> {
    this.synced ??= this.packs.syncLibrary(this.clock.now()).catch((err: unknown) => {
      this.synced = undefined;
      throw err;
    });
    return this.synced;
  }
}
