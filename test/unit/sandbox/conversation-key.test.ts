import { describe, expect, it } from 'vitest';
import { checkOpenUsers, conversationKey, parseUserList } from '../../../src/sandbox/conversation-key.js';

describe('conversations.open identity', () => {
  it('gives the same key whatever the order or repetition of members', () => {
    expect(conversationKey('T1', ['U3', 'U1', 'U2'])).toBe(conversationKey('T1', ['U2', 'U3', 'U1', 'U1']));
    expect(conversationKey('T1', ['U1', 'U2'])).not.toBe(conversationKey('T1', ['U1', 'U2', 'U3']));
    expect(conversationKey('T1', ['U1', 'U2'])).not.toBe(conversationKey('T2', ['U1', 'U2']));
  });

  it('reads users as Slack takes them, a comma list; a JSON array is not read as a list', () => {
    expect(parseUserList('U1, U2,U3')).toEqual(['U1', 'U2', 'U3']);
    expect(parseUserList('["U1","U2"]')).toEqual(['["U1"', '"U2"]']);
    expect(parseUserList(undefined)).toEqual([]);
  });

  it('counts the people other than the caller, at most 8', () => {
    const eight = Array.from({ length: 8 }, (_, i) => `U${i}`);
    expect(checkOpenUsers(eight, 'UBOT')).toMatchObject({ ok: true, kind: 'mpim' });
    expect(checkOpenUsers([...eight, 'UBOT'], 'UBOT')).toMatchObject({ ok: true, others: eight });
    expect(checkOpenUsers([...eight, 'U9'], 'UBOT')).toEqual({ ok: false, error: 'too_many_users' });
    expect(checkOpenUsers(['U1'], 'UBOT')).toEqual({ ok: true, others: ['U1'], kind: 'im' });
    expect(checkOpenUsers(['U1', 'U1'], 'UBOT')).toMatchObject({ ok: true, kind: 'im' });
    expect(checkOpenUsers([], 'UBOT')).toEqual({ ok: false, error: 'users_list_not_supplied' });
    expect(checkOpenUsers(['UBOT'], 'UBOT')).toEqual({ ok: false, error: 'not_enough_users' });
  });
});
