import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../src/db/index.js';
import { pgliteDataDir, testDatabase } from '../support/db.js';

const setting = async (h: DbHandle, name: 'synchronous_commit' | 'shared_buffers' | 'wal_segment_size') =>
  (await sql<{ value: string }>`select current_setting(${name}) as value`.execute(h.db)).rows[0]!.value;

/** The embedded database's Postgres settings (src/db/index.ts): a kept database's commits are durable; a new one's WAL segments are small. */
describe.skipIf(Boolean(process.env.DATABASE_URL))('embedded PGlite settings', () => {
  it('a data directory commits durably; an in-memory database and a test file’s copy, which end with the process, do not wait on the WAL', async () => {
    // The database `npm install` made, when there is one (as a first start copies it); else PGlite creates one.
    const dir = pgliteDataDir();
    const kept = await openDatabase({ pgliteDir: dir.path });
    const memory = await openDatabase({});
    const testCopy = await testDatabase();
    try {
      expect(await setting(kept, 'synchronous_commit')).toBe('on');
      expect(await setting(memory, 'synchronous_commit')).toBe('off');
      expect(await setting(testCopy, 'synchronous_commit')).toBe('off');
      expect([await setting(kept, 'shared_buffers'), await setting(memory, 'shared_buffers')]).toEqual(['16MB', '16MB']);
      // A new database (this in-memory one, and the one `npm install` made) writes its WAL in 1 MB segments.
      expect(await setting(memory, 'wal_segment_size')).toBe('1MB');
    } finally {
      await kept.close();
      await memory.close();
      await testCopy.close();
      dir.remove();
    }
  });
});
