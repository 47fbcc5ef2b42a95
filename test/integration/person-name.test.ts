import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/db/index.js';
import { personName } from '../../src/people/name.js';
import { personNameSql } from '../../src/people/repository.js';
import { testDatabase } from '../support/db.js';

/**
 * Lists are sorted and named in SQL (personNameSql) and in code (personName): the two must name every member the
 * same way, or a list's order would disagree with the names it shows.
 */
describe(`personNameSql names people as personName does (${process.env.DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await testDatabase();
  });
  afterAll(() => h?.close());

  it('full name, else display name, else handle, under the table name and under an alias', async () => {
    const now = new Date('2026-04-01T09:00:00Z');
    const ws = (await h.db.insertInto('workspaces').values({ team_id: 'T0NAMES', enterprise_id: null, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    const people = [
      { name: 'aisha', real_name: 'Aisha Khan', display_name: 'aish' },
      { name: 'jonas', real_name: '', display_name: 'Jonas B' },
      { name: 'lena', real_name: '', display_name: '' },
      { name: 'omar', real_name: 'Omar Haddad', display_name: '' },
    ];
    await h.db.insertInto('members').values(people.map((p, i) => ({ ...p, workspace_id: ws, slack_user_id: `U0NAME${i}`, created_at: now, updated_at: now }))).execute();
    const byTable = await h.db.selectFrom('members').select(['slack_user_id', personNameSql().as('shown')]).where('workspace_id', '=', ws).orderBy('slack_user_id').execute();
    const byAlias = await h.db.selectFrom('members as m').select(['m.slack_user_id', personNameSql('m').as('shown')]).where('m.workspace_id', '=', ws).orderBy('m.slack_user_id').execute();
    const expected = people.map((p) => personName(p));
    expect(expected).toEqual(['Aisha Khan', 'Jonas B', 'lena', 'Omar Haddad']);
    expect(byTable.map((r) => r.shown)).toEqual(expected);
    expect(byAlias.map((r) => r.shown)).toEqual(expected);
  });
});
