import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, paginate } from '../../../src/sandbox/pagination.js';

const ids = ['U01', 'U02', 'U03', 'U04', 'U05', 'U06', 'U07'];
const key = (s: string) => s;

function walk(items: string[], limit: number): string[][] {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = paginate(items, key, 'user', { cursor, limit, defaultLimit: 100 });
    if (!page.ok) throw new Error(page.error);
    pages.push(page.items);
    cursor = page.nextCursor || undefined;
  } while (cursor);
  return pages;
}

describe('cursor pagination', () => {
  it('walks every item exactly once in pages of the limit', () => {
    const pages = walk(ids, 3);
    expect(pages).toEqual([
      ['U01', 'U02', 'U03'],
      ['U04', 'U05', 'U06'],
      ['U07'],
    ]);
  });

  it('ends with an empty next_cursor and uses the default limit when none is given', () => {
    const page = paginate(ids, key, 'user', { defaultLimit: 100 });
    expect(page).toEqual({ ok: true, items: ids, nextCursor: '' });
    const zero = paginate(ids, key, 'user', { limit: 0, defaultLimit: 2 });
    expect(zero.ok && zero.items).toEqual(['U01', 'U02']);
  });

  it('rejects cursors that are malformed or of another kind', () => {
    expect(paginate(ids, key, 'user', { cursor: 'not a cursor!', defaultLimit: 2 })).toEqual({ ok: false, error: 'invalid_cursor' });
    expect(paginate(ids, key, 'user', { cursor: encodeCursor('channel', 'C1'), defaultLimit: 2 })).toEqual({ ok: false, error: 'invalid_cursor' });
  });

  it('resumes at the next key even if the item it names was removed', () => {
    const first = paginate(ids, key, 'user', { limit: 3, defaultLimit: 100 });
    if (!first.ok) throw new Error('page');
    expect(decodeCursor('user', first.nextCursor)).toBe('U04');
    const without = ids.filter((id) => id !== 'U04');
    const second = paginate(without, key, 'user', { cursor: first.nextCursor, limit: 3, defaultLimit: 100 });
    expect(second.ok && second.items).toEqual(['U05', 'U06', 'U07']);
  });

  it('pages a descending list (conversations.history)', () => {
    const ts = ['1700000005.000000', '1700000004.000000', '1700000003.000000'];
    const first = paginate(ts, key, 'next_ts', { limit: 2, defaultLimit: 100 }, 'desc');
    if (!first.ok) throw new Error('page');
    expect(first.items).toEqual(ts.slice(0, 2));
    const second = paginate(ts, key, 'next_ts', { cursor: first.nextCursor, limit: 2, defaultLimit: 100 }, 'desc');
    expect(second).toEqual({ ok: true, items: [ts[2]], nextCursor: '' });
  });
});
