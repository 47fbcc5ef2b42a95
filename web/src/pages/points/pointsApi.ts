import { api } from '../../api/client';

/** The shapes of the points, shoutouts and rewards API: the server's own types. */
export type * from '../../../../src/points/api-types';
export { nextSort, LEADERBOARD_COLUMNS, GIFT_CARD_ERRORS } from '../../../../src/points/api-constants';
import type {
  LeaderboardColumn,
  OrderDir,
  PointsPageData,
  PointsProgramJson,
  RedeemAnswer,
  RedemptionJson,
  RedemptionsPage,
  RewardsPageData,
  RewardsProgramJson,
  ListingJson,
  ShoutoutsPageData,
  ShoutoutsProgramJson,
  WalletsPage,
} from '../../../../src/points/api-types';

export const pointsKey = ['points'] as const;
export const walletsKey = (q: object) => ['points', 'wallets', q] as const;
export const rewardsKey = ['rewards'] as const;
export const redemptionsKey = (q: object) => ['rewards', 'redemptions', q] as const;
export const shoutoutsKey = ['shoutouts'] as const;

export interface WalletsQuery {
  page: number;
  order_col: LeaderboardColumn;
  order_dir: OrderDir;
  page_view_key: string;
  start_date?: string;
  end_date?: string;
  user_search: string;
  for_people_page: boolean;
}

export const pointsApi = {
  page: () => api.get<PointsPageData>('/points', { toastOnError: false }),
  wallets: (q: WalletsQuery) => api.get<WalletsPage>('/points/wallets', { query: { ...q }, toastOnError: false }),
  saveSettings: (points_program: Partial<Omit<PointsProgramJson, 'rules'>> & { rules?: Record<string, number> }) => api.put<{ points_program: PointsProgramJson }>('/points/settings', { points_program }),
  bonus: (member_id: number, points: number, note: string) => api.post('/points/bonus', { member_id, points, note, request_id: crypto.randomUUID() }),
  setAllowance: (id: number, allowance: number | null) => api.put(`/points/wallets/${id}`, { allowance }),

  rewards: () => api.get<RewardsPageData>('/rewards', { toastOnError: false }),
  createListing: (listing: Partial<ListingJson>, opts: { toastOnError?: boolean } = {}) => api.post<{ listing: ListingJson }>('/rewards', { listing }, opts),
  updateListing: (id: number, listing: Partial<ListingJson>, opts: { toastOnError?: boolean } = {}) => api.put<{ listing: ListingJson }>(`/rewards/${id}`, { listing }, opts),
  redeem: (id: number, gift_card_points_cost?: number) =>
    api.post<RedeemAnswer>(`/rewards/${id}/redeem`, gift_card_points_cost === undefined ? {} : { gift_card_points_cost }, { toastOnError: false }),
  redemptions: (q: { page: number; start_date?: string; end_date?: string }) => api.get<RedemptionsPage>('/rewards/redemptions/list', { query: q, toastOnError: false }),
  fulfill: (id: number) => api.post<{ redemption: RedemptionJson }>(`/rewards/redemptions/${id}/fulfill`),
  saveRewardsSettings: (rewards_program: Partial<RewardsProgramJson>) => api.put<{ rewards_program: RewardsProgramJson }>('/rewards/settings', { rewards_program }),
  ticket: (kind: string, message: string) => api.post('/intercom_tickets', { kind, message }, { toastOnError: false }),

  shoutouts: () => api.get<ShoutoutsPageData>('/shoutouts', { toastOnError: false }),
  activate: () => api.post<{ program: ShoutoutsProgramJson }>('/shoutouts/activate', undefined, { toastOnError: false }),
  announce: (channels: string[], text: string) => api.post<{ program: ShoutoutsProgramJson }>('/shoutouts/announce', { channels, text }, { toastOnError: false }),
};
