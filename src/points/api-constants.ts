/** Points' constants and rules that the pages share with the server (no zod here: the pages load this file). */

/** Leaderboard columns (GET /points/wallets order_col). */
export const LEADERBOARD_COLUMNS = ['name', 'points_received', 'points_given', 'current_redeemable', 'allowance'] as const;
export type LeaderboardColumn = (typeof LEADERBOARD_COLUMNS)[number];
export type OrderDir = 'asc' | 'desc';

/** journeys.md §4: sorting toggles desc/asc on the same column; a new column starts desc. */
export function nextSort(current: { col: LeaderboardColumn; dir: OrderDir }, clicked: LeaderboardColumn): { col: LeaderboardColumn; dir: OrderDir } {
  if (current.col !== clicked) return { col: clicked, dir: 'desc' };
  return { col: clicked, dir: current.dir === 'desc' ? 'asc' : 'desc' };
}

/** Errors the gift-card switch reacts to (journeys.md §8). */
export const GIFT_CARD_ERRORS = { billing: 'redirect_to_billing', invoiced: 'invoiced' } as const;
