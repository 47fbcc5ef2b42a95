import { BillingPublic } from '../billing/public.js';
import { defineCapability } from '../platform/capability.js';
import { needs } from './deps.js';
import { SandboxGiftCardProvider, TremendousProvider, type GiftCardProvider } from './gift-cards.js';
import { pointsListeners } from './listeners.js';
import { PointsRepository } from './repository.js';
import { Rewards } from './rewards.js';
import { pointsRoutes } from './routes.js';
import { EVENT_RULES, GROUP_EVENT } from './rules.js';
import { PointsService } from './service.js';
import { Shoutouts } from './shoutouts.js';
import { ShoutoutsSlack } from './slack-side.js';

/**
 * Points, shoutouts and rewards (journeys.md §1–§9): wallets and their ledger, earning from domain events (the
 * table in rules.ts), shoutouts from Slack (`/hearth shoutout`, a message shortcut, a modal), the leaderboard,
 * reward listings, redemptions and gift cards, and the member's Home tab section.
 */
export const pointsCapability = defineCapability({
  name: 'points',
  needs,
  setup(services) {
    const repo = new PointsRepository(services.db);
    const points = new PointsService(services, repo);
    const shoutouts = new Shoutouts(services, repo, points);
    const gc = services.config.giftCards;
    const provider: GiftCardProvider = gc ? new TremendousProvider(gc) : new SandboxGiftCardProvider(services.config.publicUrl);
    const payments = new BillingPublic(services.db, services.entitlements);
    const billing = (workspaceId: number) => payments.extrasBilling(workspaceId);
    const rewards = new Rewards(services, repo, provider, billing);
    const slack = new ShoutoutsSlack(services, repo, shoutouts);
    return {
      commands: [{ name: 'shoutout', usage: 'shoutout @someone 10 for … — thank a teammate with points', run: (ctx) => slack.command(ctx) }],
      home: { name: 'points', render: ({ workspace, member }) => points.homeBlocks(workspace, member) },
      routes: [pointsRoutes({ points, shoutouts, rewards })],
      listeners: [pointsListeners(slack, services.log)],
      dataExport: {
        tables: [
          { table: 'points_programs', description: "The workspace's points settings (names, limits, the fulfilment channel)." },
          { table: 'points_wallets', description: "Each member's balance.", refs: { member_id: 'members' } },
          { table: 'shoutouts', description: 'Shoutouts: who thanked whom, with how many points and where.', hasId: true, refs: { giver_member_id: 'members', recipient_member_id: 'members' }, onMemberErased: 'keep' },
          { table: 'reward_listings', description: 'Rewards members can redeem points for.', hasId: true },
          // A gift card's link is the card itself: it stays with the member who redeemed it.
          { table: 'reward_redemptions', description: 'Redemptions of rewards and their fulfilment.', hasId: true, refs: { listing_id: 'reward_listings', member_id: 'members', fulfiller_member_id: 'members' }, omit: ['gift_card_link'] },
          { table: 'points_ledger', description: 'Every change to a balance, with its reason.', hasId: true, refs: {
              member_id: 'members',
              actor_member_id: 'members',
              shoutout_id: 'shoutouts',
              redemption_id: 'reward_redemptions',
              // The idempotency key names the rows it paid for (rules.ts): their new ids, so that the imported
              // keys never stand in the way of a later award.
              source_key: [
                { table: 'shoutouts', pattern: '^shoutout:(\\d+)$' },
                { table: 'reward_redemptions', pattern: '^(?:redemption|refund):(\\d+)$' },
                { table: 'intros_meetings', pattern: '^intro_met:(\\d+):' },
                { table: 'members', pattern: '^(?:intro_met:\\d+|birthday:\\d{4}|anniversary:\\d{4}):(\\d+)$' },
                { table: 'members', pattern: '^bonus:(\\d+):' },
              ],
            },
            omit: ['event_id'],
          },
          { table: 'points_intro_groups', description: 'Who was in each intro group, so that meeting pays each member once.', refs: { meeting_id: 'intros_meetings', member_ids: { table: 'members', json: '[]' } } },
        ],
      },
      subscribers: [{ name: 'points.earn', events: [GROUP_EVENT, ...Object.values(EVENT_RULES).map((r) => r.event)], handle: (e, trx) => points.onEvent(e, trx) }],
    };
  },
});
