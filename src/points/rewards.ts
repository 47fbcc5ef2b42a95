import type { ExtrasBilling } from '../billing/public.js';
import type { AuthContext } from '../http/auth.js';
import type { OutboxRow } from '../db/types.js';
import { HttpError } from '../http/errors.js';
import type { DeliveryStatus } from '../outbox/reasons.js';
import { parse } from '../http/validate.js';
import { requireAccess, type AccessPolicy } from '../platform/access.js';
import { pointsProgramPolicy } from './access.js';
import { event } from '../platform/events/define.js';
import { GIFT_CARD_ERRORS, type GiftCardOption, type ListingJson, type RedeemAnswer, type RedemptionJson, type RedemptionsPage, type RewardsPageData, type RewardsProgramJson } from './api-types.js';
import { escapeMrkdwn } from '../slack/mrkdwn.js';
import { redemptionNotice } from './blocks.js';
import type { PointsDeps } from './deps.js';
import { redemptionFulfilled, rewardRedeemed } from './events.js';
import { GiftCardError, type GiftCardProvider } from './gift-cards.js';
import { DEFAULT_GIFT_CARD_OPTIONS, REWARD_PRESETS } from './presets.js';
import type { PointsRepository } from './repository.js';
import { dollarsFor } from './rules.js';
import { localDateOf } from './service.js';
import { listingBody, redeemBody, rewardsSettingsBody, type RedemptionsQuery } from './schema.js';
import type { Listing, PointsProgram, Redemption } from './tables.js';

export const REDEMPTIONS_PAGE_SIZE = 25;

/** The outbox keys of a redemption's two messages: the fulfilment channel's notice and the member's DM once fulfilled. */
const noticeKey = (redemptionId: number) => `redemption:${redemptionId}`;
const fulfilledKey = (redemptionId: number) => `redemption-fulfilled:${redemptionId}`;
const NOTICE_KIND = 'redemption_notice';

/** journeys.md §5: the words when the wallet is short. */
export const notEnoughPoints = (plural: string) => `You don't have enough ${plural} to redeem this.`;

/**
 * Whether the workspace may pay for gift cards: a payment method on file, invoiced billing (which must ask
 * support), or none (sent to billing). Billing owns the truth (BillingPublic.extrasBilling).
 */
export type GiftCardBilling = (workspaceId: number) => Promise<ExtrasBilling>;

export interface ListingInput {
  name?: string | undefined;
  short_description?: string | undefined;
  description?: string | undefined;
  points_cost?: number | undefined;
  quantity_available?: number | null | undefined;
  state?: 'active' | 'inactive' | undefined;
  is_gift_card?: boolean | undefined;
  preset_id?: string | null | undefined;
  image_url?: string | null | undefined;
  image_id?: string | null | undefined;
}

const giftCardOptionsOf = (p: PointsProgram): GiftCardOption[] => (p.gift_card_options.length ? p.gift_card_options : [...DEFAULT_GIFT_CARD_OPTIONS]);

/** Reward listings, redemptions (with gift cards through a provider) and the fulfilment channel. */
export class Rewards {
  constructor(
    private readonly s: PointsDeps,
    private readonly repo: PointsRepository,
    private readonly giftCards: GiftCardProvider,
    private readonly billing: GiftCardBilling,
  ) {
    // The redeemer was told the reward is theirs; if the fulfilment channel's notice fails (or is never confirmed),
    // nobody would know to hand it out, so they are told that too, with why.
    s.outbox.onFailed(NOTICE_KIND, (row, status) => this.noticeFailed(row, status));
  }

