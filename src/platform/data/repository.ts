import { sql } from 'kysely';
import type { Db, Trx } from '../../db/index.js';

export interface ColumnInfo {
  name: string;
  /** information_schema data_type: integer, bigint, text, boolean, jsonb, ARRAY, date, timestamp with time zone … */
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}

export type Row = Record<string, unknown>;

/**
 * The generic SQL of the export and import: every table a capability declares is read and written here, by
 * name, with values bound as parameters. Table and column names come from the declarations and the database's
 * own catalogue, never from input.
 */
export class DataRepository {
  private readonly columnCache = new Map<string, ColumnInfo[]>();

  constructor(private readonly db: Db) {}

  async columns(table: string): Promise<ColumnInfo[]> {
    const cached = this.columnCache.get(table);
    if (cached) return cached;
    const { rows } = await sql<{ column_name: string; data_type: string; is_nullable: string; column_default: string | null; is_identity: string }>`
      select column_name, data_type, is_nullable, column_default, is_identity
      from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(this.db);
    const cols = rows.map((r) => ({ name: r.column_name, type: r.data_type, nullable: r.is_nullable === 'YES', hasDefault: r.column_default !== null || r.is_identity === 'YES' }));
    if (!cols.length) throw new Error(`open data: no table ${table}`);
    this.columnCache.set(table, cols);
    return cols;
  }

  /** The workspace's rows of a table, oldest id (or key) first; dates as YYYY-MM-DD, times as ISO strings. */
  async rows(workspaceId: number, table: string, columns: ColumnInfo[], via?: { column: string; parent: string }): Promise<Row[]> {
    const select = sql.join(
      columns.map((c) =>
        c.type === 'date'
          ? sql`to_char(t.${sql.ref(c.name)}, 'YYYY-MM-DD') as ${sql.ref(c.name)}`
          : c.type.startsWith('timestamp')
            ? sql`to_char(t.${sql.ref(c.name)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${sql.ref(c.name)}`
            : sql`t.${sql.ref(c.name)}`,
      ),
    );
    const order = sql.join(columns.slice(0, 3).map((c) => sql`t.${sql.ref(c.name)}`));
    const query = via
      ? sql<Row>`select ${select} from ${sql.table(table)} t join ${sql.table(via.parent)} p on p.id = t.${sql.ref(via.column)} where p.workspace_id = ${workspaceId} order by ${order}`
      : sql<Row>`select ${select} from ${sql.table(table)} t where t.workspace_id = ${workspaceId} order by ${order}`;
    return (await query.execute(this.db)).rows;
  }

  /** Inserts one row; returns its new id when the table has one. */
  async insert(trx: Trx, table: string, row: Row, columns: ColumnInfo[], returnId: boolean): Promise<number | null> {
    const names = Object.keys(row);
    const values = names.map((n) => {
      const col = columns.find((c) => c.name === n)!;
      const v = row[n];
      if (v === null || v === undefined) return sql`null`;
      if (col.type === 'jsonb' || col.type === 'json') return sql`cast(${JSON.stringify(v)} as jsonb)`;
      if (col.type === 'ARRAY') return sql`cast(${JSON.stringify(v).replace(/^\[/, '{').replace(/\]$/, '}')} as integer[])`;
      return sql`${v}`;
    });
    const query = sql<{ id: number }>`insert into ${sql.table(table)} (${sql.join(names.map((n) => sql.ref(n)))}) values (${sql.join(values)})${returnId ? sql` returning id` : sql``}`;
    const res = await query.execute(trx);
    return returnId ? Number(res.rows[0]!.id) : null;
  }

  /** Sets one column of a row just imported (a reference to a row of the same table inserted after it). */
  async setColumn(trx: Trx, table: string, id: number, column: string, value: number): Promise<void> {
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${value} where id = ${id}`.execute(trx);
  }

  /** The ids of the workspace's rows of a table (through its parent when it has no workspace_id). */
  async ids(trx: Trx, workspaceId: number, table: string, via?: { column: string; parent: string }): Promise<number[]> {
    const query = via
      ? sql<{ id: number }>`select t.id from ${sql.table(table)} t join ${sql.table(via.parent)} p on p.id = t.${sql.ref(via.column)} where p.workspace_id = ${workspaceId}`
      : sql<{ id: number }>`select id from ${sql.table(table)} where workspace_id = ${workspaceId}`;
    return (await query.execute(trx)).rows.map((r) => Number(r.id));
  }

  /** The id of the workspace's row matching these values (members by slack_user_id …), if any. */
  async match(trx: Trx, workspaceId: number, table: string, on: Record<string, unknown>, idColumn: string): Promise<unknown> {
    const where = sql.join(
      Object.entries(on).map(([k, v]) => sql`${sql.ref(k)} = ${v}`),
      sql` and `,
    );
    const { rows } = await sql<Row>`select ${sql.ref(idColumn)} as id from ${sql.table(table)} where workspace_id = ${workspaceId} and ${where} limit 1`.execute(trx);
    return rows[0]?.id;
  }

  /**
   * Every column of the schema that is a foreign key to members(id), from the catalogue: its table, whether the
   * key deletes the row with the member (`cascade`) or empties the column (`set null`), and whether the table has a
   * workspace_id to scope by.
   */
  async memberReferences(): Promise<Array<{ table: string; column: string; cascade: boolean; scoped: boolean }>> {
    const { rows } = await sql<{ table: string; column: string; action: string; scoped: boolean }>`
      select t.relname as table, a.attname as column, c.confdeltype::text as action,
        exists (select 1 from pg_attribute w where w.attrelid = c.conrelid and w.attname = 'workspace_id' and not w.attisdropped) as scoped
      from pg_constraint c
      join pg_class t on t.oid = c.conrelid
      join pg_class m on m.oid = c.confrelid
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.contype = 'f' and m.relname = 'members' and m.relnamespace = (select oid from pg_namespace where nspname = current_schema())
      order by t.relname, a.attname`.execute(this.db);
    return rows.map((r) => ({ table: r.table, column: r.column, cascade: r.action !== 'n', scoped: r.scoped }));
  }

  /** The member's rows of one table (through its parent when it has no workspace_id): deleted, or the column emptied. */
  async forgetMemberRows(trx: Trx, workspaceId: number, ref: { table: string; column: string; cascade: boolean; scoped: boolean }, memberId: number): Promise<void> {
    const where = ref.scoped ? sql`${sql.ref(ref.column)} = ${memberId} and workspace_id = ${workspaceId}` : sql`${sql.ref(ref.column)} = ${memberId}`;
    await (ref.cascade ? sql`delete from ${sql.table(ref.table)} where ${where}` : sql`update ${sql.table(ref.table)} set ${sql.ref(ref.column)} = null where ${where}`).execute(trx);
  }

  /** Replaces a Slack user id in one column of the workspace's rows of a table (through its parent when it has no workspace_id). */
  async replaceSlackUser(trx: Trx, workspaceId: number, table: string, column: string, via: { column: string; parent: string } | undefined, from: string, to: string): Promise<void> {
    const scope = via
      ? sql`${sql.ref(via.column)} in (select id from ${sql.table(via.parent)} where workspace_id = ${workspaceId})`
      : sql`workspace_id = ${workspaceId}`;
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${to} where ${sql.ref(column)} = ${from} and ${scope}`.execute(trx);
  }

  /** The member row of this workspace, locked for the erasure. */
  async lockMember(trx: Trx, workspaceId: number, memberId: number): Promise<{ slack_user_id: string } | undefined> {
    return trx.selectFrom('members').select('slack_user_id').where('workspace_id', '=', workspaceId).where('id', '=', memberId).forUpdate().executeTakeFirst();
  }

  /**
   * The member row is kept (other people's groups and shoutouts name its id) but says nothing about the person any
   * more: no name, email, zone, title or picture, an anonymous Slack id, and marked deleted so Hearth never pairs,
   * celebrates or enrolls it.
   */
  async anonymiseMember(trx: Trx, workspaceId: number, memberId: number, slackUserId: string, at: Date): Promise<void> {
    await trx
      .updateTable('members')
      .set({ slack_user_id: slackUserId, name: '', real_name: '', display_name: '', email: null, tz: null, title: null, avatar_url: null, deleted: true, is_admin: false, is_owner: false, updated_at: at })
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', memberId)
      .execute();
  }
}

/** What a Donut import needs to resolve and write (docs/donut-import.md). */
export class DonutRepository {
  constructor(private readonly db: Db) {}

  /** The workspace's people by lower-cased email and by Slack id. */
  async people(workspaceId: number): Promise<Array<{ id: number; slack_user_id: string; email: string | null }>> {
    return this.db.selectFrom('members').select(['id', 'slack_user_id', 'email']).where('workspace_id', '=', workspaceId).execute();
  }
}
