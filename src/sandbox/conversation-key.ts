/**
 * conversations.open identity: the same set of people always gets the same IM or MPIM, whatever order
 * the users are listed in. Slack counts the people other than the caller, at most 8.
 */

export const MAX_OPEN_USERS = 8;

/**
 * Users as Slack takes them: one comma-separated string of ids. An array (which WebClient would send as JSON
 * text) is not a list to Slack: its pieces are not user ids and are refused as such.
 */
export function parseUserList(raw: unknown): string[] {
  if (typeof raw !== 'string') return raw === undefined || raw === null ? [] : [String(raw)];
  return raw
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
}

export type OpenUsersCheck =
  | { ok: true; others: string[]; kind: 'im' | 'mpim' }
  | { ok: false; error: 'users_list_not_supplied' | 'too_many_users' | 'not_enough_users' };

/** The distinct people besides the caller, and whether they make an IM or an MPIM. */
export function checkOpenUsers(users: readonly string[], callerId: string): OpenUsersCheck {
  if (users.length === 0) return { ok: false, error: 'users_list_not_supplied' };
  const others = [...new Set(users)].filter((u) => u !== callerId);
  if (others.length > MAX_OPEN_USERS) return { ok: false, error: 'too_many_users' };
  // Only the caller named: Slack opens the caller's self-DM for users, but a bot cannot DM itself.
  if (others.length === 0) return { ok: false, error: 'not_enough_users' };
  return { ok: true, others, kind: others.length === 1 ? 'im' : 'mpim' };
}

/** Order-independent key for a member set within a workspace. */
export function conversationKey(teamId: string, memberIds: readonly string[]): string {
  return `${teamId}:${[...new Set(memberIds)].sort().join(',')}`;
}
