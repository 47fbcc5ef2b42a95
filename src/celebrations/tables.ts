import type { ColumnType, Generated, Selectable } from 'kysely';
import type { ImportRowError, ImportState, ImportSummary, ScheduleType, WeekendPolicy } from './api-types.js';

export type { ImportRowError, ImportState, ImportSummary, ScheduleType, WeekendPolicy };

/** Celebrations tables (migrations/0005_celebrations.ts). Business times are written from the Clock. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T = unknown> = ColumnType<T, string | undefined, string>;

export type RunState = 'claimed' | 'posted' | 'empty' | 'skipped';

export interface CelebrationProgramsTable {
  program_id: number;
  workspace_id: number;
  birthdays_enabled: Generated<boolean>;
  anniversaries_enabled: Generated<boolean>;
  custom_enabled: Generated<boolean>;
  post_minute: Generated<number>;
  weekend_policy: Generated<WeekendPolicy>;
  birthday_template: string;
  anniversary_template: string;
  /** Local date (YYYY-MM-DD) of the next daily run: the intent. */
  next_run_on: string | null;
  /** Its instant, from next_run_on + post_minute + the program's zone. */
  next_run_at: NullableTimestamp;
  roster_synced_at: NullableTimestamp;
  /** The shipped image each kind of post carries (src/celebrations/images.ts), null for none (0021). */
  birthday_image: ColumnType<string | null, string | null | undefined, string | null>;
  anniversary_image: ColumnType<string | null, string | null | undefined, string | null>;
  custom_image: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CelebrationSchedulesTable {
  id: Generated<number>;
  workspace_id: number;
  schedule_type: ScheduleType;
  member_id: number | null;
  title: string | null;
  message: string | null;
  month: number;
  day: number;
  /** Birthday: private, never shown. Anniversary: the start year. Custom: optional first year. */
  year: number | null;
  source: Generated<'self' | 'admin' | 'import'>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CelebrationScheduleProgramsTable {
  schedule_id: number;
  program_id: number;
  included: boolean;
  updated_at: Timestamp;
}

export interface CelebrationRunsTable {
  id: Generated<number>;
  program_id: number;
  run_on: string;
  state: Generated<RunState>;
  send_now: Generated<boolean>;
  outbox_id: number | null;
  note: string | null;
  claimed_at: Timestamp;
  finished_at: NullableTimestamp;
}

export interface CelebrationPostsTable {
  program_id: number;
  celebration_key: string;
  run_id: number;
  schedule_id: number | null;
  occurs_on: string;
  created_at: Timestamp;
}

export interface AssetImportsTable {
  id: Generated<number>;
  workspace_id: number;
  program_type: string;
  program_id: number;
  kind: Generated<string>;
  state: Generated<ImportState>;
  file_name: string;
  file_size: number;
  content: string;
  errors: Json<ImportRowError[]>;
  summary: Json<Partial<ImportSummary> & { error?: string }>;
  created_by_member_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CelebrationTables {
  celebration_programs: CelebrationProgramsTable;
  celebration_schedules: CelebrationSchedulesTable;
  celebration_schedule_programs: CelebrationScheduleProgramsTable;
  celebration_runs: CelebrationRunsTable;
  celebration_posts: CelebrationPostsTable;
  asset_imports: AssetImportsTable;
}

export type CelebrationConfig = Selectable<CelebrationProgramsTable>;
export type CelebrationSchedule = Selectable<CelebrationSchedulesTable>;
export type CelebrationRun = Selectable<CelebrationRunsTable>;
export type AssetImport = Selectable<AssetImportsTable>;

// Its tables join the one Database type by declaration merging: src/db/types.ts imports no capability.
declare module '../db/types.js' {
  interface Database extends CelebrationTables {}
}
