import type { Executor } from '../db/index.js';
import type { CelebrationsDeps } from './deps.js';
import { MemberDates } from './member-dates.js';
import { CelebrationRepository } from './repository.js';
import { ScheduleRepository } from './schedules.repository.js';
import type { MemberDate } from './submission.js';

export type { MemberDate } from './submission.js';

/** What another capability may do with people's celebration dates (the HR system's sync writes them). */
export interface CelebrationDates {
  /** Saves a member's birthday or start date (anniversary) as imported, in the caller's transaction. */
  saveImported(ex: Executor, workspaceId: number, memberId: number, type: 'birthday' | 'anniversary', date: MemberDate, now: Date): Promise<void>;
}

/** Celebrations' public service for people's dates, built from the platform services it needs. */
export function celebrationDates(services: Pick<CelebrationsDeps, 'db' | 'clock' | 'log' | 'queue' | 'outbox' | 'workspaces' | 'people'>): CelebrationDates {
  const dates = new MemberDates(services, new ScheduleRepository(services.db), new CelebrationRepository(services.db));
  return { saveImported: (ex, workspaceId, memberId, type, date, now) => dates.save(ex, workspaceId, memberId, type, date, 'import', now) };
}
