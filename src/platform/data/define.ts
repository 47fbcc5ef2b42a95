/**
 * Open data: the contract by which each capability declares its tables for a workspace's export and import
 * (docs/data-format.md). A capability adds `dataExport: { tables: [...] }` to its parts; the platform exports
 * and imports every declared table generically (src/platform/data/service.ts): rows of the workspace, ids
 * remapped on import, all or nothing.
 */

/** A column holding ids of another exported table (its `table` name), remapped on import. */
export interface DataRef {
  table: string;
  /** An integer array of ids rather than one id. */
  array?: boolean;
  /** Keep an id that is not among the exported rows (rows shared by every workspace, such as library packs). */
  keepUnknown?: boolean;
  /**
   * The ids sit inside the column's JSON value, at this path: names joined by dots, `[]` for every element of an
   * array, `{}` for every value of an object, `{key}` for an object's keys (`[].member_id`: each element's
   * member_id; `pairs[].members[]`; `{}.user_id`; `{key}`: the keys themselves are ids). Ids may be numbers or
   * numeric strings and keep their type.
   */
  json?: string;
  /**
   * The id sits inside a text key (an idempotency key such as `shoutout:41`): the regular expression's first
   * group. Text that does not match is kept as it is.
   */
  pattern?: string;
}

export interface ExportedTable {
  /** The table's name, in the database, in the JSON document and as the CSV file name. */
  table: string;
  /** One sentence for docs/data-format.md and the export's manifest. */
  description: string;
  /**
   * How a row belongs to a workspace: its `workspace_id` column (the default), or through a parent row that has
   * one: `{ column: 'meeting_id', parent: 'intros_meetings' }` (the parent's `id`).
   */
  via?: { column: string; parent: string };
  /** The table has an `id` identity column: new ids are made on import and references to them remapped. */
  hasId?: boolean;
  /** Columns holding ids of other tables (string shorthand: the table's name; a list for a JSON column holding several). */
  refs?: Readonly<Record<string, string | DataRef | readonly DataRef[] | undefined>>;
  /** Match the target workspace's existing rows on these columns instead of inserting (members by Slack id). */
  matchOn?: readonly string[];
  /** Columns never exported (secrets, outbox ids, caches); the database's defaults fill them on import. */
  omit?: readonly string[];
  /**
   * "Delete my data" (docs/privacy.md): a row whose foreign key names the member is deleted with them (a
   * `set null` key is emptied). `keep` keeps this table's rows instead, because they are other people's history
   * too (a shoutout given or received, a group met in): they go on naming the anonymised member row.
   */
  onMemberErased?: 'keep';
  /** Columns holding a member's Slack user id rather than their id: "delete my data" replaces it with the anonymous id. */
  slackUserColumns?: readonly string[];
}

/** A capability's share of the workspace export. Tables are imported in the order listed. */
export interface DataExportPart {
  tables: readonly ExportedTable[];
}

export const refOf = (r: string | DataRef): DataRef => (typeof r === 'string' ? { table: r } : r);

/** A table's reference columns (its `via` column first), as [column, ref] pairs. */
export function refsOf(t: ExportedTable): Array<[string, DataRef]> {
  const out: Array<[string, DataRef]> = t.via ? [[t.via.column, { table: t.via.parent }]] : [];
  for (const [col, r] of Object.entries(t.refs ?? {})) {
    if (r === undefined) continue;
    for (const one of Array.isArray(r) ? (r as readonly DataRef[]) : [r as string | DataRef]) out.push([col, refOf(one)]);
  }
  return out;
}

/** How the manifest names a reference: the column, and the path inside it for a JSON reference. */
export const refName = (column: string, ref: DataRef): string =>
  ref.json ? `${column}${/^[[{]/.test(ref.json) ? '' : '.'}${ref.json}` : ref.pattern ? `${column}~${ref.pattern}` : column;

/** Rewrites the id inside a text key (see DataRef.pattern) with `remap`; text that does not match is kept. */
export function remapText(value: unknown, pattern: string, remap: (id: number) => number): unknown {
  if (typeof value !== 'string') return value;
  const m = new RegExp(pattern, 'd').exec(value);
  const at = m?.indices?.[1];
  if (!m?.[1] || !at) return value;
  return `${value.slice(0, at[0])}${remap(Number(m[1]))}${value.slice(at[1])}`;
}

/**
 * Rewrites the ids at `path` inside a JSON value (see DataRef.json) with `remap`; a value without that path is
 * left as it is. Returns a new value.
 */
export function remapJson(value: unknown, path: string, remap: (id: number) => number): unknown {
  type Step = { name: string } | { each: 'element' | 'value' | 'key' };
  const steps: Step[] = path.split('.').flatMap((part) => {
    const [, name = '', each] = /^([^[{]*)(\[\]|\{\}|\{key\})?$/.exec(part) ?? [];
    const iterate: Step[] = each === '[]' ? [{ each: 'element' }] : each === '{}' ? [{ each: 'value' }] : each === '{key}' ? [{ each: 'key' }] : [];
    return [...(name ? [{ name }] : []), ...iterate];
  });
  const one = (v: unknown): unknown => (typeof v === 'number' ? remap(v) : typeof v === 'string' && /^\d+$/.test(v) ? String(remap(Number(v))) : v);
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const walk = (v: unknown, i: number): unknown => {
    if (v === null || v === undefined) return v;
    const step = steps[i];
    if (!step) return one(v);
    if ('name' in step) return isObject(v) && step.name in v ? { ...v, [step.name]: walk(v[step.name], i + 1) } : v;
    if (step.each === 'element') return Array.isArray(v) ? v.map((x) => walk(x, i + 1)) : v;
    if (!isObject(v)) return v;
    if (step.each === 'value') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, i + 1)]));
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [/^\d+$/.test(k) ? String(remap(Number(k))) : k, x]));
  };
  return walk(value, 0);
}