  private async noticeFailed(row: OutboxRow, status: DeliveryStatus): Promise<void> {
    const id = Number(/^redemption:(\d+)$/.exec(row.idempotency_key)?.[1]);
    const [redemption] = await this.repo.redemptions(row.workspace_id, { page: 1, perPage: 1, from: null, to: null, ids: [id] });
    const member = redemption && (await this.repo.member(row.workspace_id, redemption.member_id));
    if (!redemption || !member) return;
    const { channel } = row.payload as { channel: string };
    const text =
      status.label === 'Not confirmed'
        ? `Hearth couldn't confirm that the people who hand out rewards saw your request for *${escapeMrkdwn(redemption.listing_name)}* in <#${channel}>. If you hear nothing, ask an admin: your request is on Hearth's Rewards page.`
        : `Your request for *${escapeMrkdwn(redemption.listing_name)}* is recorded, but Hearth couldn't tell the people who hand out rewards in <#${channel}>. ${status.reason ?? ''} Ask an admin: your request is on Hearth's Rewards page.`;
    await this.s.outbox.enqueue([{ workspaceId: row.workspace_id, key: `redemption-notice-failed:${row.id}`, kind: 'redemption_notice_failed', method: 'dm.post', args: { users: [member.slack_user_id], text } }]);
  }

  readonly listingPolicy: AccessPolicy<Listing> = {
    load: (workspaceId, id) => this.repo.listing(workspaceId, id),
    canEdit: (auth) => auth.isAdmin,
    forbidden: 'Only workspace admins can change rewards',
  };

  readonly redemptionPolicy: AccessPolicy<Redemption> = {
    load: (workspaceId, id) => this.repo.redemption(workspaceId, id),
    canRead: (auth, r) => auth.isAdmin || r.member_id === auth.member.id,
    canEdit: (auth) => auth.isAdmin,
    forbidden: 'Only workspace admins can fulfil redemptions',
  };

  private listingJson(l: Listing, options: GiftCardOption[]): ListingJson {
    return {
      id: l.id,
      name: l.name,
      short_description: l.short_description,
      description: l.description,
      points_cost: l.points_cost,
      quantity_available: l.quantity_available,
      state: l.state,
      is_gift_card: l.is_gift_card,
      preset_id: l.preset_id,
      image_url: l.image_url,
      image_id: l.image_id,
      gift_card_options: l.is_gift_card ? options : [],
    };
  }

  /** Admins see every listing; members the active ones. */
  private async listingsFor(auth: AuthContext, program?: PointsProgram): Promise<ListingJson[]> {
    const p = program ?? (await this.repo.program(auth.workspace.id));
    const all = await this.repo.listings(auth.workspace.id);
    return all.filter((l) => auth.isAdmin || l.state === 'active').map((l) => this.listingJson(l, giftCardOptionsOf(p)));
  }

  private async programJson(workspaceId: number, p: PointsProgram): Promise<RewardsProgramJson> {
    const channelId = p.redemption_fulfillment_channel_id;
    const channel = channelId ? await this.s.channels.byId(workspaceId, channelId) : undefined;
    return {
      redemption_fulfillment_channel_id: channelId,
      redemption_fulfillment_channel_name: channel?.name ?? null,
      gift_card_options: giftCardOptionsOf(p),
      gift_cards_enabled: await this.repo.hasActiveGiftCard(workspaceId),
    };
  }

  async pageData(auth: AuthContext): Promise<RewardsPageData> {
    const program = await this.repo.program(auth.workspace.id);
    const wallet = await this.repo.wallet(auth.workspace.id, auth.member.id);
    return {
      listings: await this.listingsFor(auth, program),
      points_wallet: { current_redeemable: wallet.current_redeemable },
      points_name_plural: program.points_name_plural,
      rewards_program: await this.programJson(auth.workspace.id, program),
      presets: [...REWARD_PRESETS],
      is_admin: auth.isAdmin,
    };
  }

  /** Enabling gift cards (an active gift-card listing) needs a way to pay: journeys.md §6, §8. */
  private async checkGiftCardBilling(workspaceId: number): Promise<void> {
    const status = await this.billing(workspaceId);
    if (status === 'no_payment_method') throw new HttpError(402, GIFT_CARD_ERRORS.billing, undefined, { billing_path: '/billing/payment' });
    if (status === 'invoiced') throw new HttpError(403, GIFT_CARD_ERRORS.invoiced);
  }

