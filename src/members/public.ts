import type { Db, Executor } from '../db/index.js';
import { MemberSettingsRepository } from './repository.js';
import { minutes } from './settings.js';

/** What other capabilities may read of members' own settings (Journeys times a late start's catch-up by working hours). */
export class MembersPublic {
  private readonly repo: MemberSettingsRepository;

  constructor(db: Db) {
    this.repo = new MemberSettingsRepository(db);
  }

  /** A member's working hours as minutes of their local day ([start, end)), or null when they set none. */
  async workingWindow(workspaceId: number, memberId: number, ex?: Executor): Promise<{ start: number; end: number } | null> {
    const hours = await this.repo.workHours(workspaceId, memberId, ex);
    if (!hours) return null;
    return { start: minutes(hours.beginning_time), end: minutes(hours.end_time) };
  }
}
