import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_foundation.js';
import * as m0002 from './0002_channel_programs.js';

/** Every migration, in order. Names are frozen once shipped. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_channel_programs': m0002,
};