  /** POST /rewards: a new listing, from scratch or from a preset (its fields are the defaults). */
  async create(auth: AuthContext, body: unknown): Promise<{ listing: ListingJson }> {
    await requireAccess(auth, pointsProgramPolicy, auth.workspace.id, 'edit');
    const input: ListingInput = parse(listingBody, body).listing;
    const preset = input.preset_id ? REWARD_PRESETS.find((p) => p.preset_id === input.preset_id) : undefined;
    if (input.preset_id && !preset) throw new HttpError(400, 'preset_id: is not a known preset', { preset_id: 'is not a known preset' });
    const name = input.name ?? preset?.name;
    if (!name) throw new HttpError(400, 'name: is required', { name: 'is required' });
    const isGiftCard = input.is_gift_card ?? preset?.is_gift_card ?? false;
    const state = input.state ?? 'active';
    if (isGiftCard && state === 'active') await this.checkGiftCardBilling(auth.workspace.id);
    const now = this.s.clock.now();
    const listing = await this.repo.createListing({
      workspace_id: auth.workspace.id,
      name,
      short_description: input.short_description ?? preset?.short_description ?? '',
      description: input.description ?? preset?.description ?? '',
      points_cost: isGiftCard ? 0 : (input.points_cost ?? preset?.points_cost ?? 0),
      quantity_available: input.quantity_available ?? null,
      state,
      is_gift_card: isGiftCard,
      preset_id: preset?.preset_id ?? null,
      image_url: input.image_url ?? preset?.image_url ?? null,
      image_id: input.image_id ?? null,
      created_at: now,
      updated_at: now,
    });
    return { listing: this.listingJson(listing, giftCardOptionsOf(await this.repo.program(auth.workspace.id))) };
  }

