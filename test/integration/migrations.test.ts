import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/db/index.js';
import { migrateDownAll, migrateToLatest } from '../../src/db/migrate.js';
import { migrations } from '../../migrations/index.js';
import { testDatabase } from '../support/db.js';

const tables = async (h: DbHandle) =>
  (await sql<{ t: string }>`select table_name as t from information_schema.tables where table_schema = 'public' and table_name not like 'kysely_%' order by 1`.execute(h.db)).rows.map((r) => r.t);

describe(`migrations (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await testDatabase({ migrate: false });
  });
  afterAll(() => h.close());

  it('go up, down and up again', async () => {
    await migrateToLatest(h.db);
    const up = await tables(h);
    expect(up).toEqual(expect.arrayContaining(['workspaces', 'installations', 'members', 'accounts', 'channels', 'processed_events', 'outbox']));
    await migrateDownAll(h.db);
    expect(await tables(h)).toEqual([]);
    await migrateToLatest(h.db);
    expect(await tables(h)).toEqual(up);
  });

  it('an up-to-date database starts as it is; one applied that this code does not know still stops the start', async () => {
    await migrateToLatest(h.db);
    const before = await tables(h);
    await migrateToLatest(h.db);
    expect(await tables(h)).toEqual(before);
    await sql`insert into kysely_migration (name, timestamp) values ('9999_from_a_newer_hearth', now()::text)`.execute(h.db);
    await expect(migrateToLatest(h.db)).rejects.toThrow(/9999_from_a_newer_hearth/);
    await sql`delete from kysely_migration where name = '9999_from_a_newer_hearth'`.execute(h.db);
    await migrateToLatest(h.db);
  });

  it('are named in order and never import app code', async () => {
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = new URL('../../migrations/', import.meta.url);
    for (const file of readdirSync(dir).filter((f) => /^\d{4}_.*\.ts$/.test(f)))
      expect(readFileSync(new URL(file, dir), 'utf8')).not.toMatch(/from '\.\.\/src/);
  });
});
