/**
 * Cursor pagination as Slack does it: an opaque base64 cursor naming where the next page starts
 * (Slack's look like base64("user:U061F7AUR")). Keying on the next item rather than an offset keeps pages
 * stable when items are added or removed between calls.
 */

export const MAX_PAGE_SIZE = 1000;

export function encodeCursor(kind: string, key: string): string {
  return Buffer.from(`${kind}:${key}`, 'utf8').toString('base64');
}

/** The key inside a cursor of this kind, or null when the cursor is malformed or of another kind. */
export function decodeCursor(kind: string, cursor: string): string | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(cursor)) return null;
  const text = Buffer.from(cursor, 'base64').toString('utf8');
  const prefix = `${kind}:`;
  return text.startsWith(prefix) && text.length > prefix.length ? text.slice(prefix.length) : null;
}

export interface PageRequest {
  cursor?: string;
  /** 0 or absent means "as many as allowed". */
  limit?: number;
  defaultLimit: number;
}

export type PageResult<T> = { ok: true; items: T[]; nextCursor: string } | { ok: false; error: 'invalid_cursor' };

/**
 * One page of `items`, which must already be in the order pages walk (ascending by `keyOf` for 'asc',
 * descending for 'desc'). An empty nextCursor means the end, as Slack signals it.
 */
export function paginate<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  kind: string,
  request: PageRequest,
  order: 'asc' | 'desc' = 'asc',
  compare: (a: string, b: string) => number = compareStrings,
): PageResult<T> {
  let start = 0;
  if (request.cursor) {
    const key = decodeCursor(kind, request.cursor);
    if (key === null) return { ok: false, error: 'invalid_cursor' };
    // The first item at or past the key, so a deleted start item does not lose the rest of the list.
    const index = items.findIndex((item) => {
      const c = compare(keyOf(item), key);
      return order === 'asc' ? c >= 0 : c <= 0;
    });
    start = index === -1 ? items.length : index;
  }
  const size = pageSize(request);
  const page = items.slice(start, start + size);
  const next = items[start + size];
  return { ok: true, items: page, nextCursor: next === undefined ? '' : encodeCursor(kind, keyOf(next)) };
}

export function pageSize(request: Pick<PageRequest, 'limit' | 'defaultLimit'>): number {
  const limit = request.limit !== undefined && Number.isFinite(request.limit) && request.limit > 0 ? request.limit : request.defaultLimit;
  return Math.max(1, Math.min(Math.floor(limit), MAX_PAGE_SIZE));
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
