import { describe, expect, it } from 'vitest';
import { loadFilters, saveFilters, withoutIssue } from './reportingApi';

describe('filters kept per browser', () => {
  const storage = () => {
    const map = new Map<string, string>();
    return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k), map };
  };
  it('come back for the same team and are dropped when the team changes', () => {
    const s = storage();
    saveFilters('x', 'T1', { a: 2 }, s);
    expect(loadFilters('x', 'T1', { a: 1 }, s)).toEqual({ a: 2 });
    expect(loadFilters('x', 'T2', { a: 1 }, s)).toEqual({ a: 1 });
    // A saved value of the wrong type (an old version, a hand edit) is not trusted: the default stays.
    const stored = { getItem: () => JSON.stringify({ teamId: 'T1', filters: { showAllTags: 'yes', ids: ['x'], window: '30d' } }), removeItem: () => undefined };
    expect(loadFilters('y', 'T1', { showAllTags: false, ids: [1], window: '7d' }, stored)).toEqual({ showAllTags: false, ids: [1], window: '30d' });
    expect(s.map.size).toBe(0);
  });
});

describe('hiding an issue', () => {
  it('removes the issue, then an emptied session and user', () => {
    const page = {
      data: [
        { user: { id: 1, name: 'A', slack_user_id: null, avatar_url: null }, sessions: [{ session_id: 1, tag_id: 1, issues: [{ id: 5, issue_type: 'missing_role' as const, session_event_id: null, detail: '', fix: null, occurred_at: '' }] }] },
        { user: { id: 2, name: 'B', slack_user_id: null, avatar_url: null }, sessions: [{ session_id: 2, tag_id: 1, issues: [{ id: 6, issue_type: 'task_overdue' as const, session_event_id: null, detail: '', fix: null, occurred_at: '' }] }] },
      ],
      cursor: { page: 1, per_page: 10, total_count: 2, total_pages: 1, next_page: null, prev_page: null },
    };
    const next = withoutIssue(page, 5);
    expect(next.data.map((u) => u.user.id)).toEqual([2]);
    expect(next.cursor.total_count).toBe(1);
  });
});
