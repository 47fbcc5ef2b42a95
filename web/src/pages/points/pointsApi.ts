import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import type { announceBody, listingBody, pointsSettingsBody, redemptionsQuery, rewardsSettingsBody, walletBody, walletsQuery } from '../../../../src/points/schema';

/** The shapes of the points, shoutouts and rewards API: the server's own types. */
export type * from '../../../../src/points/api-types';
export { nextSort, GIFT_CARD_ERRORS } from '../../../../src/points/api-constants';
import type {
  PointsPageData,
  RedeemAnswer,
  RedemptionJson,
  RedemptionsPage,
  RewardsPageData,
  RewardsProgramJson,
  ListingJson,
  ShoutoutsPageData,
  ShoutoutsProgramJson,
  PointsProgramJson,
  WalletsPage,
} from '../../../../src/points/api-types';

/** Request shapes: the server's route schemas (type-only: no zod in the page). `page` is coerced there (input unknown): a number here. */
type Paged<T> = Omit<T, 'page'> & { page?: number };
export type WalletsQuery = Paged<z.input<typeof walletsQuery>>;
export type RedemptionsQuery = Paged<z.input<typeof redemptionsQuery>>;
type PointsSettings = z.input<typeof pointsSettingsBody>['points_program'];
type Listing = z.input<typeof listingBody>['listing'];
type RewardsSettings = z.input<typeof rewardsSettingsBody>['rewards_program'];

const pointsKey = ['points'] as const;
const walletsKey = (q: WalletsQuery) => [...pointsKey, 'wallets', q] as const;
const rewardsKey = ['rewards'] as const;
const allRedemptionsKey = [...rewardsKey, 'redemptions'] as const;
const redemptionsKey = (q: RedemptionsQuery) => [...allRedemptionsKey, q] as const;
const shoutoutsKey = ['shoutouts'] as const;

/** GET /points: the member's wallet and the program. */
export const pointsPageQuery = queryOptions({ queryKey: pointsKey, queryFn: () => api.get<PointsPageData>('/points', { toastOnError: false }) });

/** GET /points/wallets: a page of the leaderboard. */
export const walletsPageQuery = (q: WalletsQuery) =>
  queryOptions({ queryKey: walletsKey(q), queryFn: () => api.get<WalletsPage>('/points/wallets', { query: { ...q }, toastOnError: false }) });

/** GET /rewards: the listings, the member's wallet and (for admins) the rewards settings. */
export const rewardsPageQuery = queryOptions({ queryKey: rewardsKey, queryFn: () => api.get<RewardsPageData>('/rewards', { toastOnError: false }) });

/** GET /rewards/redemptions/list. */
export const redemptionsPageQuery = (q: RedemptionsQuery) =>
  queryOptions({ queryKey: redemptionsKey(q), queryFn: () => api.get<RedemptionsPage>('/rewards/redemptions/list', { query: q, toastOnError: false }) });

/** GET /shoutouts: the launch checklist and the latest shoutouts. */
export const shoutoutsPageQuery = queryOptions({ queryKey: shoutoutsKey, queryFn: () => api.get<ShoutoutsPageData>('/shoutouts', { toastOnError: false }) });

/** Refetches the points page and every leaderboard page. */
function useRefreshPoints() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: pointsKey });
}

/** Refetches the rewards page (listings, wallet, settings and redemptions). */
export function useRefreshRewards() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: rewardsKey });
}

/** PUT /points/settings; the points page is refetched. */
export function useSavePointsSettings() {
  const refresh = useRefreshPoints();
  return useMutation({
    mutationFn: (points_program: PointsSettings) => api.put<{ points_program: PointsProgramJson }>('/points/settings', { points_program }),
    onSuccess: refresh,
  });
}

/** A person's own monthly allowance (PUT /points/wallets/{id}; null: the default) and a bonus (POST /points/bonus), as one save. */
export function useSaveWallet() {
  const refresh = useRefreshPoints();
  return useMutation({
    mutationFn: async ({ memberId, allowance, bonus }: { memberId: number; allowance?: z.input<typeof walletBody>['allowance']; bonus?: { points: number; note: string } }) => {
      if (allowance !== undefined) await api.put(`/points/wallets/${memberId}`, { allowance });
      if (bonus) await api.post('/points/bonus', { member_id: memberId, points: bonus.points, note: bonus.note, request_id: crypto.randomUUID() });
    },
    onSuccess: refresh,
  });
}

/** POST /rewards or PUT /rewards/{id} (errors are the page's to show); the rewards page is refetched. */
export function useSaveListing() {
  const refresh = useRefreshRewards();
  return useMutation({
    mutationFn: ({ id, listing }: { id?: number; listing: Listing }) =>
      id === undefined ? api.post<{ listing: ListingJson }>('/rewards', { listing }, { toastOnError: false }) : api.put<{ listing: ListingJson }>(`/rewards/${id}`, { listing }, { toastOnError: false }),
    onSuccess: refresh,
  });
}

/** PUT /rewards/settings; the rewards page is refetched. */
export function useSaveRewardsSettings() {
  const refresh = useRefreshRewards();
  return useMutation({
    mutationFn: (rewards_program: RewardsSettings) => api.put<{ rewards_program: RewardsProgramJson }>('/rewards/settings', { rewards_program }),
    onSuccess: refresh,
  });
}

/** POST /rewards/{id}/redeem (a gift card with its points option); the answer's listings and wallet go into the cache. */
export function useRedeem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, giftCardPointsCost }: { id: number; giftCardPointsCost?: number }) =>
      api.post<RedeemAnswer>(`/rewards/${id}/redeem`, giftCardPointsCost === undefined ? {} : { gift_card_points_cost: giftCardPointsCost }, { toastOnError: false }),
    onSuccess: (answer) => client.setQueryData<RewardsPageData>(rewardsKey, (d) => (d ? { ...d, listings: answer.listings, points_wallet: answer.points_wallet } : d)),
  });
}

/** POST /rewards/redemptions/{id}/fulfill; the redemptions are refetched. */
export function useFulfill() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ redemption: RedemptionJson }>(`/rewards/redemptions/${id}/fulfill`),
    onSuccess: () => void client.invalidateQueries({ queryKey: allRedemptionsKey }),
  });
}

/** POST /intercom_tickets: asks support (the gift-card cases of journeys.md §8). */
export function useSupportTicket() {
  return useMutation({ mutationFn: ({ kind, message }: { kind: string; message: string }) => api.post('/intercom_tickets', { kind, message }, { toastOnError: false }) });
}

/** POST /shoutouts/activate, or /shoutouts/announce with channels and text; the answer's program goes into the cache. */
export function useShoutoutsLaunch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (announce: z.input<typeof announceBody> | null) =>
      announce
        ? api.post<{ program: ShoutoutsProgramJson }>('/shoutouts/announce', announce, { toastOnError: false })
        : api.post<{ program: ShoutoutsProgramJson }>('/shoutouts/activate', undefined, { toastOnError: false }),
    onSuccess: ({ program }) => client.setQueryData<ShoutoutsPageData>(shoutoutsKey, (d) => (d ? { ...d, program } : d)),
  });
}