  /** PUT /rewards/{id}: change a listing; activating a gift card checks billing like creating one. */
  async update(auth: AuthContext, id: number, body: unknown): Promise<{ listing: ListingJson }> {
    const listing = await requireAccess(auth, this.listingPolicy, id, 'edit');
    const input: ListingInput = parse(listingBody, body).listing;
    const isGiftCard = input.is_gift_card ?? listing.is_gift_card;
    const state = input.state ?? listing.state;
    if (isGiftCard && state === 'active' && !(listing.is_gift_card && listing.state === 'active')) await this.checkGiftCardBilling(auth.workspace.id);
    const updated = await this.repo.updateListing(auth.workspace.id, listing.id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.short_description !== undefined ? { short_description: input.short_description } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.points_cost !== undefined && !isGiftCard ? { points_cost: input.points_cost } : {}),
      ...(input.quantity_available !== undefined ? { quantity_available: input.quantity_available } : {}),
      ...(input.image_url !== undefined ? { image_url: input.image_url } : {}),
      ...(input.image_id !== undefined ? { image_id: input.image_id } : {}),
      is_gift_card: isGiftCard,
      state,
      updated_at: this.s.clock.now(),
    });
    if (!updated) throw new HttpError(404, 'Not found');
    return { listing: this.listingJson(updated, giftCardOptionsOf(await this.repo.program(auth.workspace.id))) };
  }

  /**
   * POST /rewards/{id}/redeem. One transaction takes an item (if any are left) and the points (if the wallet
   * holds them), records the redemption and its ledger row and queues the fulfilment notice; both takes are
   * conditional updates, so racing redemptions never overdraw. A gift card is then ordered from the provider
   * (idempotent on the redemption); if that fails, the points and the item are given back.
   */
  async redeem(auth: AuthContext, id: number, body: unknown): Promise<RedeemAnswer> {
    const listing = await requireAccess(auth, this.listingPolicy, id, 'read');
    const input = parse(redeemBody, body);
    const ws = auth.workspace.id;
    const program = await this.repo.program(ws);
    const plural = program.points_name_plural;
    if (listing.state !== 'active') throw new HttpError(409, 'This reward is no longer available.');
    let cost = listing.points_cost;
    let dollars: number | null = null;
    if (listing.is_gift_card) {
      const options = giftCardOptionsOf(program);
      const points = input.gift_card_points_cost;
      const found = points === undefined ? undefined : dollarsFor(points, options);
      if (points === undefined || found === undefined)
        throw new HttpError(400, `gift_card_points_cost: choose one of ${options.map((o) => o.points).join(', ')}`, { gift_card_points_cost: 'is not one of the gift card options' });
      cost = points;
      dollars = found;
    }
    const member = await this.repo.member(ws, auth.member.id);
    if (!member) throw new HttpError(404, 'Not found');
    const now = this.s.clock.now();
    const localDate = localDateOf(now, member.tz);
    const redemption = await this.s.events.transaction(async (trx, emit) => {
      if (!(await this.repo.claimListing(trx, ws, listing.id, now))) throw new HttpError(409, 'This reward is no longer available.');
      const redemption = await this.repo.insertRedemption(trx, { workspaceId: ws, listingId: listing.id, memberId: member.id, pointsCost: cost, giftCardDollars: dollars, now });
      const debited = await this.repo.debit(trx, { workspaceId: ws, memberId: member.id, amount: cost, reason: 'redemption', sourceKey: `redemption:${redemption.id}`, redemptionId: redemption.id, localDate, note: listing.name, now });
      if (!debited) throw new HttpError(400, notEnoughPoints(plural), { points: notEnoughPoints(plural) });
      const channel = program.redemption_fulfillment_channel_id;
      if (channel) {
        const notice = redemptionNotice({ memberSlackId: member.slack_user_id, listing: listing.name, points: cost, plural, giftCard: dollars === null ? null : { dollars }, pagesUrl: this.s.config.publicUrl });
        await this.s.outbox.add(trx, [{ workspaceId: ws, key: noticeKey(redemption.id), kind: NOTICE_KIND, method: 'chat.postMessage', args: { channel, text: notice.text, blocks: notice.blocks, unfurl_links: false } }]);
      }
      emit(event(rewardRedeemed, ws, { redemptionId: redemption.id, listingId: listing.id, memberId: member.id, points: cost, giftCard: listing.is_gift_card }));
      return redemption;
    });

    let giftCardLink: string | null = null;
    if (listing.is_gift_card && dollars !== null) {
      try {
        const card = await this.giftCards.issue({ externalId: `hearth-redemption-${ws}-${redemption.id}`, recipient: { name: member.name, email: member.email }, dollars, currency: 'USD' });
        await this.repo.settleRedemption(ws, redemption.id, { state: 'fulfilled', giftCardLink: card.link, providerOrderId: card.orderId, fulfilledAt: this.s.clock.now() });
        giftCardLink = card.link;
      } catch (err) {
        if (!(err instanceof GiftCardError)) throw err;
        this.s.log.warn({ err, redemptionId: redemption.id, provider: this.giftCards.name }, 'points: gift card not issued; refunding');
        await this.repo.inTransaction(async (trx) => {
          await this.repo.credit(trx, { workspaceId: ws, memberId: member.id, delta: cost, reason: 'refund', sourceKey: `refund:${redemption.id}`, redemptionId: redemption.id, localDate, note: err.message, now: this.s.clock.now() });
          await this.repo.releaseListing(trx, ws, listing.id, this.s.clock.now());
          await this.repo.settleRedemption(ws, redemption.id, { state: 'failed' }, trx);
        });
        throw new HttpError(502, `The gift card could not be issued (${err.message}). Your ${plural} were returned.`);
      }
    }
    const wallet = await this.repo.wallet(ws, member.id);
    return { listings: await this.listingsFor(auth, program), points_wallet: { current_redeemable: wallet.current_redeemable }, gift_card_link: giftCardLink };
  }

  /** Redemptions as the pages read them, each with its messages' real delivery (read from the outbox). */
  private async redemptionsJson(ws: number, rows: Awaited<ReturnType<PointsRepository['redemptions']>>): Promise<RedemptionJson[]> {
    const deliveries = await this.s.outbox.deliveries(ws, rows.flatMap((r) => [noticeKey(r.id), fulfilledKey(r.id)]));
    return rows.map((r) => ({ ...this.redemptionJson(r), notice_delivery: deliveries.get(noticeKey(r.id)) ?? null, fulfilled_delivery: deliveries.get(fulfilledKey(r.id)) ?? null }));
  }

  private redemptionJson(r: Awaited<ReturnType<PointsRepository['redemptions']>>[number]): Omit<RedemptionJson, 'notice_delivery' | 'fulfilled_delivery'> {
    return {
      id: r.id,
      listing: { id: r.listing_id, name: r.listing_name, is_gift_card: r.is_gift_card },
      member: { id: r.member_id, name: r.member_name },
      points_cost: r.points_cost,
      gift_card_dollars: r.gift_card_dollars === null ? null : Number(r.gift_card_dollars),
      gift_card_link: r.gift_card_link,
      state: r.state,
      fulfiller: r.fulfiller_member_id && r.fulfiller_name ? { id: r.fulfiller_member_id, name: r.fulfiller_name } : null,
      fulfilled_at: r.fulfilled_at ? r.fulfilled_at.toISOString() : null,
      created_at: r.created_at.toISOString(),
    };
  }

  /** GET /rewards/redemptions/list: page, start_date, end_date (UTC days), newest first; admins see everyone's, a member their own. */
  async redemptions(auth: AuthContext, q: RedemptionsQuery): Promise<RedemptionsPage> {
    const rows = await this.repo.redemptions(auth.workspace.id, {
      ...(auth.isAdmin ? {} : { memberId: auth.member.id }),
      page: q.page,
      perPage: REDEMPTIONS_PAGE_SIZE,
      from: q.start_date ? new Date(`${q.start_date}T00:00:00Z`) : null,
      to: q.end_date ? new Date(`${q.end_date}T23:59:59.999Z`) : null,
    });
    return { list: await this.redemptionsJson(auth.workspace.id, rows.slice(0, REDEMPTIONS_PAGE_SIZE)), nextPage: rows.length > REDEMPTIONS_PAGE_SIZE ? q.page + 1 : null };
  }

  /** POST /rewards/redemptions/{id}/fulfill: records the fulfiller and the time, once; tells the member. */
  async fulfill(auth: AuthContext, id: number): Promise<{ redemption: RedemptionJson }> {
    const redemption = await requireAccess(auth, this.redemptionPolicy, id, 'edit');
    const ws = auth.workspace.id;
    await this.s.events.transaction(async (trx, emit) => {
      const done = await this.repo.fulfill(trx, ws, redemption.id, auth.member.id, this.s.clock.now());
      if (!done) {
        if (redemption.state === 'failed') throw new HttpError(409, 'This redemption failed and was refunded.');
        return;
      }
      emit(event(redemptionFulfilled, ws, { redemptionId: redemption.id, fulfillerId: auth.member.id }));
      const member = await this.repo.member(ws, redemption.member_id, trx);
      const listing = await this.repo.listing(ws, redemption.listing_id, trx);
      if (!member || !listing) return;
      await this.s.outbox.add(trx, [{ workspaceId: ws, key: fulfilledKey(redemption.id), kind: 'redemption_fulfilled', method: 'dm.post', args: { users: [member.slack_user_id], text: `:gift: Your reward *${listing.name}* is on its way. Enjoy!` } }]);
    });
    const rows = await this.repo.redemptions(ws, { page: 1, perPage: 1, from: null, to: null, ids: [redemption.id] });
    return { redemption: (await this.redemptionsJson(ws, rows))[0]! };
  }

  /** PUT /rewards/settings {rewards_program}: the fulfilment channel and the gift-card conversion. */
  async updateSettings(auth: AuthContext, body: unknown): Promise<{ rewards_program: RewardsProgramJson }> {
    await requireAccess(auth, pointsProgramPolicy, auth.workspace.id, 'edit');
    const input = parse(rewardsSettingsBody, body).rewards_program;
    if (input.redemption_fulfillment_channel_id) await this.s.channels.requireOwn(auth.workspace.id, 'redemption_fulfillment_channel_id', [input.redemption_fulfillment_channel_id]);
    const program = await this.repo.updateProgram(
      auth.workspace.id,
      {
        ...(input.redemption_fulfillment_channel_id !== undefined ? { redemption_fulfillment_channel_id: input.redemption_fulfillment_channel_id } : {}),
        ...(input.gift_card_options !== undefined ? { gift_card_options: JSON.stringify([...input.gift_card_options].sort((a, b) => a.points - b.points)) } : {}),
      },
      this.s.clock.now(),
    );
    return { rewards_program: await this.programJson(auth.workspace.id, program) };
  }

}
